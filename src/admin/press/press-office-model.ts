/**
 * The press office view's model and actions (docs/decisions/0044-press-office-view.md), as plain
 * functions over the store (src/domain/press-office-ports.ts): no Hono context in them.
 *
 * - `loadPressOffice`: every translation group with a story not public at `now` (a scheduled or
 *   embargoed story whose time has come counts as live, as everywhere on the site), each
 *   translation's state and release time in the newsroom's time zone, its recipients with what
 *   each of their links saw (the same figures as `npm run share -- <slug> --list`) and what they
 *   downloaded through their file addresses (docs/decisions/0053-files-that-name-their-recipient.md:
 *   how many downloads, of how many files, first and last, every translation together), the media
 *   lists, the latest alerts and mails with their delivery state, and the proof of the latest
 *   lifts (when the worker first saw each lifted story on each public surface, as `npm run share
 *   -- <slug> --list` prints it; docs/decisions/0052-a-lift-that-proves-itself.md).
 * - `revokeRecipient`, `rotateStoryLinks` and `distributeToList`: a posted form read, handed to
 *   the press desk (src/press-desk/) that `npm run share -- <slug> --revoke <email>`, `npm run
 *   share -- <slug> --rotate` and `npm run distribute -- <slug> --list <name>` run too, and its
 *   outcome made a notice for the page.
 */
import type { DistributionRefusal } from '#src/domain/distribution';
import { canonicalMailbox, parseEmailAddress } from '#src/domain/email-address';
import type { PressDeskStore } from '#src/domain/press-desk-ports';
import type { OfficeFileDownloadRow, OfficeRecipientLinkRow, OfficeStoryRow, PressOfficeStore } from '#src/domain/press-office-ports';
import type { LiftProofStore } from '#src/domain/lift-proof';
import { officeLifts, type OfficeLift } from './lift-proof-model';
import { formatOfficeTime } from './office-time';
import { isAwaitingRelease, releaseState } from '#src/domain/publishing';
import { estimateDistinctAgents } from '#src/domain/recipient-link';
import { isPubliclyVisible } from '#src/domain/story';
import { distributeStory } from '#src/press-desk/distribute';
import { revokeRecipient as revokeRecipientOf } from '#src/press-desk/recipients';
import { shareStory } from '#src/press-desk/story-links';

/** Go-lives, lifts and mails shown. */
export const ALERTS_SHOWN = 10;
export const LIFTS_SHOWN = 5;
export const MAILS_SHOWN = 20;

/** A translation's state, as the site knows it at the time of the page. */
export type OfficeState =
  | { readonly kind: 'embargo' | 'scheduled'; readonly releaseAt: string }
  | { readonly kind: 'draft' | 'private' | 'confidential' | 'embargoed-published' | 'live' };

export interface OfficeTranslation {
  readonly locale: string;
  readonly slug: string;
  readonly title: string;
  readonly state: OfficeState;
}

export interface OpenedFigures {
  readonly count: number;
  readonly first: string;
  readonly last: string;
  /** About how many distinct browsers (estimated from the link's sketch). */
  readonly browsers: number;
}

/** What one recipient's link to one translation saw. */
export type LinkFigures =
  | { readonly kind: 'no-link' }
  | { readonly kind: 'not-opened' }
  | { readonly kind: 'opened'; readonly opened: OpenedFigures }
  | { readonly kind: 'revoked'; readonly at: string; readonly opened: OpenedFigures | null };

/** What one recipient downloaded through their file addresses, every translation of the group together. */
export interface DownloadFigures {
  /** Downloads in all. */
  readonly count: number;
  /** Distinct files downloaded (the story's ZIP counts as one). */
  readonly files: number;
  readonly first: string;
  readonly last: string;
}

export interface OfficeRecipient {
  readonly email: string;
  readonly name: string;
  readonly outlet: string;
  readonly language: string;
  /** One per translation of the group, in the group's order. */
  readonly links: readonly { readonly locale: string; readonly figures: LinkFigures }[];
  /** Has a link that still opens (the revoke button is offered). */
  readonly hasOpenLink: boolean;
  /** Null: nothing downloaded through their file addresses. */
  readonly downloads: DownloadFigures | null;
}

