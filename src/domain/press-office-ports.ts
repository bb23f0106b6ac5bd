/**
 * What the press office view's pages (/admin/press, docs/decisions/0044-press-office-view.md)
 * read, one batch a page: the stories not yet public with their recipients' links and openings
 * and the downloads through their file addresses (docs/decisions/0053-files-that-name-their-recipient.md),
 * the media lists, and the latest alerts and mails with their delivery state; and the media list.
 * Rows as the store hands them over; src/admin/press/ makes the pages' models of them. What the
 * office changes goes through the press desk (./press-desk-ports.ts).
 */
import type { JournalistRecord, LinkOpenings, MediaListSummary } from './press-desk-ports';
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

/** One recipient's link to one story, with its openings. */
export interface OfficeRecipientLinkRow extends LinkOpenings {
  readonly story_uuid: string;
  readonly email: string;
  readonly name: string;
  readonly outlet: string;
  readonly language: string;
}

/** The downloads of one file through one recipient's link (a row of `recipient_file_downloads`, named by the link's story and journalist). */
export interface OfficeFileDownloadRow {
  readonly story_uuid: string;
  readonly email: string;
  /** The file's uuid, or `download` for the story's ZIP (ARCHIVE_FILE). */
  readonly file: string;
  readonly first_at: number;
  readonly last_at: number;
  readonly download_count: number;
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
  /** What was downloaded through those links' file addresses, per link and file. */
  readonly fileDownloads: readonly OfficeFileDownloadRow[];
  readonly mediaLists: readonly MediaListSummary[];
  /** Newest go-live first. */
  readonly alerts: readonly OfficeAlertRow[];
  /** Newest first. */
  readonly mails: readonly OfficeMailRow[];
}

export interface PressOfficeStore {
  /** Null when no newsroom has been imported. */
  snapshot(limits: { readonly alerts: number; readonly mails: number }): Promise<PressOfficeSnapshot | null>;
  /** Every journalist, or those on one list, by name then mailbox; and every list with its size. */
  mediaList(list: string | null): Promise<{ readonly journalists: readonly JournalistRecord[]; readonly lists: readonly MediaListSummary[] }>;
}
