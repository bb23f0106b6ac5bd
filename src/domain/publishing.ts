/**
 * When a story goes live, and what it may show before then (docs/spec-coverage.md sections 4 and 5).
 *
 * A story whose status is `scheduled` or `embargo` is released at its `published_at`: from then on
 * it is published and public, whoever notices first (the minute cron, or an import of a folder
 * that still says `scheduled`). Until then it exists only behind its secret link, with a notice
 * saying what the reader may do with it. Only pairs with a meaning are accepted (`stateProblem`),
 * and the clock never widens a visibility (docs/decisions/0037-states-and-story-identity.md).
 */
import type { StoryStatus, StoryVisibility } from './story';
import { isPublished } from './story';

/** A story dated more than this before it goes live is an archive entry, not news: no alerts, no pings. */
export const NEWS_WINDOW_SECONDS = 2 * 24 * 60 * 60;

/** Statuses that wait for their release time. */
export const AWAITING_RELEASE_STATUSES: readonly StoryStatus[] = ['scheduled', 'embargo'];

export function isAwaitingRelease(story: { status: StoryStatus }): boolean {
  return AWAITING_RELEASE_STATUSES.includes(story.status);
}

/** Has the release time of a scheduled or embargoed story passed at `now` (epoch seconds)? */
export function isDue(story: { status: StoryStatus; published_at: number }, now: number): boolean {
  return isAwaitingRelease(story) && story.published_at <= now;
}

/**
 * The state a story is in at `now`: a due scheduled or embargoed story is published, and an
 * embargo ends with it (visibility `embargo` becomes `public`). Any other visibility is kept: the
 * clock changes a status, never widens who may read a story (a private or confidential story is
 * never made public by a release time, whatever the folder says).
 */
export function releaseState<T extends { status: StoryStatus; visibility: StoryVisibility; published_at: number }>(story: T, now: number): T {
  if (!isDue(story, now)) return story;
  return { ...story, status: 'published', visibility: story.visibility === 'embargo' ? 'public' : story.visibility };
}

/**
 * The status × visibility pairs a content file may declare (docs/content-format.md, "Publishing
 * states"), each with a meaning: `null` for an accepted pair, else why it is refused. A pair is
 * refused when the clock could not give it a safe meaning: a release time makes a story public,
 * so it may only be declared for a story meant to become public.
 */
export function stateProblem(state: { status: StoryStatus; visibility: StoryVisibility }): string | null {
  const { status, visibility } = state;
  if (status === 'draft' || status === 'uninitialized') return null;
  if (status === 'published') {
    return visibility === 'embargo' ? 'an embargo ends at a release time: write `status: embargo` with the release time as `published_at`' : null;
  }
  const expected = status === 'scheduled' ? 'public' : 'embargo';
  if (visibility === expected) return null;
  const story = status === 'scheduled' ? 'a scheduled story' : 'an embargoed story';
  if (visibility === 'private' || visibility === 'confidential') {
    return `${story} becomes public at \`published_at\`; a ${visibility} story never does: write \`status: published\` (it stays behind its secret link) or \`draft\``;
  }
  return `${story} has \`visibility: ${expected}\``;
}

/** Does a story going live at `liveAt` count as news (alerts, IndexNow, WebSub)? */
export function isNews(story: { published_at: number }, liveAt: number): boolean {
  return story.published_at >= liveAt - NEWS_WINDOW_SECONDS;
}

/** The notice a secret-link page shows above the story; null for a story that is live. */
export type SharedStoryNotice = 'embargo' | 'not-for-publication' | 'preview';

export function sharedStoryNotice(story: { status: StoryStatus; visibility: StoryVisibility }): SharedStoryNotice | null {
  if (story.status === 'embargo' || (isPublished(story) && story.visibility === 'embargo')) return 'embargo';
  if (!isPublished(story)) return 'preview';
  if (story.visibility === 'private' || story.visibility === 'confidential') return 'not-for-publication';
  return null;
}

/**
 * Has a story been released to the audience of its visibility? Published stories have; so have
 * embargoed ones, which are published to journalists under embargo (their status says `embargo`
 * until the release time). Drafts and scheduled stories have not: they are never linked.
 */
export function isReleasedToAudience(story: { status: StoryStatus }): boolean {
  return isPublished(story) || story.status === 'embargo';
}

/** A story's state in words for the press office (`npm run share`), e.g. "embargo until 2027-02-04 07:00 UTC". */
export function describeState(story: { status: StoryStatus; visibility: StoryVisibility; published_at: number }): string {
  const at = new Date(story.published_at * 1000).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  if (story.status === 'embargo') return `embargo until ${at}`;
  if (story.status === 'scheduled') return `scheduled for ${at}`;
  if (!isPublished(story)) return story.status;
  if (story.visibility === 'public') return 'live';
  return story.visibility === 'embargo' ? `embargo (published ${at})` : story.visibility;
}
