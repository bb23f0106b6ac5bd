import { expect, test, vi } from 'vitest';
import en from '#src/i18n/messages/en.json';
import { SUPPORTED_LOCALES } from '#src/i18n/locales';
import { CATALOGUES, formatDate, formatMessage, messagesFor, type MessageId } from '#src/i18n/translate';

const ids = Object.keys(en).sort();

test.each(Object.keys(CATALOGUES))('the %s catalogue has exactly the English message ids, none empty', (locale) => {
  const catalogue = CATALOGUES[locale]!;
  expect(Object.keys(catalogue).sort()).toEqual(ids);
  for (const id of ids) expect(catalogue[id as MessageId].trim()).not.toBe('');
});

test.each(Object.keys(CATALOGUES))('the %s catalogue keeps every {argument} of the English text', (locale) => {
  const catalogue = CATALOGUES[locale]!;
  for (const id of ids as MessageId[]) {
    const args = (text: string) => [...text.matchAll(/\{(\w+)[,}]/g)].map((match) => match[1]).sort();
    expect(args(catalogue[id]), `${locale} ${id}`).toEqual(args(en[id]));
  }
});

test('the spec’s form and error messages are quoted exactly', () => {
  expect(en['form.error.required']).toBe('This field is required');
  expect(en['form.error.invalid_email']).toBe('Introduce a valid email address');
  expect(en['form.error.failed']).toBe('Something went wrong. Please try submitting the form again');
  expect(en['homepage.latest_stories']).toBe('Latest stories');
  expect(en['homepage.all_stories']).toBe('All stories');
  expect(en['contacts.title']).toBe('Contact us');
  expect(en['error.not_found.title'].startsWith('The page you’re looking for doesn’t exist...')).toBe(true);
  expect(en['error.server.title'].startsWith('Something went wrong...')).toBe(true);
});

test.each([
  ['en', 1, '1 image'],
  ['en', 12, '12 images'],
  ['fr', 0, '0 image'],
  ['fr', 2, '2 images'],
  ['nl', 1, '1 afbeelding'],
  ['ar', 2, 'صورتان'],
  ['ar', 1, 'صورة واحدة'],
])('in %s, %i images reads "%s"', (locale, count, expected) => {
  expect(formatMessage(locale, messagesFor(locale), 'story.images_count', { count })).toBe(expected);
});

test('arguments are filled in and a language without a catalogue reads English', () => {
  // Swahili is not a supported locale: English, with a warning (SPEC section 5).
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  expect(formatMessage('sw', messagesFor('sw'), 'boilerplate.about', { name: 'Acme' })).toBe('About Acme');
  expect(warn).toHaveBeenCalledOnce();
  expect(formatMessage('fr-ca', messagesFor('fr-ca'), 'boilerplate.about', { name: 'Acme' })).toBe('À propos de Acme');
});

test.each([
  ['en', 1_772_578_800, 'UTC', 'March 3, 2026'],
  ['en', 1_772_578_800, 'Pacific/Kiritimati', 'March 4, 2026'],
  ['fr', 1_772_578_800, 'Europe/Paris', '4 mars 2026'],
  ['nl', 1_772_578_800, 'America/Los_Angeles', '3 maart 2026'],
])('in %s, %i seconds in %s is shown as %s', (locale, seconds, zone, expected) => {
  expect(formatDate(locale, seconds, zone)).toBe(expected);
});

test.each(SUPPORTED_LOCALES.filter((locale) => !locale.startsWith('en')))('%s is served by a catalogue of its own language, not English', (locale) => {
  expect(messagesFor(locale)).not.toBe(CATALOGUES.en);
});

const PLURAL_MESSAGE = /\{(\w+),\s*plural,\s*((?:[^{}]*\{[^{}]*\})+)\s*\}/g;

test.each(Object.keys(CATALOGUES))('every plural message of %s has a branch for each of its plural categories', (locale) => {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  for (const [id, text] of Object.entries(CATALOGUES[locale]!)) {
    for (const [, , body] of text.matchAll(PLURAL_MESSAGE)) {
      const branches = [...body!.matchAll(/(=\d+|zero|one|two|few|many|other)\s*\{/g)].map((match) => match[1]);
      for (const category of categories) expect(branches, `${locale} ${id}`).toContain(category);
    }
  }
});
