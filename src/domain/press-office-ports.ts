/**
 * What the press office view (/admin/press, docs/decisions/0044-press-office-view.md) reads and
 * changes: the stories not yet public with their recipients' links and openings, the media lists,
 * and the latest alerts and mails with their delivery state. Rows as the store hands them over;
 * src/admin/press/press-office-model.ts makes the page's model of them.
 */
import type { Journalist } from './journalist';
import type { StoryStatus, StoryVisibility } from './story';

export interface OfficeStoryRow {
  readonly uuid: string;
  readonly translation_group: string;
  readonly slug: string;
  readonly locale: string;
  readonly title: string;
  readonly status: StoryStatus;
  readonly visibility: StoryVisibility;
  readonly published_at: number;
}

/** One recipient's link to one story, with its openings (counted, never per opening). */
export interface OfficeRecipientLinkRow {
  readonly story_uuid: string;
  readonly email: string;
  readonly name: string;
  readonly outlet: string;
  readonly language: string;
  readonly revoked_at: number | null;
  readonly first_opened_at: number | null;
  readonly last_opened_at: number | null;
  readonly open_count: number;
  readonly agent_bits: number;
}

export interface OfficeMediaListRow {
  readonly name: string;
  readonly members: number;
}

/** A story's go-live alerts: its deliveries counted by state. */
export interface OfficeAlertRow {
  readonly story_uuid: string;
  /** Null when the story has been removed since. */
  readonly title: string | null;
  readonly locale: string | null;
  readonly live_at: number;
  /** 0: the story went live without alerts (its or the newsroom's switch). */
  readonly alerts: number;
  readonly alerts_done_at: number | null;
  readonly sent: number;
  readonly sending: number;
  readonly failed: number;
}

/** A mail of the outbox. */
export interface OfficeMailRow {
  readonly id: number;
  readonly to_address: string;
  readonly to_name: string | null;
  readonly subject: string;
  readonly created_at: number;
  readonly sent_at: number | null;
  readonly failed_at: number | null;
}

export interface PressOfficeSnapshot {
  /** The newsroom's IANA time zone. */
  readonly timeZone: string;
  /** The newsroom's default language (its stories lead their translation group). */
  readonly defaultLocale: string;
  /** Every story of each translation group that has a story not public (public translations too). */
  readonly stories: readonly OfficeStoryRow[];
  readonly recipientLinks: readonly OfficeRecipientLinkRow[];
  readonly mediaLists: readonly OfficeMediaListRow[];
  /** Newest go-live first. */
  readonly alerts: readonly OfficeAlertRow[];
  /** Newest first. */
  readonly mails: readonly OfficeMailRow[];
}

export type RecipientRevocation =
  | { readonly outcome: 'revoked'; readonly links: number }
  | { readonly outcome: 'unknown-story' }
  | { readonly outcome: 'unknown-recipient' }
  | { readonly outcome: 'nothing-open' };

export interface PressOfficeStore {
  /** Null when no newsroom has been imported. */
  snapshot(limits: { readonly alerts: number; readonly mails: number }): Promise<PressOfficeSnapshot | null>;
  /** The uuids of the story with this slug and its translations; empty when there is no such story. */
  storyGroup(slug: string): Promise<string[]>;
  /** Gives each story its new link (its previous one stops opening at once). */
  replaceStoryLinks(links: readonly { readonly storyUuid: string; readonly token: string; readonly tokenHash: string }[], now: number): Promise<void>;
  /** Revokes a journalist's open links to the story with this slug and its translations; their openings stay. */
  revokeRecipient(slug: string, email: string, now: number): Promise<RecipientRevocation>;
}

/** A journalist of the media list, with the names of the lists they are on (by name). */
export interface OfficeJournalistRow {
  readonly email: string;
  readonly name: string;
  readonly outlet: string;
  readonly language: string;
  readonly timeZone: string | null;
  readonly lists: readonly string[];
}

export type ListRemoval = 'taken-off' | 'unknown-journalist' | 'unknown-list' | 'not-on-list';

/**
 * The media list as the view manages it: the same statements as `npm run press -- add` and
 * `remove` (src/platform/d1/media-list.ts), so the view and the CLI cannot disagree.
 */
export interface MediaListOfficeStore {
  /** Every journalist, or those on one list, by name then mailbox; and every list with its size. */
  journalists(list: string | null): Promise<{ readonly journalists: readonly OfficeJournalistRow[]; readonly lists: readonly OfficeMediaListRow[] }>;
  /** Adds the journalist or updates their record, and puts them on these lists (made when new); never takes them off one. */
  saveJournalist(journalist: Journalist, lists: readonly string[], now: number): Promise<'added' | 'updated'>;
  removeFromList(email: string, list: string): Promise<ListRemoval>;
  /** Deletes the journalist and every trace of them (memberships, links, press mail not sent); null when there is no such journalist, else how many unsent mails went with them. */
  deleteJournalist(email: string): Promise<{ readonly mails: number } | null>;
}
