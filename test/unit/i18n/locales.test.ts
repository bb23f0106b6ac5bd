import { expect, test, vi } from 'vitest';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, looksLikeLocale, parseLocale, parseLocaleOrDefault, textDirection, toBcp47 } from '#src/i18n/locales';

test('the supported list holds about 48 codes and the default is en', () => {
  expect(SUPPORTED_LOCALES.length).toBeGreaterThanOrEqual(45);
  expect(SUPPORTED_LOCALES.length).toBeLessThanOrEqual(60);
  expect(DEFAULT_LOCALE).toBe('en');
});

test.each([
  ['en', 'en'],
  ['fr', 'fr'],
  ['pt-BR', 'pt-br'],
  ['es_419', 'es-419'],
  ['fil', 'fil'],
  ['zh-TW', 'zh-tw'],
])('%s parses as %s', (input, expected) => {
  expect(parseLocale(input)).toBe(expected);
});

test.each(['', 'e', 'english', 'en-', 'en-toolong', '12', 'en_us_x', 'fr-ca-x'])('%s is not a locale code', (input) => {
  expect(() => parseLocale(input)).toThrow(/Invalid locale code/);
});

test.each(['xx', 'tlh', 'en-zz'])('%s is well-formed but unsupported', (input) => {
  expect(() => parseLocale(input)).toThrow(/Unsupported locale code/);
});

test('an unsupported locale falls back to English with a console warning', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  expect(parseLocaleOrDefault('xx')).toBe('en');
  expect(warn).toHaveBeenCalledTimes(1);
  expect(String(warn.mock.calls[0]![0])).toContain('xx');
});

test.each([
  ['ar', 'rtl'],
  ['he', 'rtl'],
  ['ur', 'rtl'],
  ['fa', 'ltr'],
  ['en', 'ltr'],
  ['fr-ca', 'ltr'],
])('%s is written %s', (locale, direction) => {
  expect(textDirection(locale)).toBe(direction);
});

test.each([
  ['en', 'en'],
  ['pt-br', 'pt-BR'],
  ['es-419', 'es-419'],
])('%s in BCP 47 is %s', (locale, expected) => {
  expect(toBcp47(locale)).toBe(expected);
});

test.each([
  ['fr', true],
  ['zh-hant', true],
  ['category', false],
  ['my-story-slug', false],
  ['api', true],
])('the path segment %s looks like a locale: %s', (segment, expected) => {
  expect(looksLikeLocale(segment)).toBe(expected);
});