export interface OfficeStoryGroup {
  /** The slug the forms name (the group's lead story: the newsroom's default language first). */
  readonly slug: string;
  readonly translations: readonly OfficeTranslation[];
  readonly recipients: readonly OfficeRecipient[];
}

export interface OfficeAlert {
  readonly title: string | null;
  readonly locale: string | null;
  readonly liveAt: string;
  /** false: the story went live with alerts switched off. */
  readonly alertsOn: boolean;
  /** Every page of subscribers has been handled. */
  readonly done: boolean;
  readonly sent: number;
  readonly waiting: number;
  readonly failed: number;
}

export type MailState = 'sent' | 'waiting' | 'failed';

export interface OfficeMail {
  readonly to: string;
  readonly subject: string;
  readonly createdAt: string;
  readonly state: MailState;
  /** When it was sent or failed. */
  readonly at: string | null;
}

export type Notice =
  /** `links`: links revoked or replaced; for `distributed`, the journalists mailed by this post. */
  | { readonly kind: 'revoked' | 'rotated' | 'distributed'; readonly links: number }
  | { readonly kind: 'unknown-story' | 'unknown-recipient' | 'nothing-open' | 'bad-request' }
  | { readonly kind: Exclude<DistributionRefusal, 'unknown-story'> };

export interface PressOfficeModel {
  /** The Access identity's e-mail address, when its token names one. */
  readonly signedInAs: string | null;
  readonly timeZone: string;
  /** false: no newsroom has been imported. */
  readonly imported: boolean;
  readonly notice: Notice | null;
  readonly groups: readonly OfficeStoryGroup[];
  readonly mediaLists: readonly { readonly name: string; readonly members: number }[];
  readonly alerts: readonly OfficeAlert[];
  /** The latest lifts' proofs, newest first. */
  readonly lifts: readonly OfficeLift[];
  readonly mails: readonly OfficeMail[];
  /** false: no email API is configured, so mail stays in the outbox. */
  readonly mailLeavesOutbox: boolean;
}

/** The newsroom's zone when the runtime knows it, else UTC. */
function usableTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

export function officeState(story: Pick<OfficeStoryRow, 'status' | 'visibility' | 'published_at'>, now: number, timeZone: string): OfficeState {
  const current = releaseState(story, now);
  if (current.status === 'embargo' || current.status === 'scheduled') return { kind: current.status, releaseAt: formatOfficeTime(current.published_at, timeZone) };
  if (current.status !== 'published') return { kind: 'draft' };
  if (isPubliclyVisible(current)) return { kind: 'live' };
  return { kind: current.visibility === 'embargo' ? 'embargoed-published' : current.visibility === 'confidential' ? 'confidential' : 'private' };
}

function figuresOf(link: OfficeRecipientLinkRow | undefined, timeZone: string): LinkFigures {
  if (!link) return { kind: 'no-link' };
  const opened: OpenedFigures | null =
    link.open_count > 0 && link.first_opened_at !== null && link.last_opened_at !== null
      ? { count: link.open_count, first: formatOfficeTime(link.first_opened_at, timeZone), last: formatOfficeTime(link.last_opened_at, timeZone), browsers: estimateDistinctAgents(link.agent_bits) }
      : null;
  if (link.revoked_at !== null) return { kind: 'revoked', at: formatOfficeTime(link.revoked_at, timeZone), opened };
  return opened ? { kind: 'opened', opened } : { kind: 'not-opened' };
}

/** A recipient's downloads (their rows for the group's translations), or null when there are none. */
function downloadFiguresOf(rows: readonly OfficeFileDownloadRow[], timeZone: string): DownloadFigures | null {
  const counted = rows.filter((row) => row.download_count > 0);
  if (counted.length === 0) return null;
  return {
    count: counted.reduce((sum, row) => sum + row.download_count, 0),
    files: new Set(counted.map((row) => row.file)).size,
    first: formatOfficeTime(Math.min(...counted.map((row) => row.first_at)), timeZone),
    last: formatOfficeTime(Math.max(...counted.map((row) => row.last_at)), timeZone),
  };
}

