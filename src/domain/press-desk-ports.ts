/**
 * What the press office's actions read and write (src/press-desk/): a story's own secret links
 * and the links of each recipient, the media list, and the distribution of a release
 * (./distribution.ts). One port for the CLIs (`npm run share`, `press`, `distribute`) and the
 * office view (/admin/press), implemented over D1 in src/platform/d1/press-desk.ts, so the two
 * cannot disagree (docs/decisions/0043-media-list-and-recipient-links.md, 0044-press-office-view.md).
 */
import type { DistributionStore, NewSecret } from './distribution';
import type { Journalist } from './journalist';
import type { StoryStatus, StoryVisibility } from './story';

/** A story of a translation group with its own secret link. */
export interface SharedStory {
  readonly uuid: string;
  readonly slug: string;
  readonly locale: string;
  readonly status: StoryStatus;
  readonly visibility: StoryVisibility;
  readonly published_at: number;
  /** Null for a story imported before links existed (sharing makes one). */
  readonly token: string | null;
}

/** A gallery with its secret link. */
export interface SharedGallery {
  readonly uuid: string;
  readonly key: string;
  readonly published_at: number;
  readonly is_public: number;
  /** Null for a gallery imported before links existed (sharing makes one). */
  readonly token: string | null;
}

/** What a recipient's link saw: counted, never per opening (./recipient-link.ts), and when it was revoked. */
export interface LinkOpenings {
  readonly revoked_at: number | null;
  readonly first_opened_at: number | null;
  readonly last_opened_at: number | null;
  readonly open_count: number;
  readonly agent_bits: number;
}

/** What went through a recipient's file addresses (ADR 0053): downloads of any of the link's files, counted. */
export interface LinkDownloads {
  readonly download_count: number;
  readonly first_download_at: number | null;
  readonly last_download_at: number | null;
}

/** Whose a recipient's file address is: the journalist, the story, the link (./recipient-files.ts). */
export interface RecipientOfFile {
  readonly link_id: number;
  readonly email: string;
  readonly name: string;
  readonly outlet: string;
  readonly slug: string;
  readonly title: string;
  readonly locale: string;
  readonly revoked_at: number | null;
}

/** Downloads of one file (a uuid, or `download`: the ZIP) through one link. */
export interface FileDownloads {
  readonly file: string;
  readonly first_at: number;
  readonly last_at: number;
  readonly download_count: number;
}

/** One recipient's link to one story of the group, with its openings and downloads. */
export interface RecipientLinkRecord extends LinkOpenings, LinkDownloads {
  readonly email: string;
  readonly name: string;
  readonly locale: string;
  readonly slug: string;
  readonly token: string;
}

/** A journalist of the media list, with the names of the lists they are on. */
export interface JournalistRecord extends Journalist {
  readonly lists: readonly string[];
}

export interface MediaListSummary {
  readonly name: string;
  readonly members: number;
}

export interface PressDeskStore extends DistributionStore {
  /** The newsroom's address; null when it has not been imported yet. */
  newsroomUrl(): Promise<string | null>;
  /** The newsroom's default language (its addresses have no prefix); null before the first import. */
  defaultLanguage(): Promise<string | null>;

  /** The story with this slug (first) and its translations, each with its link; empty when there is none. */
  sharedGroup(slug: string): Promise<SharedStory[]>;
  /** Gives each story its new link (or its first): the previous one stops opening at once. */
  replaceStoryLinks(links: readonly { readonly storyUuid: string; readonly secret: NewSecret }[], now: number): Promise<void>;
  /** The story whose link has this hash (null when it opens nothing), and that link deleted. */
  revokeStoryLink(tokenHash: string): Promise<{ readonly slug: string; readonly locale: string } | null>;

  sharedGallery(key: string): Promise<SharedGallery | null>;
  replaceGalleryLink(galleryUuid: string, secret: NewSecret, now: number): Promise<void>;

  /** Every recipient's link to the story with this slug and its translations, by recipient then language (the story first). */
  recipientLinks(slug: string): Promise<RecipientLinkRecord[]>;
  /** The link, journalist and story of a file key's hash (a recipient's file address); null when none. */
  recipientOfFileKey(fileKeyHash: string): Promise<RecipientOfFile | null>;
  /** The downloads through one link, per file. */
  fileDownloads(linkId: number): Promise<FileDownloads[]>;
  /** A link for each (story, mailbox) without one; a link already there stays as it was. */
  addRecipientLinks(links: readonly { readonly storyUuid: string; readonly email: string; readonly secret: NewSecret }[], now: number): Promise<void>;
  /** Revokes the mailbox's open links to the story with this slug and its translations; their openings stay. */
  revokeRecipient(slug: string, email: string, now: number): Promise<void>;

  /** Every journalist, or those on one list, by name then mailbox. */
  journalists(list: string | null): Promise<JournalistRecord[]>;
  /** The journalists of these mailboxes (canonical) that are on the media list. */
  journalistsByEmail(emails: readonly string[]): Promise<JournalistRecord[]>;
  mediaLists(): Promise<MediaListSummary[]>;
  /** Adds or updates each journalist and puts them on their lists (made when new); never takes them off one. All or none. */
  saveJournalists(entries: readonly { readonly journalist: Journalist; readonly lists: readonly string[] }[], now: number): Promise<void>;
  removeFromList(email: string, list: string): Promise<void>;
  /** Deletes the journalist and every trace of them: memberships, links with their openings, press mail not sent yet. */
  deleteJournalist(email: string): Promise<void>;
  /** How many press mails to this mailbox wait in the outbox (deleting the journalist deletes them). */
  unsentPressMail(email: string): Promise<number>;
  /** Deletes a list; its journalists stay. */
  deleteList(name: string): Promise<void>;
}
