/**
 * What the scheduled and queue handlers work with, built from the bindings: the jobs' counterpart
 * of middleware/deps.ts (no request, so no Hono context).
 */
import { configOf, type AppConfig } from '#src/env';
import type { ContentRepository, RecipientLinkStore } from '#src/domain/ports';
import type { Mailer, OutboxQueue } from '#src/domain/mail-ports';
import type { AlertStore, PublishingStore } from '#src/domain/publishing-ports';
import { D1ContentRepository } from '#src/platform/d1/content-repository';
import { D1AlertStore } from '#src/platform/d1/alert-store';
import { D1PublishingStore } from '#src/platform/d1/publishing-store';
import { D1RecipientLinkStore } from '#src/platform/d1/recipient-links';
import { KvPageCacheStore } from '#src/platform/kv/page-cache-store';
import { createMailer } from '#src/platform/mail/create-mailer';
import { HttpMailer } from '#src/platform/mail/http-mailer';
import { D1OutboxMailer } from '#src/platform/d1/subscription-store';
import type { SearchPushStore } from '#src/domain/search-push-ports';
import { D1SearchPushStore } from '#src/platform/d1/search-push-store';
import { createSearchDocumentWriter, type SearchDocumentWriter } from '#src/platform/search/document-writer';
import { readSearchWriterSettings } from '#src/platform/search/settings';
import type { JobQueue } from './messages';

export interface JobDeps {
  readonly publishing: PublishingStore;
  readonly alerts: AlertStore;
  readonly content: ContentRepository;
  readonly mailer: Mailer;
  /** Mail visitors' requests left in the outbox, and the email API that delivers it (null: none configured). */
  readonly outbox: OutboxQueue;
  readonly transport: Mailer | null;
  readonly queue: JobQueue;
  /** Stories the cron made live, waiting for the search engine. */
  readonly searchPushes: SearchPushStore;
  /** The engine's index, written with the documents-only key; null with D1 search or no SEARCH_WRITE_KEY. */
  readonly searchIndex: SearchDocumentWriter | null;
  /** The page cache's pointers in KV (revision, last withdrawal), moved after each go-live. */
  readonly revision: { read(): Promise<{ revision: number | null; lastWithdrawal: number | null }>; write(pointers: { revision: number; lastWithdrawal: number }): Promise<void> };
  /** Outbound HTTP (IndexNow, WebSub); tests hand in a local stub's fetch. */
  readonly fetch: typeof fetch;
  readonly config: AppConfig;
  /** Journalists' own links to stories, deleted a while after each story went public. */
  readonly recipientLinks: RecipientLinkStore;
}

export function jobDeps(env: CloudflareBindings): JobDeps {
  const config = configOf(env);
  const pageCache = new KvPageCacheStore(env.PAGE_CACHE);
  const searchWriter = readSearchWriterSettings(env);
  return {
    publishing: new D1PublishingStore(env.DB),
    alerts: new D1AlertStore(env.DB),
    content: new D1ContentRepository(env.DB, { siteUrl: config.siteUrl }),
    mailer: createMailer(env.DB, config.emailApi),
    outbox: new D1OutboxMailer(env.DB),
    transport: config.emailApi ? new HttpMailer(config.emailApi) : null,
    queue: env.JOBS as JobQueue,
    searchPushes: new D1SearchPushStore(env.DB),
    searchIndex: searchWriter ? createSearchDocumentWriter(searchWriter) : null,
    revision: {
      read: async () => {
        const pointers = await pageCache.readPointers();
        return { revision: pointers?.revision ?? null, lastWithdrawal: pointers?.lastWithdrawal ?? null };
      },
      write: (pointers) => pageCache.writePointers(pointers),
    },
    fetch: (input, init) => fetch(input, init),
    config,
    recipientLinks: new D1RecipientLinkStore(env.DB),
  };
}
