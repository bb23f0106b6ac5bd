/**
 * The one place that builds adapters over the bindings, for requests, jobs and the cron alike:
 * one dependency type (`Deps`), built on a request's D1 session (src/middleware/deps.ts mounts it)
 * or on the database itself (the queue's jobs and the minute cron, src/worker.ts), plus the few the
 * edge needs before either: the page cache's store and pointers, the health probe, error reports.
 * Nothing else in src/ constructs a platform adapter (docs/decisions/0045-web-layer-by-role.md).
 * The types they are handed as (`Deps`, `JobDeps`) are described in src/deps.ts, which imports no
 * adapter.
 */
import type { JobQueue } from '#src/domain/job-messages';
import type { LiftProofStore } from '#src/domain/lift-proof';
import type { PressDeskStore } from '#src/domain/press-desk-ports';
import type { PressOfficeStore } from '#src/domain/press-office-ports';
import type { Deps, ErrorReporterOf } from './deps';
import { configOf, readErrorReportingConfig, readSearchWriterSettings } from './env';
import { zipStream } from '#src/platform/archive/zip-stream';
import { D1AlertStore } from '#src/platform/d1/alert-store';
import { D1ContentRepository } from '#src/platform/d1/content-repository';
import type { CachePointers } from '#src/platform/d1/import-statements';
import { D1PublishingStore } from '#src/platform/d1/publishing-store';
import { D1RecipientLinkStore } from '#src/platform/d1/recipient-links';
import { D1RecipientFileStore } from '#src/platform/d1/recipient-files';
import { D1MediaListLeaveStore } from '#src/platform/d1/media-list';
import { D1JournalistPageStore } from '#src/platform/d1/journalist-page';
import { d1StatementRunner } from '#src/platform/d1/distribution';
import { D1PressDesk } from '#src/platform/d1/press-desk';
import { D1PressOffice } from '#src/platform/d1/press-office';
import { D1InquiryStore } from '#src/platform/d1/inquiry-store';
import { D1SearchBackend } from '#src/platform/d1/search-backend';
import { D1SearchPushStore } from '#src/platform/d1/search-push-store';
import { D1LiftProofStore } from '#src/platform/d1/lift-proof-store';
import { openSession } from '#src/platform/d1/sessions';
import { D1OutboxMailer, D1SubscriptionStore } from '#src/platform/d1/subscription-store';
import { createReporter } from '#src/platform/errors/reporter';
import { KvPageCacheStore } from '#src/platform/kv/page-cache-store';
import { CachedSearchBackend } from '#src/platform/kv/search-cache';
import { createMailer } from '#src/platform/mail/create-mailer';
import { HttpMailer } from '#src/platform/mail/http-mailer';
import { composeSearchBackend, createEngineBackend } from '#src/platform/search/create-backend';
import { createSearchDocumentWriter } from '#src/platform/search/document-writer';
import { verifyTurnstile } from '#src/platform/turnstile/verify';
import { readershipOf } from '#src/config/readership';
import type { ReadershipPoint, ReadershipStores } from '#src/domain/readership';
import { countRequest, sqlReadershipReader } from '#src/platform/analytics/readership';
import { D1StoryVersions } from '#src/platform/d1/readership-stories';

/**
 * The dependencies on `db`: a request's D1 session (src/platform/d1/sessions.ts), or the database
 * itself for jobs and the cron.
 */
export function depsOf(env: CloudflareBindings, db: D1Database | D1DatabaseSession = env.DB): Deps {
  const config = configOf(env);
  const content = new D1ContentRepository(db, { siteUrl: config.siteUrl });
  const pageCache = pageCacheStoreOf(env);
  const searchWriter = readSearchWriterSettings(env);
  const { turnstile } = config;
  return {
    content,
    subscriptions: new D1SubscriptionStore(db),
    mailer: createMailer(db, config.emailApi),
    outbox: new D1OutboxMailer(db),
    transport: config.emailApi ? new HttpMailer(config.emailApi) : null,
    search: (revision) =>
      composeSearchBackend({
        engine: createEngineBackend(config.search),
        d1: new D1SearchBackend(db, content.stats),
        cache: (inner) => new CachedSearchBackend(inner, env.PAGE_CACHE, revision, `${config.search.searchBackend}:${config.search.indexName}`),
      }),
    queryStats: content.stats,
    recipientLinks: new D1RecipientLinkStore(db),
    recipientFiles: new D1RecipientFileStore(db),
    pressList: new D1MediaListLeaveStore(db),
    journalistPages: new D1JournalistPageStore(db),
    inquiries: new D1InquiryStore(db),
    // Publishing's stores write in transactions of their own: always on the database itself.
    publishing: new D1PublishingStore(env.DB),
    alerts: new D1AlertStore(env.DB),
    queue: env.JOBS as JobQueue,
    searchPushes: new D1SearchPushStore(env.DB),
    searchIndex: searchWriter ? createSearchDocumentWriter(searchWriter) : null,
    liftProofs: liftProofStoreOf(env),
    revision: {
      read: async () => {
        const pointers = await pageCache.readPointers();
        return { revision: pointers?.revision ?? null, lastWithdrawal: pointers?.lastWithdrawal ?? null };
      },
      write: (pointers) => pageCache.writePointers(pointers),
    },
    turnstile: turnstile ? (token, remoteIp) => verifyTurnstile(turnstile, token, remoteIp) : null,
    zip: zipStream,
    fetch: (input, init) => fetch(input, init),
    config,
  };
}