/** Groups awaiting release first (soonest first), then the rest (newest first). */
function groupOrder(stories: readonly OfficeStoryRow[], now: number): [number, number] {
  const waiting = stories.filter((story) => isAwaitingRelease(releaseState(story, now)));
  if (waiting.length > 0) return [0, Math.min(...waiting.map((story) => story.published_at))];
  return [1, -Math.max(...stories.map((story) => story.published_at))];
}

export async function loadPressOffice(
  store: PressOfficeStore,
  input: { readonly now: number; readonly signedInAs: string | null; readonly notice: Notice | null; readonly mailLeavesOutbox: boolean },
  liftProofs: Pick<LiftProofStore, 'recentProofs'> | null = null,
): Promise<PressOfficeModel> {
  const [snapshot, proofs] = await Promise.all([store.snapshot({ alerts: ALERTS_SHOWN, mails: MAILS_SHOWN }), liftProofs ? liftProofs.recentProofs(LIFTS_SHOWN) : []]);
  const base = { signedInAs: input.signedInAs, notice: input.notice, mailLeavesOutbox: input.mailLeavesOutbox };
  if (!snapshot) return { ...base, timeZone: 'UTC', imported: false, groups: [], mediaLists: [], alerts: [], lifts: [], mails: [] };
  const timeZone = usableTimeZone(snapshot.timeZone);
  const { now } = input;

  const byGroup = new Map<string, OfficeStoryRow[]>();
  for (const story of snapshot.stories) byGroup.set(story.translation_group, [...(byGroup.get(story.translation_group) ?? []), story]);
  const groups = [...byGroup.values()]
    // Still not public at `now` (a due story is live already, whoever flips it).
    .filter((stories) => stories.some((story) => !isPubliclyVisible(releaseState(story, now))))
    .map((stories) => {
      const ordered = [...stories].sort((a, b) => Number(b.locale === snapshot.defaultLocale) - Number(a.locale === snapshot.defaultLocale) || a.locale.localeCompare(b.locale));
      const uuids = new Set(ordered.map((story) => story.uuid));
      const links = snapshot.recipientLinks.filter((link) => uuids.has(link.story_uuid));
      const downloads = snapshot.fileDownloads.filter((row) => uuids.has(row.story_uuid));
      const recipients: OfficeRecipient[] = [];
      for (const email of new Set(links.map((link) => link.email))) {
        const theirs = links.filter((link) => link.email === email);
        const person = theirs[0]!;
        recipients.push({
          email,
          name: person.name,
          outlet: person.outlet,
          language: person.language,
          links: ordered.map((story) => ({ locale: story.locale, figures: figuresOf(theirs.find((link) => link.story_uuid === story.uuid), timeZone) })),
          hasOpenLink: theirs.some((link) => link.revoked_at === null),
          downloads: downloadFiguresOf(
            downloads.filter((row) => row.email === email),
            timeZone,
          ),
        });
      }
      const group: OfficeStoryGroup = {
        slug: ordered[0]!.slug,
        translations: ordered.map((story) => ({ locale: story.locale, slug: story.slug, title: story.title, state: officeState(story, now, timeZone) })),
        recipients,
      };
      return { group, order: groupOrder(stories, now) };
    })
    .sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1])
    .map(({ group }) => group);

  return {
    ...base,
    timeZone,
    imported: true,
    groups,
    mediaLists: snapshot.mediaLists,
    alerts: snapshot.alerts.map((alert) => ({
      title: alert.title,
      locale: alert.locale,
      liveAt: formatOfficeTime(alert.live_at, timeZone),
      alertsOn: alert.alerts === 1,
      done: alert.alerts_done_at !== null,
      sent: alert.sent,
      waiting: alert.sending,
      failed: alert.failed,
    })),
    lifts: officeLifts(proofs, timeZone),
    mails: snapshot.mails.map((mail) => {
      const state: MailState = mail.sent_at !== null ? 'sent' : mail.failed_at !== null ? 'failed' : 'waiting';
      const at = mail.sent_at ?? mail.failed_at;
      return { to: mail.to_name ? `${mail.to_name} <${mail.to_address}>` : mail.to_address, subject: mail.subject, createdAt: formatOfficeTime(mail.created_at, timeZone), state, at: at === null ? null : formatOfficeTime(at, timeZone) };
    }),
  };
}

