/**
 * Supported locale codes, parsing and text direction (docs/spec-coverage.md sections 5 and 9). A newsroom
 * enables a subset of these; URLs carry the lower-case code as their first segment, except for the
 * newsroom's default language.
 */
import { languageNames } from './intl';

export const DEFAULT_LOCALE = 'en';

/** Every language the site can be served in: 55 codes (docs/locales.md; docs/spec-coverage.md section 5). */
export const SUPPORTED_LOCALES = [
  'ar', 'bg', 'bs', 'ca', 'cs', 'cy', 'da', 'de', 'el', 'en', 'en-gb', 'en-us', 'es', 'es-419', 'et',
  'eu', 'fa', 'fi', 'fil', 'fr', 'fr-ca', 'ga', 'gl', 'he', 'hi', 'hr', 'hu', 'id', 'is', 'it', 'ja',
  'ko', 'lt', 'lv', 'ms', 'nb', 'nl', 'nl-be', 'pl', 'pt', 'pt-br', 'ro', 'ru', 'sk', 'sl', 'sr',
  'sv', 'th', 'tr', 'uk', 'ur', 'vi', 'zh', 'zh-hk', 'zh-tw',
] as const;

const SUPPORTED = new Set<string>(SUPPORTED_LOCALES);
/**
 * Languages written right to left: the spec names ar, he and ur (docs/spec-coverage.md section 9); fa (Persian, Arabic script) is in
 * the supported list too and is written right to left as well (docs/spec-coverage.md).
 */
const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ur']);

/**
 * The shape of a locale code (SPEC section 5), lower case as addresses, sitemap names and content
 * folders write it: 2-3 letters, optionally a dash and 1-4 alphanumerics (`pt-br`, `es-419`).
 * The only spelling of that rule: patterns that hold a locale are built from these sources.
 */
export const LOCALE_REGION_SOURCE = '(?:-[a-z0-9]{1,4})?';
export const LOCALE_SOURCE = `[a-z]{2,3}${LOCALE_REGION_SOURCE}`;
export const LOCALE_PATTERN = new RegExp(`^${LOCALE_SOURCE}$`);

export class InvalidLocaleError extends Error {
  override readonly name = 'InvalidLocaleError';
}

/** Does this path segment look like a locale code (whether or not we support it)? */
export function looksLikeLocale(segment: string): boolean {
  return LOCALE_PATTERN.test(segment.toLowerCase());
}

/** Normalises a code (`fr-CA`, `fr_ca`) to our lower-case form, or throws InvalidLocaleError. */
export function parseLocale(code: string): string {
  const normalised = code.trim().replace('_', '-').toLowerCase();
  if (!LOCALE_PATTERN.test(normalised)) throw new InvalidLocaleError(`Invalid locale code: "${code}"`);
  if (!SUPPORTED.has(normalised)) throw new InvalidLocaleError(`Unsupported locale code: "${code}"`);
  return normalised;
}

/** Like parseLocale, but an unsupported or invalid code falls back to English with a warning. */
export function parseLocaleOrDefault(code: string): string {
  try {
    return parseLocale(code);
  } catch (error) {
    console.warn(`${(error as Error).message}; falling back to "${DEFAULT_LOCALE}"`);
    return DEFAULT_LOCALE;
  }
}

const warnedLocales = new Set<string>();

/**
 * A locale to serve text in: the code itself when supported, else English, with one console
 * warning per code (a page renders many messages; one warning says it all).
 */
export function servedLocale(code: string): string {
  if (SUPPORTED.has(code)) return code;
  if (warnedLocales.has(code)) return DEFAULT_LOCALE;
  warnedLocales.add(code);
  return parseLocaleOrDefault(code);
}

export function isSupportedLocale(code: string): boolean {
  return SUPPORTED.has(code);
}

/** The language part of a locale code: `fr-ca` → `fr`. */
export function languageOf(locale: string): string {
  return locale.split('-')[0] ?? locale;
}

export function textDirection(locale: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.has(languageOf(locale)) ? 'rtl' : 'ltr';
}

/** BCP 47 form for `lang`, hreflang and Intl: `pt-br` → `pt-BR`, `es-419` stays. */
export function toBcp47(locale: string): string {
  const [language, region] = locale.split('-');
  if (!region) return locale;
  return region.length === 2 ? `${language}-${region.toUpperCase()}` : `${language}-${region}`;
}

/** Open Graph wants `fr_FR`-style locales; a bare language gets its own upper-cased region. */
export function toOpenGraphLocale(locale: string): string {
  const [language, region] = locale.split('-');
  return `${language}_${(region && region.length === 2 ? region : language === 'en' ? 'us' : language ?? '').toUpperCase()}`;
}

const nativeNames = new Map<string, string>();

/** The language's own name for itself ("Français"), for language switchers; asked of Intl once per code. */
export function nativeLanguageName(locale: string): string {
  let label = nativeNames.get(locale);
  if (label === undefined) {
    label = locale.toUpperCase();
    try {
      const tag = toBcp47(locale);
      const name = languageNames(tag).of(tag);
      if (name) label = name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
    } catch {
      // Intl without the data for this locale: the code is still a usable label.
    }
    // Only codes a page asked for: the supported locales, a bounded set.
    if (nativeNames.size < 256) nativeNames.set(locale, label);
  }
  return label;
}
