// When a story goes live and what its secret link says before then (src/domain/publishing.ts),
// and SPEC section 5's translation table (src/domain/story.ts).
import { expect, test } from 'vitest';
import {
  AWAITING_RELEASE_STATUSES,
  describeState,
  isAwaitingRelease,
  isDue,
  isNews,
  isReleasedToAudience,
  NEWS_WINDOW_SECONDS,
  releaseState,
  stateProblem,
  sharedStoryNotice,
  type SharedStoryNotice,
} from '#src/domain/publishing';
import { isAllowedTranslationVisibility, isLinkableTranslation, STORY_STATUSES, STORY_VISIBILITIES, type StoryStatus, type StoryVisibility } from '#src/domain/story';

// 2027-02-04T07:00:00Z
const RELEASE = Date.UTC(2027, 1, 4, 7, 0, 0) / 1000;
const DAY = 24 * 60 * 60;

test('the news window is two days, and only scheduled and embargoed stories wait for their release', () => {
  expect(NEWS_WINDOW_SECONDS).toBe(2 * DAY);
  expect([...AWAITING_RELEASE_STATUSES].sort()).toEqual(['embargo', 'scheduled']);
  expect(STORY_STATUSES.filter((status) => isAwaitingRelease({ status })).sort()).toEqual(['embargo', 'scheduled']);
});

test.each([
  ['scheduled', RELEASE - 1, false],
  ['scheduled', RELEASE, true],
  ['scheduled', RELEASE + 1, true],
  ['scheduled', RELEASE + 365 * DAY, true],
  ['embargo', RELEASE - 1, false],
  ['embargo', RELEASE, true],
  ['embargo', RELEASE + 60, true],
  ['published', RELEASE + 60, false],
  ['published', RELEASE - 60, false],
  ['draft', RELEASE + 60, false],
  ['uninitialized', RELEASE + 60, false],
] as const)('a %s story released at 2027-02-04 07:00 is due at %i: %s', (status, now, expected) => {
  expect(isDue({ status, published_at: RELEASE }, now)).toBe(expected);
});

test.each([
  ['scheduled', 'public', 'public'],
  ['embargo', 'embargo', 'public'],
  // Pairs the import refuses (stateProblem), still never widened if D1 held one.
  ['scheduled', 'private', 'private'],
  ['embargo', 'confidential', 'confidential'],
  ['embargo', 'private', 'private'],
  ['scheduled', 'confidential', 'confidential'],
] as const)('a due %s story (visibility %s) is published with visibility %s, everything else about it unchanged', (status, visibility, after) => {
  const story = { uuid: 'u-1', slug: 'wind-farm', status, visibility, published_at: RELEASE, title: 'Wind farm opens' };
  const released = releaseState(story, RELEASE);
  expect(released).toEqual({ ...story, status: 'published', visibility: after });
  // The input is left alone.
  expect(story.status).toBe(status);
  expect(story.visibility).toBe(visibility);
});

// The whole status × visibility space: which pairs a content file may declare.
const ACCEPTED = new Set([
  'published/public', 'published/private', 'published/confidential',
  'scheduled/public', 'embargo/embargo',
  ...STORY_VISIBILITIES.flatMap((visibility) => [`draft/${visibility}`, `uninitialized/${visibility}`]),
]);
test.each(STORY_STATUSES.flatMap((status) => STORY_VISIBILITIES.map((visibility) => [status, visibility] as const)))(
  'a content file may declare status %s with visibility %s only when the pair has a meaning',
  (status, visibility) => {
    const problem = stateProblem({ status, visibility });
    expect(problem === null).toBe(ACCEPTED.has(`${status}/${visibility}`));
    if (problem !== null) expect(problem).toMatch(/status|visibility/);
  },
);

test.each([
  ['embargo', 'confidential', /never does/],
  ['scheduled', 'private', /never does/],
  ['scheduled', 'embargo', /`visibility: public`/],
  ['embargo', 'public', /`visibility: embargo`/],
  ['published', 'embargo', /`status: embargo`/],
] as const)('a %s/%s story is refused with a message saying what to write instead', (status, visibility, message) => {
  expect(stateProblem({ status, visibility })).toMatch(message);
});

test.each(STORY_STATUSES.flatMap((status) => STORY_VISIBILITIES.map((visibility) => [status, visibility] as const)))(
  'a %s/%s story is never public after any release time unless it was declared for the public',
  (status, visibility) => {
    for (const now of [RELEASE - 1, RELEASE, RELEASE + 365 * DAY]) {
      const after = releaseState({ status, visibility, published_at: RELEASE }, now);
      if (after.visibility === 'public') expect(['public', 'embargo']).toContain(visibility);
    }
  },
);

test.each([
  ['scheduled', 'public', RELEASE - 1],
  ['embargo', 'embargo', RELEASE - 1],
  ['draft', 'public', RELEASE + DAY],
  ['published', 'private', RELEASE + DAY],
  ['published', 'embargo', RELEASE + DAY],
  ['uninitialized', 'confidential', RELEASE + DAY],
] as const)('a %s/%s story is unchanged at %i (not due)', (status, visibility, now) => {
  const story = { uuid: 'u-1', status, visibility, published_at: RELEASE };
  expect(releaseState(story, now)).toBe(story);
});

