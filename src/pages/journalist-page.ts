/**
 * A journalist's own page, `/press/{token}` (src/domain/journalist-page.ts for its rules), and the
 * calendar file of each release under embargo, `/press/{token}/{story uuid}.ics`.
 *
 * The page lists the releases shared with the journalist that their links still open (not
 * revoked, not public yet), each with its state and its release time in their time zone and the
 * newsroom's; those they received that are public now, by their public address; and their
 * settings (language, time zone) with the way to leave the media list. Each is read afresh on
 * every request at the D1 primary (src/middleware/deps.ts): a revoked link, or a journalist who
 * left or was removed, is gone on the next request. A token that is malformed or no one's is the
 * 404 page. The page is in the journalist's language when the newsroom has it.
 */
import type { Deps } from '#src/deps';
import { NotFoundError } from '#src/domain/errors';
import { calendarFile } from '#src/domain/icalendar';
import { calendarUid, hasLift, journalistReleases, type JournalistPageRecord, type PendingRelease } from '#src/domain/journalist-page';
import { siteNameFor } from '#src/domain/newsroom';
import type { SiteContext } from '#src/domain/ports';
import { sharedStoryNotice, type SharedStoryNotice } from '#src/domain/publishing';
import { isPubliclyVisible } from '#src/domain/story';
import { hashLinkToken, isWellFormedLinkToken, tokensEqual } from '#src/domain/story-link';
import { nativeLanguageName } from '#src/i18n/locales';
import { formatMessage, formatMoment, messagesFor } from '#src/i18n/translate';
import { urls } from '#src/i18n/urls';
import { buildLayout, pageTitle } from './layout';
import type { LayoutModel } from './model';
import { journalistLocale } from './press-leave';

/** A moment as the page writes it: date, time and the zone named in full. */
export interface Moment {
  readonly date: string;
  readonly time: string;
  readonly zone: string;
}

export interface PendingReleaseModel {
  readonly title: string;
  /** The story's language (its title's `lang`). */
  readonly locale: string;
  /** The journalist's own link to it. */
  readonly href: string;
  readonly notice: SharedStoryNotice;
  /** The release (or planned) time in the journalist's zone (the newsroom's when they have none). */
  readonly own: Moment;
  /** The same moment in the newsroom's zone, when it reads differently; else null. */
  readonly newsroom: Moment | null;
  /** Its calendar file, for a release that lifts at a known moment; else null. */
  readonly calendarHref: string | null;
}

export interface ReleasedModel {
  readonly title: string;
  readonly locale: string;
  /** The story's public address. */
  readonly href: string;
}

export interface JournalistPageModel {
  readonly layout: LayoutModel;
  readonly title: string;
  readonly journalistName: string;
  readonly newsroomName: string;
  readonly pending: readonly PendingReleaseModel[];
  readonly released: readonly ReleasedModel[];
  readonly settings: {
    /** Their language, named in itself ("Nederlands"). */
    readonly language: string;
    /** Their IANA zone; null: the newsroom's (`newsroomZone`). */
    readonly timeZone: string | null;
    readonly newsroomZone: string;
  };
  /** The leave page (a button that deletes them from the media list). */
  readonly leaveHref: string;
}

/** The journalist whose press token this is, with their open links; a NotFoundError for any other token. */
async function findJournalist(deps: Deps, token: string): Promise<JournalistPageRecord> {
  if (!isWellFormedLinkToken(token)) throw new NotFoundError('Journalist page');
  const found = await deps.journalistPages.journalistPage(await hashLinkToken(token));
  if (!found || !tokensEqual(found.journalist.token, token)) throw new NotFoundError('Journalist page');
  return found;
}

/** A release time in the journalist's zone, and in the newsroom's when that reads differently. */
export function releaseMoments(locale: string, at: number, journalistZone: string | null, newsroomZone: string): { own: Moment; newsroom: Moment | null } {
  const newsroom = formatMoment(locale, at, newsroomZone);
  const own = journalistZone ? formatMoment(locale, at, journalistZone) : newsroom;
  const same = own.date === newsroom.date && own.time === newsroom.time && own.zone === newsroom.zone;
  return { own, newsroom: same ? null : newsroom };
}

function pendingModel(locale: string, token: string, release: PendingRelease, journalistZone: string | null, newsroomZone: string): PendingReleaseModel {
  const { link } = release;
  return {
    title: link.title,
    locale: link.locale,
    href: urls.sharedStory(link.token),
    notice: release.notice,
    ...releaseMoments(locale, link.publishedAt, journalistZone, newsroomZone),
    calendarHref: hasLift(release) ? urls.journalistCalendar(token, link.storyUuid) : null,
  };
}

export async function loadJournalistPage(deps: Deps, site: SiteContext, token: string): Promise<JournalistPageModel> {
  const { journalist, links } = await findJournalist(deps, token);
  const locale = journalistLocale(site, journalist.language);
  const { pending, released } = journalistReleases(links, journalist.language);
  const title = formatMessage(locale, messagesFor(locale), 'press_page.title');
  const newsroomZone = site.newsroom.timezone;
  return {
    layout: buildLayout({ site, config: deps.config, locale, path: urls.journalistPage(token), title: pageTitle(site, locale, title), description: '', pageTranslations: [], indexable: false }),
    title,
    journalistName: journalist.name,
    newsroomName: siteNameFor(site, locale),
    pending: pending.map((release) => pendingModel(locale, token, release, journalist.timeZone, newsroomZone)),
    released: released.map((link) => ({ title: link.title, locale: link.locale, href: urls.story(link.slug) })),
    settings: { language: nativeLanguageName(journalist.language), timeZone: journalist.timeZone, newsroomZone },
    leaveHref: urls.pressLeave(token),
  };
}

/** A calendar file, with the name a browser saves it under. */
export interface CalendarDownload {
  readonly fileName: string;
  readonly text: string;
}

/**
 * The calendar file of one release under embargo the journalist's link still opens: the lift as
 * its start, their own link as its address. Any other story (public, revoked, not embargoed, not
 * theirs) is the 404 page.
 */
export async function loadReleaseCalendar(deps: Deps, site: SiteContext, token: string, storyUuid: string, now: number): Promise<CalendarDownload> {
  const { journalist, links } = await findJournalist(deps, token);
  const link = links.find((candidate) => candidate.storyUuid === storyUuid && !isPubliclyVisible(candidate) && sharedStoryNotice(candidate) === 'embargo');
  if (!link) throw new NotFoundError('Release calendar');
  const locale = journalistLocale(site, journalist.language);
  const messages = messagesFor(locale);
  const address = urls.absolute(site.newsroom.url, urls.sharedStory(link.token));
  return {
    fileName: `${link.slug.replace(/[^A-Za-z0-9-]+/g, '-').slice(0, 80) || 'release'}.ics`,
    text: calendarFile({
      uid: await calendarUid(link.storyUuid, journalist.token, new URL(site.newsroom.url).hostname),
      start: link.publishedAt,
      stamp: now,
      summary: formatMessage(locale, messages, 'press_calendar.summary', { title: link.title }),
      description: formatMessage(locale, messages, 'press_mail.read', { link: address }),
      url: address,
      language: locale,
    }),
  };
}
