import { expect, test, vi } from 'vitest';
import { DEFAULT_LOCALE, LOCALE_PATTERN, SUPPORTED_LOCALES, looksLikeLocale, parseLocale, parseLocaleOrDefault, textDirection, toBcp47 } from '#src/i18n/locales';

test('the supported list holds 55 codes (SPEC: about 48) and the default is en', () => {
  expect(SUPPORTED_LOCALES.length).toBe(55);
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
  ['fa', 'rtl'],
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
  ['FR', true],
  ['pt-BR', true],
  ['es-419', true],
  ['e', false],
  ['fr-', false],
  ['fr-abcde', false],
  ['fr_ca', false],
])('the path segment %s looks like a locale: %s', (segment, expected) => {
  expect(looksLikeLocale(segment)).toBe(expected);
});

test.each([
  ['en', true],
  ['pt-br', true],
  ['es-419', true],
  ['zh-hant', true],
  ['fil', true],
  ['pt-BR', false],
  ['EN', false],
  ['engl', false],
  ['en-', false],
  ['en-toolong', false],
])('%s has the shape of a locale code as addresses and content folders write it: %s', (code, expected) => {
  expect(LOCALE_PATTERN.test(code)).toBe(expected);
});

test('at request time an unsupported code is served as English, with one console warning however often it is asked for', async () => {
  const { formatMessage, messagesFor } = await import('#src/i18n/translate');
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    for (let i = 0; i < 3; i++) expect(formatMessage('xq', messagesFor('xq'), 'contacts.title')).toBe('Contact us');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('"xq"');
    expect(messagesFor('fr')).not.toBe(messagesFor('xq'));
  } finally {
    warn.mockRestore();
  }
});

test('docs/locales.md lists exactly the supported locales, with their count and direction', async () => {
  const { readFileSync } = await import('node:fs');
  const doc = readFileSync(new URL('../../../docs/locales.md', import.meta.url), 'utf8');
  const rows = [...doc.matchAll(/^\| `([a-z0-9-]+)` \| .* \| (right to left|left to right) \|$/gm)];
  expect(rows.map((row) => row[1])).toEqual([...SUPPORTED_LOCALES]);
  for (const [, code, direction] of rows) expect(direction, code).toBe(textDirection(code!) === 'rtl' ? 'right to left' : 'left to right');
  expect(doc).toContain(`one of the ${SUPPORTED_LOCALES.length} codes below`);
});
