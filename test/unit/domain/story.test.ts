import { expect, test } from 'vitest';
import { isLinkableTranslation, isPublished, isPubliclyVisible, isStoryIndexable, toEpochSeconds, STORY_STATUSES, type StoryStatus, type StoryVisibility } from '#src/domain/story';

test.each(STORY_STATUSES.map((status) => [status, status === 'published'] as const))('a story with status %s counts as published: %s', (status, expected) => {
  expect(isPublished({ status })).toBe(expected);
});

test.each([
  [true, 'public', true],
  [true, 'embargo', false],
  [true, 'private', false],
  [true, 'confidential', false],
  [false, 'public', false],
  [false, 'private', false],
] as const)('newsroom indexable=%s, visibility %s → story indexable %s', (is_indexable, visibility, expected) => {
  expect(isStoryIndexable({ is_indexable }, { visibility })).toBe(expected);
});

// docs/spec-coverage.md section 5: allowed translation visibility by story visibility.
const TRANSLATION_TABLE: Record<StoryVisibility, StoryVisibility[]> = {
  embargo: ['embargo', 'public'],
  private: ['private', 'public'],
  confidential: ['confidential', 'private', 'public'],
  public: ['public'],
};
const VISIBILITIES: StoryVisibility[] = ['public', 'embargo', 'private', 'confidential'];
const cases = VISIBILITIES.flatMap((story) => VISIBILITIES.map((translation) => [story, translation, TRANSLATION_TABLE[story].includes(translation)] as const));

test.each(cases)('a %s story may link a published %s translation: %s', (story, translation, expected) => {
  expect(isLinkableTranslation({ visibility: story }, { status: 'published', visibility: translation })).toBe(expected);
});

test.each(STORY_STATUSES.filter((status) => status !== 'published'))('a %s translation is never linked, even when public', (status: StoryStatus) => {
  for (const story of VISIBILITIES) expect(isLinkableTranslation({ visibility: story }, { status, visibility: 'public' })).toBe(false);
});

test.each([
  ['published', 'public', true],
  ['published', 'private', false],
  ['published', 'embargo', false],
  ['embargo', 'embargo', false],
  ['draft', 'public', false],
  ['scheduled', 'public', false],
] as const)('status %s and visibility %s → publicly visible %s', (status, visibility, expected) => {
  expect(isPubliclyVisible({ status, visibility })).toBe(expected);
});

test.each([
  ['2026-10-02T09:30:00Z', 1_790_933_400],
  ['2026-10-02T11:30:00+02:00', 1_790_933_400],
  [1_790_933_400, 1_790_933_400],
  [1_790_933_400.9, 1_790_933_400],
] as const)('published_at %s is %i seconds', (input, expected) => {
  expect(toEpochSeconds(input)).toBe(expected);
});

test('an unparseable published_at is rejected', () => {
  expect(() => toEpochSeconds('yesterday')).toThrow(RangeError);
});
