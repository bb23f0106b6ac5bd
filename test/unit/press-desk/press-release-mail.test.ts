// The mail a journalist gets with a release under embargo (src/press-desk/press-release-mail.ts), and
// which translation it is about (src/domain/distribution.ts storyForJournalist).
import { expect, test } from 'vitest';
import type { Contact } from '#src/domain/contact';
import { storyForJournalist, type DistributedGroup, type DistributedStory, type PressSite } from '#src/domain/distribution';
import { pressReleaseMail, type PressReleaseMailInput } from '#src/press-desk/press-release-mail';

const ORIGIN = 'https://news.acme.example';
/** 2026-12-05 09:00 UTC. */
const RELEASE = Date.UTC(2026, 11, 5, 9, 0) / 1000;

function contact(key: string, overrides: Partial<Contact> = {}): Contact {
  return { key, name: `Contact ${key}`, description: '', company: '', email: null, phone: null, mobile: null, website: null, avatar: null, locales: ['en'], ...overrides };
}

const SITE: PressSite = {
  newsroom: { uuid: '11111111-2222-4333-8444-555555555555', url: ORIGIN, display_name: 'Acme Newsroom', timezone: 'Europe/Amsterdam' },
  languages: [
    { code: 'en', is_default: true, public_stories_count: 3 },
    { code: 'fr', is_default: false, public_stories_count: 2 },
  ],
  companies: { en: { name: 'Acme Energy' }, fr: { name: 'Acme Énergie' } },
  contacts: [
    contact('jane', { name: 'Jane Press', description: 'Head of PR', company: 'Acme', email: 'jane@acme.example', phone: '+1 555 0101', locales: ['en', 'fr'] }),
    contact('marc', { name: 'Marc Presse', email: 'marc@acme.example', mobile: '+33 6 00 00 00 00', locales: ['fr'] }),
  ],
};

function story(overrides: Partial<DistributedStory> = {}): DistributedStory {
  return { uuid: 'story-en', slug: 'wind-farm', locale: 'en', title: 'Wind farm', summary: 'First power in 2030.', status: 'embargo', visibility: 'embargo', published_at: RELEASE, contact_keys: [], ...overrides };
}

function mail(overrides: Partial<PressReleaseMailInput> = {}) {
  return pressReleaseMail({ site: SITE, origin: ORIGIN, story: story(), journalist: { email: 'omar@gulfnews.example', name: 'Omar Haddad', timeZone: null }, linkToken: 'rLINK', leaveToken: 'LEAVE', ...overrides });
}