/** A posted form's fields, as strings (anything else counts as missing). */
export type PostedForm = Readonly<Record<string, unknown>>;

const MAX_SLUG_LENGTH = 300;

function slugOf(form: PostedForm): string | null {
  const slug = form.story;
  return typeof slug === 'string' && slug.length > 0 && slug.length <= MAX_SLUG_LENGTH ? slug : null;
}

/** `npm run share -- <slug> --revoke <email>`: that recipient's links to the story and its translations open nothing from now on. */
export async function revokeRecipient(store: PressDeskStore, form: PostedForm, now: number): Promise<Notice> {
  const slug = slugOf(form);
  const address = typeof form.email === 'string' ? parseEmailAddress(form.email) : null;
  if (!slug || !address) return { kind: 'bad-request' };
  const result = await revokeRecipientOf(store, { slug, email: canonicalMailbox(address), now });
  return result.outcome === 'revoked' ? { kind: 'revoked', links: result.links } : { kind: result.outcome };
}

/** `npm run share -- <slug> --rotate`: new links for the story and its translations; recipients' own links are untouched. */
export async function rotateStoryLinks(store: PressDeskStore, form: PostedForm, request: { readonly origin: string | null; readonly now: number }): Promise<Notice> {
  const slug = slugOf(form);
  if (!slug) return { kind: 'bad-request' };
  const share = await shareStory(store, { slug, rotate: true, ...request });
  if (!share.ok) return { kind: share.refusal };
  return { kind: 'rotated', links: share.replaced };
}

/** `npm run distribute -- <slug> --list <name>`: each journalist of the list not mailed yet gets the release under embargo, with a link of their own. */
export async function distributeToList(store: PressDeskStore, form: PostedForm, request: { readonly origin: string | null; readonly now: number }): Promise<Notice> {
  const slug = slugOf(form);
  const list = typeof form.list === 'string' && form.list.length > 0 && form.list.length <= MAX_SLUG_LENGTH ? form.list : null;
  if (!slug || !list) return { kind: 'bad-request' };
  const outcome = await distributeStory(store, { slug, list, ...request });
  if (!outcome.ok) return { kind: outcome.refusal };
  return { kind: 'distributed', links: outcome.recipients.filter((recipient) => recipient.outcome === 'mailed').length };
}

const COUNTED_NOTICES = ['revoked', 'rotated', 'distributed'] as const;
const NOTICE_KINDS: readonly Notice['kind'][] = [...COUNTED_NOTICES, 'unknown-story', 'unknown-recipient', 'nothing-open', 'bad-request', 'no-newsroom', 'story-public', 'not-released', 'unknown-list', 'empty-list'];
const MAX_NOTICE_LINKS = 10_000;

/** The page's address after a post: the notice in the query, and nothing personal (no address, no slug). */
export function noticeQuery(notice: Notice): string {
  return 'links' in notice ? `?notice=${notice.kind}&links=${notice.links}` : `?notice=${notice.kind}`;
}

/** The notice a query names; anything unknown is no notice. */
export function noticeFromQuery(query: { readonly notice?: string | undefined; readonly links?: string | undefined }): Notice | null {
  const kind = NOTICE_KINDS.find((known) => known === query.notice);
  if (!kind) return null;
  if (kind === 'revoked' || kind === 'rotated' || kind === 'distributed') {
    const links = Number(query.links);
    return Number.isInteger(links) && links >= 0 && links <= MAX_NOTICE_LINKS ? { kind, links } : null;
  }
  return { kind };
}
