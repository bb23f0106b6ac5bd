import { describe, expect, test } from 'vitest';
import { dateTimeFormat, languageNames, listFormat, numberFormat, pluralRules } from '#src/i18n/intl';

describe('Intl formatters are made once per tag and options', () => {
  test.each([
    ['date', () => dateTimeFormat('fr', { dateStyle: 'long', timeZone: 'UTC' }), () => dateTimeFormat('fr', { dateStyle: 'long', timeZone: 'UTC' }), () => dateTimeFormat('fr', { dateStyle: 'long', timeZone: 'Europe/Paris' })],
    ['number', () => numberFormat('de'), () => numberFormat('de'), () => numberFormat('de', { style: 'unit', unit: 'megabyte' })],
    ['plural', () => pluralRules('ar'), () => pluralRules('ar'), () => pluralRules('en')],
    ['language names', () => languageNames('nl'), () => languageNames('nl'), () => languageNames('nl-BE')],
    ['list', () => listFormat('en', { type: 'unit' }), () => listFormat('en', { type: 'unit' }), () => listFormat('en', { type: 'conjunction' })],
  ])('%s: the same arguments give the same formatter, other ones another', (_kind, first, again, other) => {
    expect(again()).toBe(first());
    expect(other()).not.toBe(first());
  });

  test('a kept formatter formats as a new one would', () => {
    const date = new Date(Date.UTC(2026, 9, 2));
    expect(dateTimeFormat('fr', { dateStyle: 'long', timeZone: 'UTC' }).format(date)).toBe(new Intl.DateTimeFormat('fr', { dateStyle: 'long', timeZone: 'UTC' }).format(date));
    expect(dateTimeFormat('fr', { dateStyle: 'long', timeZone: 'UTC' }).format(date)).toBe('2 octobre 2026');
  });
});