/** Intl writes narrow no-break spaces in some times ("1:00 PM"): read as spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

test('the mail goes to the journalist alone, with their own link and the embargo, and names nobody else', () => {
  const message = mail();
  expect(message.to).toEqual({ email: 'omar@gulfnews.example', name: 'Omar Haddad' });
  expect(message.subject).toBe('Under embargo: Wind farm');
  expect(plain(message.text)).toBe(
    [
      'Hello Omar Haddad,',
      'First power in 2030.',
      'Your own link to the story (please do not forward it): https://news.acme.example/s/rLINK\nAll releases shared with you, with calendar files: https://news.acme.example/press/LEAVE',
      'Embargo until December 5, 2026 10:00 AM Central European Standard Time\nThis story is shared with you ahead of its release. Do not publish it or share its content before the embargo ends.',
      'Media contacts\nJane Press, Head of PR, Acme\nEmail: jane@acme.example\nPhone: +1 555 0101',
      'You receive this email because you are on the media list of Acme Energy.\nLeave the media list: https://news.acme.example/press/leave/LEAVE',
    ].join('\n\n'),
  );
  expect(Object.keys(message.headers ?? {}).sort()).toEqual(['List-Unsubscribe', 'List-Unsubscribe-Post']);
});

test('RFC 8058: the one-click headers name the leave link the text holds', () => {
  const message = mail({ leaveToken: 'a/b c' });
  const leave = 'https://news.acme.example/press/leave/a%2Fb%20c';
  expect(message.headers).toEqual({ 'List-Unsubscribe': `<${leave}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  expect(message.text).toContain(`Leave the media list: ${leave}`);
});

test.each([
  // journalist's zone, the embargo line, the newsroom's line (none when they read the same)
  [null, 'Embargo until December 5, 2026 10:00 AM Central European Standard Time', null],
  ['Europe/Amsterdam', 'Embargo until December 5, 2026 10:00 AM Central European Standard Time', null],
  ['Europe/Paris', 'Embargo until December 5, 2026 10:00 AM Central European Standard Time', null],
  ['Asia/Dubai', 'Embargo until December 5, 2026 1:00 PM Gulf Standard Time', 'In the newsroom’s time zone: December 5, 2026 10:00 AM Central European Standard Time'],
  ['America/New_York', 'Embargo until December 5, 2026 4:00 AM Eastern Standard Time', 'In the newsroom’s time zone: December 5, 2026 10:00 AM Central European Standard Time'],
  ['Pacific/Kiritimati', 'Embargo until December 5, 2026 11:00 PM Line Islands Time', 'In the newsroom’s time zone: December 5, 2026 10:00 AM Central European Standard Time'],
  ['Pacific/Pago_Pago', 'Embargo until December 4, 2026 10:00 PM American Samoa Standard Time', 'In the newsroom’s time zone: December 5, 2026 10:00 AM Central European Standard Time'],
])('a journalist in %s reads the release time as "%s" (then %s)', (timeZone, own, newsroom) => {
  const text = plain(mail({ journalist: { email: 'a@example.org', name: 'A', timeZone } }).text);
  const lines = text.split('\n');
  const at = lines.indexOf(own);
  expect(at, text).toBeGreaterThan(-1);
  if (newsroom) expect(lines[at + 1]).toBe(newsroom);
  else expect(text).not.toContain('newsroom’s time zone');
});

test('a French story gets a French mail: French times and zone names, the French company, its contacts', () => {
  const message = mail({ story: story({ uuid: 'story-fr', slug: 'parc-eolien', locale: 'fr', title: 'Parc éolien', summary: 'Premier courant.' }), journalist: { email: 'claire@lemonde.example', name: 'Claire', timeZone: 'America/New_York' } });
  expect(message.subject).toBe('Sous embargo : Parc éolien');
  const text = plain(message.text);
  expect(text).toContain('Bonjour Claire,');
  expect(text).toContain('Votre lien personnel vers l’actualité (merci de ne pas le transférer) : https://news.acme.example/s/rLINK');
  expect(text).toContain('Embargo jusqu’au 5 décembre 2026 04:00 heure normale de l’Est nord-américain\nDans le fuseau horaire de la rédaction : 5 décembre 2026 10:00 heure normale d’Europe centrale');
  // No story contacts: the newsroom's contacts for French.
  expect(text).toContain('Contacts presse\nJane Press, Head of PR, Acme\nE-mail : jane@acme.example');
  expect(text).toContain('Marc Presse\nE-mail : marc@acme.example\nPortable : +33 6 00 00 00 00');
  expect(text).toContain('liste presse de Acme Énergie.\nQuitter la liste presse : https://news.acme.example/press/leave/LEAVE');
  expect(text).not.toMatch(/Your own link|Embargo until|Leave the media list/);
});

test('the story’s own contacts are named, in its order, instead of the newsroom’s', () => {
  const text = mail({ story: story({ contact_keys: ['marc', 'jane', 'gone'] }) }).text;
  expect(text.indexOf('Marc Presse')).toBeGreaterThan(-1);
  expect(text.indexOf('Marc Presse')).toBeLessThan(text.indexOf('Jane Press'));
});

test('a newsroom without contacts gives a mail without the contacts part', () => {
  expect(pressReleaseMail({ site: { ...SITE, contacts: [] }, origin: ORIGIN, story: story(), journalist: { email: 'a@example.org', name: 'A', timeZone: null }, linkToken: 'r', leaveToken: 'l' }).text).not.toContain('Media contacts');
});

test('a private story is "not for publication", with no release time', () => {
  const message = mail({ story: story({ status: 'published', visibility: 'private' }) });
  expect(message.subject).toBe('Not for publication: Wind farm');
  expect(message.text).toContain('Not for publication\nThis story is shared with you privately. Do not publish or forward it.');
  expect(message.text).not.toContain('Embargo');
});

test('names, titles and summaries are used as written: braces and dollar signs are not template syntax', () => {
  const message = mail({ story: story({ title: 'Price: $1 {link}', summary: 'Up {count} and $& more.' }), journalist: { email: 'a@example.org', name: '{leave} $&', timeZone: null } });
  expect(message.subject).toBe('Under embargo: Price: $1 {link}');
  expect(message.text.startsWith('Hello {leave} $&,\n\nUp {count} and $& more.\n\n')).toBe(true);
});

const GROUP: DistributedGroup = {
  translationGroup: 'wind-farm',
  story: story(),
  translations: [
    story({ uuid: 'story-fr', locale: 'fr', slug: 'parc-eolien' }),
    story({ uuid: 'story-pt-br', locale: 'pt-br', slug: 'parque-eolico' }),
    story({ uuid: 'story-nl', locale: 'nl', slug: 'windpark', status: 'draft', visibility: 'embargo' }),
    story({ uuid: 'story-de', locale: 'de', slug: 'windpark-de', status: 'published', visibility: 'private' }),
  ],
};

test.each([
  ['en', 'story-en'],
  ['fr', 'story-fr'],
  ['pt-br', 'story-pt-br'],
  // The same language in another country's form.
  ['pt', 'story-pt-br'],
  // A draft translation is never linked; a private one may not be linked from an embargoed story.
  ['nl', 'story-en'],
  ['de', 'story-en'],
  // No translation in their language: the story itself.
  ['ar', 'story-en'],
])('a journalist reading %s is mailed %s', (language, uuid) => {
  expect(storyForJournalist(GROUP, language).uuid).toBe(uuid);
});
