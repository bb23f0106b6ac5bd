/**
 * hreflang alternates (docs/spec-coverage.md section 2): one link per language the page exists in, sorted by
 * code, plus x-default pointing at English when the page exists in any English (`en`, `en-gb`,
 * `en-us` …), else at the newsroom's default language.
 */
import { languageOf, toBcp47 } from './locales';

export interface Alternate {
  readonly hreflang: string;
  readonly href: string;
}

export function buildAlternates(pages: readonly { code: string; href: string }[], defaultLocale: string): Alternate[] {
  const sorted = [...pages].sort((a, b) => a.code.localeCompare(b.code));
  const xDefault = englishPage(sorted, defaultLocale) ?? sorted.find((page) => page.code === defaultLocale);
  const alternates = sorted.map((page) => ({ hreflang: toBcp47(page.code), href: page.href }));
  return xDefault ? [...alternates, { hreflang: 'x-default', href: xDefault.href }] : alternates;
}

/** Plain `en` first, then the default language if it is an English, then the first English by code. */
function englishPage<T extends { code: string }>(sorted: readonly T[], defaultLocale: string): T | undefined {
  const english = sorted.filter((page) => languageOf(page.code) === 'en');
  return english.find((page) => page.code === 'en') ?? english.find((page) => page.code === defaultLocale) ?? english[0];
}
