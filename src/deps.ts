/**
 * What the worker's code is handed to reach its stores and services, as types only: one
 * dependency type (`Deps`) for requests, the queue's jobs and the cron, the part the jobs use
 * (`JobDeps`), and the maker of error reporters. Built in src/adapters.ts; described here over
 * domain/ ports and the configuration's types, so routes, pages, request helpers and jobs that
 * only need the shape never pull the adapters, and all of platform/, into their import graph
 * (docs/decisions/0045-web-layer-by-role.md).
 */
import type { ContentRepository, QueryStats, RecipientLinkStore, SearchBackend } from '#src/domain/ports';
import type { RecipientFileStore } from '#src/domain/recipient-files';
import type { ZipStreamer } from '#src/domain/archive';
import type { ErrorReporter, ReporterContext, ReporterOverrides } from '#src/domain/error-events';
import type { Mailer, OutboxQueue, OutboxReader } from '#src/domain/mail-ports';
import type { AlertStore, PublishingStore } from '#src/domain/publishing-ports';
import type { SearchIndexWriter, SearchPushStore } from '#src/domain/search-push-ports';
import type { SubscriptionStore } from '#src/domain/subscription-ports';
import type { JobQueue } from '#src/domain/job-messages';
import type { LiftProofStore } from '#src/domain/lift-proof';
import type { MediaListLeaveStore } from '#src/domain/distribution';
import type { JournalistPageStore } from '#src/domain/journalist-page';
import type { InquiryStore } from '#src/domain/inquiry';
import type { AppConfig } from '#src/env';

export interface Deps {
  readonly content: ContentRepository;
  readonly subscriptions: SubscriptionStore;
  readonly mailer: Mailer;
  /** Mail visitors' requests left in the outbox: read by /_dev/outbox, delivered by a job. */
  readonly outbox: OutboxReader & OutboxQueue;
  /** The email API that delivers the outbox (null: none configured). */
  readonly transport: Mailer | null;
  /** The search backend, its results cached under the given content revision. */
  search(revision: number): SearchBackend;
  readonly queryStats: QueryStats;
  /** Recipients' secret links: their openings, and their deletion a while after each story went public. */
  readonly recipientLinks: RecipientLinkStore;
  /** Recipients' file addresses: the story behind a file key, and each download counted (ADR 0053). */
  readonly recipientFiles: RecipientFileStore;
  /** Journalists leaving the media list from a press mail. */
  readonly pressList: MediaListLeaveStore;
  /** A journalist's own page: their open links and settings, by their press token. */
  readonly journalistPages: JournalistPageStore;
  /** Journalists' inquiries to the press office (docs/decisions/0054-the-inquiry-inbox.md). */
  readonly inquiries: InquiryStore;
  readonly publishing: PublishingStore;
  readonly alerts: AlertStore;
  readonly queue: JobQueue;
  /** Stories the cron made live, waiting for the search engine. */
  readonly searchPushes: SearchPushStore;
  /** The engine's index, written with the documents-only key; null with D1 search or no SEARCH_WRITE_KEY. */
  readonly searchIndex: SearchIndexWriter | null;
  /** When a lifted story was first seen on each public surface (docs/decisions/0052-a-lift-that-proves-itself.md). */
  readonly liftProofs: LiftProofStore;
  /** The page cache's pointers in KV (revision, last withdrawal), moved after each go-live. */
  readonly revision: { read(): Promise<{ revision: number | null; lastWithdrawal: number | null }>; write(pointers: { revision: number; lastWithdrawal: number }): Promise<void> };
  /** Cloudflare Turnstile's check of a form's token (null: Turnstile off). */
  readonly turnstile: ((token: string, remoteIp: string | null) => Promise<boolean>) | null;
  /** A ZIP of media files, streamed (the "Download all" archives). */
  readonly zip: ZipStreamer;
  /** Outbound HTTP (IndexNow, WebSub); tests hand in a local stub's fetch. */
  readonly fetch: typeof fetch;
  readonly config: AppConfig;
}

/** What the queue's jobs and the cron use of `Deps`. */
export type JobDeps = Pick<Deps, 'publishing' | 'alerts' | 'content' | 'mailer' | 'transport' | 'queue' | 'searchPushes' | 'searchIndex' | 'liftProofs' | 'revision' | 'fetch' | 'config' | 'recipientLinks'> & {
  readonly outbox: OutboxQueue;
};

/**
 * The reporter of one unexpected error, or null when reporting is off (src/adapters.ts
 * errorReporterOf): with the parsed configuration when the request got that far, else read from
 * the bindings. The app hands it to the request helpers on the context (src/http/app-env.ts).
 */
export type ErrorReporterOf = (env: CloudflareBindings | undefined, config: AppConfig | null, context: ReporterContext, overrides?: ReporterOverrides) => ErrorReporter | null;
