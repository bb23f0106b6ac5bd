/**
 * A journalist's own page (`/press/{token}`, src/pages/journalist-page.ts): every release shared
 * with them that they can still open, with its state and release time; those received that are
 * public now; and their settings. Its token is the journalist's press token, the one their leave
 * link holds (migrations/0020_press_distribution.sql): one secret per journalist for what is
 * theirs, made the first time they are mailed. (docs/distribution.md, "Your releases".)
 *
 * Here: what the page reads (the port, over D1 in src/platform/d1/journalist-page.ts) and its
 * rules as plain functions: which link of a translation group the page shows, which list it is
 * in, and the calendar event's stable UID.
 */
import { isReleasedToAudience, sharedStoryNotice, type SharedStoryNotice } from './publishing';
import { sha256Hex } from './sha256';
import { isPubliclyVisible, type StoryStatus, type StoryVisibility } from './story';

/** A journalist's link (not revoked) to one story, with the story as the page needs it. */
export interface JournalistLink {
  readonly storyUuid: string;
  /** The story's translation group: one release, whatever the number of its translations. */
  readonly translationGroup: string;
  readonly slug: string;
  readonly locale: string;
  readonly title: string;
  readonly status: StoryStatus;
  readonly visibility: StoryVisibility;
  /** The release (or planned) time, epoch seconds. */
  readonly publishedAt: number;
  /** Their link's token. */
  readonly token: string;
}

/** The journalist a press token belongs to. */
export interface PageJournalist {
  readonly email: string;
  readonly name: string;
  readonly language: string;
  /** IANA zone; null: the newsroom's. */
  readonly timeZone: string | null;
  /** The stored token, to compare with the one asked for in constant time. */
  readonly token: string;
}

export interface JournalistPageRecord {
  readonly journalist: PageJournalist;
  /** Their links not revoked, to stories that exist. */
  readonly links: readonly JournalistLink[];
}

export interface JournalistPageStore {
  /** The journalist whose press token has this SHA-256, with their open links; null when there is none. */
  journalistPage(tokenHash: string): Promise<JournalistPageRecord | null>;
}

/** A release still behind the journalist's link, with the notice its page shows. */
export interface PendingRelease {
  readonly link: JournalistLink;
  readonly notice: SharedStoryNotice;
}

export interface JournalistReleases {
  /** Not public yet, soonest release first. */
  readonly pending: readonly PendingRelease[];
  /** Public now, newest first: the page links their public addresses. */
  readonly released: readonly JournalistLink[];
}

const base = (code: string) => code.split('-')[0];

/**
 * The one link of a translation group the page shows: a translation released to its audience
 * before a draft one, then the journalist's language, then its base language, then the group's
 * first language in code order (the secret page's switcher offers the others).
 */
export function preferredLink(group: readonly JournalistLink[], language: string): JournalistLink {
  const released = group.filter((link) => isReleasedToAudience(link));
  const candidates = [...(released.length > 0 ? released : group)].sort((a, b) => a.locale.localeCompare(b.locale));
  return candidates.find((link) => link.locale === language) ?? candidates.find((link) => base(link.locale) === base(language)) ?? candidates[0]!;
}

function byGroup(links: readonly JournalistLink[]): JournalistLink[][] {
  const groups = new Map<string, JournalistLink[]>();
  for (const link of links) groups.set(link.translationGroup, [...(groups.get(link.translationGroup) ?? []), link]);
  return [...groups.values()];
}

/**
 * The page's two lists, one entry per release (translation group) each: those not public yet
 * (a group with a public translation and a pending one is in both), and those public now.
 */
export function journalistReleases(links: readonly JournalistLink[], language: string): JournalistReleases {
  const pending = byGroup(links.filter((link) => !isPubliclyVisible(link)))
    .map((group) => preferredLink(group, language))
    .map((link) => ({ link, notice: sharedStoryNotice(link) ?? 'not-for-publication' }))
    .sort((a, b) => a.link.publishedAt - b.link.publishedAt || a.link.title.localeCompare(b.link.title));
  const released = byGroup(links.filter((link) => isPubliclyVisible(link)))
    .map((group) => preferredLink(group, language))
    .sort((a, b) => b.publishedAt - a.publishedAt || a.title.localeCompare(b.title));
  return { pending, released };
}

/** Does this release lift at a known moment (the moment its calendar file holds)? */
export function hasLift(release: PendingRelease): boolean {
  return release.notice === 'embargo';
}

/**
 * The calendar event's UID: the same for the same story and journalist on every download, so a
 * calendar updates its event rather than adding one; different for every journalist, and naming
 * neither their address nor their token (only a digest of the token), since calendars sync UIDs
 * to their servers.
 */
export async function calendarUid(storyUuid: string, journalistToken: string, host: string): Promise<string> {
  return `${storyUuid}.${(await sha256Hex(`calendar\n${journalistToken}`)).slice(0, 24)}@${host}`;
}
