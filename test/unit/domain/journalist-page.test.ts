// A journalist's own page's rules (src/domain/journalist-page.ts): which link of a release the page
// shows, which list each release is in and in what order, which has a calendar file, and the
// calendar event's UID, stable per story and journalist.
import { expect, test } from 'vitest';
import { calendarUid, hasLift, journalistReleases, preferredLink, type JournalistLink } from '#src/domain/journalist-page';

const link = (overrides: Partial<JournalistLink>): JournalistLink => ({
  storyUuid: 'u-en',
  translationGroup: 'wind',
  slug: 'wind',
  locale: 'en',
  title: 'Wind',
  status: 'embargo',
  visibility: 'embargo',
  publishedAt: 2_000,
  token: 'r-en',
  ...overrides,
});
const EN = link({});
const FR = link({ storyUuid: 'u-fr', slug: 'vent', locale: 'fr', title: 'Vent', token: 'r-fr' });
const FR_DRAFT = link({ storyUuid: 'u-fr', slug: 'vent', locale: 'fr', title: 'Vent', token: 'r-fr', status: 'draft', visibility: 'public' });
const PT_BR = link({ storyUuid: 'u-pt', slug: 'vento', locale: 'pt-br', title: 'Vento', token: 'r-pt' });

test.each([
  ['their language', [EN, FR], 'fr', FR],
  ['their base language', [EN, PT_BR], 'pt', PT_BR],
  ['the first language in code order when neither', [FR, EN], 'nl', EN],
  ['a released translation before a draft one in their language', [EN, FR_DRAFT], 'fr', EN],
  ['the draft when it is all there is', [FR_DRAFT], 'en', FR_DRAFT],
])('of a release’s links the page shows %s', (_case, group, language, expected) => {
  expect(preferredLink(group, language)).toBe(expected);
});

const PRIVATE = link({ storyUuid: 'u-p', translationGroup: 'private', slug: 'private', title: 'Private', status: 'published', visibility: 'private', publishedAt: 1_000, token: 'r-p' });
const LATER = link({ storyUuid: 'u-l', translationGroup: 'later', slug: 'later', title: 'Later', publishedAt: 3_000, token: 'r-l' });
const PUBLIC_OLD = link({ storyUuid: 'u-o', translationGroup: 'old', slug: 'old', title: 'Old', status: 'published', visibility: 'public', publishedAt: 500, token: 'r-o' });
const PUBLIC_NEW = link({ storyUuid: 'u-n', translationGroup: 'new', slug: 'new', title: 'New', status: 'published', visibility: 'public', publishedAt: 900, token: 'r-n' });

test.each([
  ['nothing', [], [], []],
  ['one release in two languages: one entry, in their language', [EN, FR], [['r-fr', 'embargo']], []],
  ['pending releases, soonest first, with their notice', [LATER, EN, PRIVATE], [['r-p', 'not-for-publication'], ['r-en', 'embargo'], ['r-l', 'embargo']], []],
  ['public releases apart, newest first', [PUBLIC_OLD, EN, PUBLIC_NEW], [['r-en', 'embargo']], ['r-n', 'r-o']],
  ['a draft shared alone: a preview', [FR_DRAFT], [['r-fr', 'preview']], []],
])('with %s the page lists the pending and the public', (_case, links, pending, released) => {
  const lists = journalistReleases(links, 'fr');
  expect(lists.pending.map((release) => [release.link.token, release.notice])).toEqual(pending);
  expect(lists.released.map((story) => story.token)).toEqual(released);
});

test.each([
  ['an embargo', EN, true],
  ['not for publication', PRIVATE, false],
  ['a preview', FR_DRAFT, false],
])('%s has a calendar file: %s', (_case, story, expected) => {
  expect(hasLift(journalistReleases([story], 'en').pending[0]!)).toBe(expected);
});

test('the calendar UID is the same on every download, different per journalist and per story, and holds no token', async () => {
  const token = 'T'.repeat(43);
  const uid = await calendarUid('u-en', token, 'news.example');
  expect(await calendarUid('u-en', token, 'news.example')).toBe(uid);
  expect(await calendarUid('u-en', 'S'.repeat(43), 'news.example')).not.toBe(uid);
  expect(await calendarUid('u-fr', token, 'news.example')).not.toBe(uid);
  expect(uid).toMatch(/^u-en\.[0-9a-f]{24}@news\.example$/);
  expect(uid).not.toContain(token);
});
