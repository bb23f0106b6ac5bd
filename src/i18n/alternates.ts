/**
 * hreflang alternates (docs/spec-coverage.md section 2): one link per language the page exists in, sorted by
 * code, plus x-default pointing at English when the page exists in English, else at the
 * newsroom's default language.
 */
import { toBcp47 } from './locales';

export interface Alternate {
  readonly hreflang: string;
  readonly href: string;
}

export function buildAlternates(pages: readonly { code: string; href: string }[], defaultLocale: string): Alternate[] {
  const sorted = [...pages].sort((a, b) => a.code.localeCompare(b.code));
  const xDefault = sorted.find((page) => page.code === 'en') ?? sorted.find((page) => page.code === defaultLocale);
  const alternates = sorted.map((page) => ({ hreflang: toBcp47(page.code), href: page.href }));
  return xDefault ? [...alternates, { hreflang: 'x-default', href: xDefault.href }] : alternates;
}