/**
 * A request's dependencies on one D1 session (src/platform/d1/sessions.ts), and the session's
 * bookmark to hand back to the visitor after a write.
 */
export function requestDepsOf(env: CloudflareBindings, session: { bookmark: string | undefined; writes: boolean }): { deps: Deps; bookmark: () => string | null } {
  const db = openSession(env.DB, session);
  return { deps: depsOf(env, db), bookmark: () => db.getBookmark() };
}

/** The press office view's stores (/admin/press, behind Cloudflare Access): its pages' reads and the press desk's, on the database itself. */
export function pressOfficeStoresOf(env: CloudflareBindings): { office: PressOfficeStore; desk: PressDeskStore; queue: JobQueue; liftProofs: LiftProofStore } {
  return { office: new D1PressOffice(env.DB), desk: new D1PressDesk(d1StatementRunner(env.DB)), queue: env.JOBS as JobQueue, liftProofs: liftProofStoreOf(env) };
}

/** The inquiry inbox's store on the database itself: the office view and `npm run inquiries` (docs/decisions/0054-the-inquiry-inbox.md). */
export function inquiryStoreOf(env: CloudflareBindings): D1InquiryStore {
  return new D1InquiryStore(env.DB);
}

/** The proof of lifts (docs/decisions/0052-a-lift-that-proves-itself.md): written by its job, read by the office view. */
export function liftProofStoreOf(env: CloudflareBindings): D1LiftProofStore {
  return new D1LiftProofStore(d1StatementRunner(env.DB));
}

/** The page cache's store in KV: pages, the revision pointers, the pre-render marker. */
export function pageCacheStoreOf(env: CloudflareBindings): KvPageCacheStore {
  return new KvPageCacheStore(env.PAGE_CACHE);
}

/** The content revision alone, for /healthz's probe of D1. */
export const readContentRevision = (env: CloudflareBindings): Promise<number | null> => new D1ContentRepository(env.DB).getContentRevision();

/** The content revision and the last withdrawal, read together: the page cache asks D1 only when KV does not hold them. */
export const readCachePointers = (env: CloudflareBindings): Promise<CachePointers | null> => new D1PublishingStore(env.DB).cachePointers();

/**
 * A reporter for one error, or null when reporting is off. Its settings are the parsed
 * configuration's when the request got that far; else (a failure before it) read here.
 */
export const errorReporterOf: ErrorReporterOf = (env, config, context, overrides = {}) => {
  const settings = config ? config.errorReporting : readErrorReportingConfig(env ?? ({} as CloudflareBindings));
  return settings ? createReporter(settings, context, overrides) : null;
};

/**
 * Counts one story request into the READERSHIP dataset (and the local stand-in, when configured):
 * docs/decisions/0055-readership-at-the-edge.md. No D1: it runs on page-cache hits.
 */
export function countStoryRequest(env: CloudflareBindings, point: ReadershipPoint, { fetch: fetcher, waitUntil }: { fetch?: typeof fetch; waitUntil(work: Promise<unknown>): void }): void {
  countRequest({ dataset: (env as { READERSHIP?: AnalyticsEngineDataset }).READERSHIP, settings: readershipOf(env), fetch: fetcher ?? ((input, init) => fetch(input, init)), waitUntil }, point);
}

/** What the office view reads a story's readership with: its versions in D1, the counts through the SQL API. */
export function readershipStoresOf(env: CloudflareBindings, fetcher?: typeof fetch): ReadershipStores {
  const settings = readershipOf(env);
  return { stories: new D1StoryVersions(d1StatementRunner(env.DB)), reader: sqlReadershipReader(settings, fetcher), problem: settings.sql.url === null ? settings.sql.problem : undefined };
}