test.each([
  ['released exactly on its date', RELEASE, true],
  ['dated in the future', RELEASE + DAY, true],
  ['dated one day earlier', RELEASE - DAY, true],
  ['dated exactly two days earlier (the window edge)', RELEASE - 2 * DAY, true],
  ['dated two days and one second earlier', RELEASE - 2 * DAY - 1, false],
  ['dated a year earlier (an archive entry)', RELEASE - 365 * DAY, false],
])('a story going live at 2027-02-04 07:00 %s is news: %s', (_case, published_at, expected) => {
  expect(isNews({ published_at }, RELEASE)).toBe(expected);
});

// Every status × visibility: embargo status always says embargo; published stories say embargo for
// embargo visibility, "not for publication" for private and confidential, nothing when public;
// anything not yet published is a preview.
const NOTICES: readonly (readonly [StoryStatus, StoryVisibility, SharedStoryNotice | null])[] = [
  ['embargo', 'embargo', 'embargo'],
  ['embargo', 'public', 'embargo'],
  ['embargo', 'private', 'embargo'],
  ['embargo', 'confidential', 'embargo'],
  ['published', 'embargo', 'embargo'],
  ['published', 'private', 'not-for-publication'],
  ['published', 'confidential', 'not-for-publication'],
  ['published', 'public', null],
  ['draft', 'public', 'preview'],
  ['draft', 'embargo', 'preview'],
  ['draft', 'private', 'preview'],
  ['draft', 'confidential', 'preview'],
  ['scheduled', 'public', 'preview'],
  ['scheduled', 'embargo', 'preview'],
  ['scheduled', 'private', 'preview'],
  ['scheduled', 'confidential', 'preview'],
  ['uninitialized', 'public', 'preview'],
  ['uninitialized', 'embargo', 'preview'],
  ['uninitialized', 'private', 'preview'],
  ['uninitialized', 'confidential', 'preview'],
];

test('the notice table covers every status × visibility once', () => {
  const covered = new Set(NOTICES.map(([status, visibility]) => `${status}/${visibility}`));
  expect(covered.size).toBe(NOTICES.length);
  expect(covered.size).toBe(STORY_STATUSES.length * STORY_VISIBILITIES.length);
});

test.each(NOTICES)('a %s story with visibility %s shows the notice %s on its secret link', (status, visibility, expected) => {
  expect(sharedStoryNotice({ status, visibility })).toBe(expected);
});

test.each([
  ['published', true],
  ['embargo', true],
  ['scheduled', false],
  ['draft', false],
  ['uninitialized', false],
] as const)('a %s story has been released to its audience: %s', (status, expected) => {
  expect(isReleasedToAudience({ status })).toBe(expected);
});

test.each([
  ['embargo', 'embargo', RELEASE, 'embargo until 2027-02-04 07:00 UTC'],
  ['embargo', 'public', RELEASE + 59, 'embargo until 2027-02-04 07:00 UTC'],
  ['scheduled', 'public', RELEASE, 'scheduled for 2027-02-04 07:00 UTC'],
  ['scheduled', 'private', Date.UTC(2026, 11, 31, 23, 30) / 1000, 'scheduled for 2026-12-31 23:30 UTC'],
  ['draft', 'public', RELEASE, 'draft'],
  ['uninitialized', 'public', RELEASE, 'uninitialized'],
  ['published', 'public', RELEASE, 'live'],
  ['published', 'embargo', RELEASE, 'embargo (published 2027-02-04 07:00 UTC)'],
  ['published', 'private', RELEASE, 'private'],
  ['published', 'confidential', RELEASE, 'confidential'],
] as const)('the press office sees a %s/%s story as "%s"', (status, visibility, published_at, expected) => {
  expect(describeState({ status, visibility, published_at })).toBe(expected);
});

// SPEC section 5: which translations a story of each visibility may link to.
const SPEC_TABLE: Readonly<Record<StoryVisibility, readonly StoryVisibility[]>> = {
  embargo: ['embargo', 'public'],
  private: ['private', 'public'],
  confidential: ['confidential', 'private', 'public'],
  public: ['public'],
};
const VISIBILITY_PAIRS = STORY_VISIBILITIES.flatMap((story) => STORY_VISIBILITIES.map((translation) => [story, translation, SPEC_TABLE[story].includes(translation)] as const));

test('the visibility pairs cover all sixteen combinations', () => {
  expect(VISIBILITY_PAIRS).toHaveLength(16);
  expect(VISIBILITY_PAIRS.filter(([, , allowed]) => allowed)).toHaveLength(8);
});

test.each(VISIBILITY_PAIRS)('SPEC table: a %s story may have a %s translation: %s', (story, translation, expected) => {
  expect(isAllowedTranslationVisibility({ visibility: story }, { visibility: translation })).toBe(expected);
});

test.each(VISIBILITY_PAIRS)('a %s story links a published %s translation: %s', (story, translation, expected) => {
  expect(isLinkableTranslation({ visibility: story }, { status: 'published', visibility: translation })).toBe(expected);
});

test.each(STORY_STATUSES.filter((status) => status !== 'published').flatMap((status) => VISIBILITY_PAIRS.map(([story, translation]) => [status, story, translation] as const)))(
  'a %s translation is never linked as a page (story %s, translation %s)',
  (status, story, translation) => {
    expect(isLinkableTranslation({ visibility: story }, { status, visibility: translation })).toBe(false);
  },
);
