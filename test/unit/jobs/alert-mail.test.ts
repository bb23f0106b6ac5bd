// The alert a subscriber gets when a story goes live (src/jobs/alert-mail.ts).
import { expect, test } from 'vitest';
import type { CompanyInformation } from '#src/domain/newsroom';
import type { SiteContext } from '#src/domain/ports';
import type { AlertRecipient, AnnouncedStory } from '#src/domain/publishing-ports';
import { alertMail } from '#src/jobs/alert-mail';
import { company, NEWSROOM_UUID, testSite } from './site-fixture';

function site(companies: Record<string, CompanyInformation> = { en: company('Acme Energy'), fr: company('Acme Énergie') }): SiteContext {
  return testSite({ companies }, { timezone: 'Europe/Amsterdam' });
}

function story(overrides: Partial<AnnouncedStory> = {}): AnnouncedStory {
  return {
    uuid: 'story-uuid-1',
    slug: 'wind-farm-opens',
    locale: 'en',
    title: 'Wind farm opens',
    summary: 'The Dogger Ridge wind farm delivers its first power.',
    category_ids: [1],
    is_public: true,
    ...overrides,
  };
}

const recipient: AlertRecipient = { id: 42, email: 'reader@example.org', token: 'unsub-token-42' };
const UNSUBSCRIBE = `https://news.acme.example/en/newsroom/${NEWSROOM_UUID}/unsubscribe/unsub-token-42`;

test('the alert goes to the recipient, its subject is the title, its body the summary, the story link and the unsubscribe link', () => {
  const mail = alertMail(site(), story(), recipient);
  expect(mail.to).toEqual({ email: 'reader@example.org' });
  expect(mail.subject).toBe('Wind farm opens');
  expect(mail.text).toBe(
    [
      'The Dogger Ridge wind farm delivers its first power.',
      'Read the story: https://news.acme.example/wind-farm-opens',
      `You receive this email because you subscribed to the news of Acme Energy.\nUnsubscribe: ${UNSUBSCRIBE}`,
    ].join('\n\n'),
  );
});

test('the mail carries RFC 8058 one-click unsubscribe headers pointing at the same unsubscribe address', () => {
  const mail = alertMail(site(), story(), recipient);
  expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${UNSUBSCRIBE}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  expect(mail.text).toContain(UNSUBSCRIBE);
});

test('the story link is absolute on the newsroom url, whatever host the worker runs on', () => {
  const mail = alertMail(site(), story(), recipient);
  const links = mail.text.match(/https?:\/\/\S+/g)!;
  expect(links).toEqual(['https://news.acme.example/wind-farm-opens', UNSUBSCRIBE]);
  for (const link of links) expect(new URL(link).origin).toBe('https://news.acme.example');
});

test.each([
  ['empty', ''],
  ['only whitespace', '  \n\t '],
])('a story whose summary is %s gives a body without leading blank lines', (_case, summary) => {
  const mail = alertMail(site(), story({ summary }), recipient);
  expect(mail.text.startsWith('Read the story: https://news.acme.example/wind-farm-opens\n\n')).toBe(true);
  expect(mail.text).not.toMatch(/^\s/);
  expect(mail.text).not.toContain('\n\n\n');
});

test('a summary with surrounding whitespace is trimmed', () => {
  const mail = alertMail(site(), story({ summary: '\n  First power.  \n' }), recipient);
  expect(mail.text.startsWith('First power.\n\nRead the story:')).toBe(true);
});

test('a French story gets a French mail, with the French company name and a French unsubscribe address', () => {
  const mail = alertMail(site(), story({ slug: 'parc-eolien', locale: 'fr', title: 'Le parc éolien ouvre', summary: 'Premier courant.' }), recipient);
  expect(mail.subject).toBe('Le parc éolien ouvre');
  const unsubscribe = `https://news.acme.example/fr/newsroom/${NEWSROOM_UUID}/unsubscribe/unsub-token-42`;
  expect(mail.text).toBe(
    [
      'Premier courant.',
      'Lire l’actualité : https://news.acme.example/parc-eolien',
      `Vous recevez cet e-mail car vous êtes abonné aux actualités de Acme Énergie.\nSe désabonner : ${unsubscribe}`,
    ].join('\n\n'),
  );
  expect(mail.headers?.['List-Unsubscribe']).toBe(`<${unsubscribe}>`);
  expect(mail.text).not.toContain('Read the story');
});

test('without company information in the story language the default language’s company signs the mail, as the site’s header names it', () => {
  const mail = alertMail(site({ en: company('Acme Energy') }), story({ locale: 'fr', slug: 'parc-eolien' }), recipient);
  expect(mail.text).toContain('abonné aux actualités de Acme Energy.');
});

test('without any company information the newsroom’s display name signs the mail', () => {
  const mail = alertMail(site({}), story({ locale: 'fr', slug: 'parc-eolien' }), recipient);
  expect(mail.text).toContain('abonné aux actualités de Acme Newsroom.');
});

test('slugs and tokens are percent-encoded in the links', () => {
  const mail = alertMail(site(), story({ slug: 'été 2027' }), { id: 1, email: 'a@example.org', token: 'a/b c' });
  expect(mail.text).toContain('https://news.acme.example/%C3%A9t%C3%A9%202027');
  expect(mail.headers?.['List-Unsubscribe']).toBe(`<https://news.acme.example/en/newsroom/${NEWSROOM_UUID}/unsubscribe/a%2Fb%20c>`);
});

test('names, titles and summaries are used as written: braces and dollar signs are not template syntax', () => {
  const mail = alertMail(site({ en: company('Acme $& {unsubscribe} Co') }), story({ title: 'Price: $1 {link}', summary: 'Up {count} and $& more.' }), recipient);
  expect(mail.subject).toBe('Price: $1 {link}');
  expect(mail.text.startsWith('Up {count} and $& more.\n\n')).toBe(true);
  expect(mail.text).toContain('subscribed to the news of Acme $& {unsubscribe} Co.\nUnsubscribe: https://');
});
