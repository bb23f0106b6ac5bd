/**
 * The press desk's store over D1 (src/domain/press-desk-ports.ts): the statements of story and
 * gallery links, recipients' links and the media list (./story-links.ts, ./gallery-links.ts,
 * ./recipient-links.ts, ./media-list.ts) and the distribution's (./distribution.ts), run by a
 * StatementRunner: the worker's binding for the office view, the CLIs' local or deployed database.
 * Reads go one statement at a time and each change is one write (all of it or none), which is all
 * a deployed database reached through wrangler can do.
 */
import type { NewSecret } from '#src/domain/distribution';
import type { Journalist } from '#src/domain/journalist';
import type { FileDownloads, JournalistRecord, MediaListSummary, PressDeskStore, RecipientLinkRecord, RecipientOfFile, SharedGallery, SharedStory } from '#src/domain/press-desk-ports';
import { fileDownloadsQuery, recipientOfFileKeyQuery } from './recipient-files';
import { D1DistributionStore } from './distribution';
import { DEFAULT_LANGUAGE_QUERY, replaceGalleryLinkStatement, sharedGalleryQuery } from './gallery-links';
import {
  addToListStatement,
  deleteJournalistStatements,
  deleteListStatements,
  ensureListStatement,
  journalistRecordOf,
  journalistsByEmailQuery,
  journalistsQuery,
  MEDIA_LISTS_QUERY,
  removeFromListStatement,
  unsentPressMailQuery,
  upsertJournalistStatement,
  type JournalistRow,
} from './media-list';
import { ensureRecipientLinkStatement, recipientLinksQuery, revokeRecipientStatement } from './recipient-links';
import type { SqlStatement } from './sql-statement';
import { linkedStoryQuery, NEWSROOM_URL_QUERY, replaceLinkStatement, revokeLinkStatement, sharedGroupQuery } from './story-links';

export class D1PressDesk extends D1DistributionStore implements PressDeskStore {
  /** One change: all of its statements or none (nothing to run is no call). */
  private async change(statements: readonly SqlStatement[]): Promise<void> {
    if (statements.length > 0) await this.db.write(statements);
  }

  async newsroomUrl(): Promise<string | null> {
    const [newsroom] = await this.db.query<{ url: string }>(NEWSROOM_URL_QUERY);
    return newsroom?.url ?? null;
  }

  async defaultLanguage(): Promise<string | null> {
    const [language] = await this.db.query<{ code: string }>(DEFAULT_LANGUAGE_QUERY);
    return language?.code ?? null;
  }

  sharedGroup(slug: string): Promise<SharedStory[]> {
    return this.db.query<SharedStory>(sharedGroupQuery(slug));
  }

  replaceStoryLinks(links: readonly { readonly storyUuid: string; readonly secret: NewSecret }[], now: number): Promise<void> {
    return this.change(links.map((link) => replaceLinkStatement(link.storyUuid, link.secret, now)));
  }

  async revokeStoryLink(tokenHash: string): Promise<{ slug: string; locale: string } | null> {
    const [story] = await this.db.query<{ slug: string; locale: string }>(linkedStoryQuery(tokenHash));
    await this.change([revokeLinkStatement(tokenHash)]);
    return story ?? null;
  }

  async sharedGallery(key: string): Promise<SharedGallery | null> {
    const [gallery] = await this.db.query<SharedGallery>(sharedGalleryQuery(key));
    return gallery ?? null;
  }

  replaceGalleryLink(galleryUuid: string, secret: NewSecret, now: number): Promise<void> {
    return this.change([replaceGalleryLinkStatement(galleryUuid, secret, now)]);
  }

  recipientLinks(slug: string): Promise<RecipientLinkRecord[]> {
    return this.db.query<RecipientLinkRecord>(recipientLinksQuery(slug));
  }

  async recipientOfFileKey(fileKeyHash: string): Promise<RecipientOfFile | null> {
    return (await this.db.query<RecipientOfFile>(recipientOfFileKeyQuery(fileKeyHash)))[0] ?? null;
  }

  fileDownloads(linkId: number): Promise<FileDownloads[]> {
    return this.db.query<FileDownloads>(fileDownloadsQuery(linkId));
  }

  addRecipientLinks(links: readonly { readonly storyUuid: string; readonly email: string; readonly secret: NewSecret }[], now: number): Promise<void> {
    return this.change(links.map((link) => ensureRecipientLinkStatement(link.storyUuid, link.email, link.secret, now)));
  }

  revokeRecipient(slug: string, email: string, now: number): Promise<void> {
    return this.change([revokeRecipientStatement(slug, email, now)]);
  }

  async journalists(list: string | null): Promise<JournalistRecord[]> {
    return (await this.db.query<JournalistRow>(journalistsQuery(list))).map(journalistRecordOf);
  }

  async journalistsByEmail(emails: readonly string[]): Promise<JournalistRecord[]> {
    return (await this.db.query<JournalistRow>(journalistsByEmailQuery(emails))).map(journalistRecordOf);
  }

  mediaLists(): Promise<MediaListSummary[]> {
    return this.db.query<MediaListSummary>(MEDIA_LISTS_QUERY);
  }

  saveJournalists(entries: readonly { readonly journalist: Journalist; readonly lists: readonly string[] }[], now: number): Promise<void> {
    return this.change(
      entries.flatMap(({ journalist, lists }) => [upsertJournalistStatement(journalist, now), ...lists.flatMap((list) => [ensureListStatement(list, now), addToListStatement(journalist.email, list, now)])]),
    );
  }

  removeFromList(email: string, list: string): Promise<void> {
    return this.change([removeFromListStatement(email, list)]);
  }

  deleteJournalist(email: string): Promise<void> {
    return this.change(deleteJournalistStatements(email));
  }

  async unsentPressMail(email: string): Promise<number> {
    const [row] = await this.db.query<{ mails: number }>(unsentPressMailQuery(email));
    return row?.mails ?? 0;
  }

  deleteList(name: string): Promise<void> {
    return this.change(deleteListStatements(name));
  }
}
