/**
 * The content revision a request is served under (ADR 0011): read from KV (`content-revision`,
 * written by the import and the cron) and trusted by the isolate for a few seconds; when KV has
 * none, read from D1 and written back to KV for the next isolates. Both the page-cache key and the
 * isolate's copy of the site context (middleware/site.ts) are keyed on it.
 */
import type { Context } from 'hono';
import type { AppEnv } from '#src/env';
import { describeError } from '#src/domain/errors';
import type { KvPageCacheStore } from '#src/platform/kv/page-cache-store';
import { REVISION_BACKFILL_TTL_SECONDS } from './page-cache-policy';
import { runAfterResponse } from './responses';

export interface RevisionReaderOptions {
  /** The revision from D1, used when KV has none. Called at most once per isolate per `memoMs`. */
  readonly readRevisionFromDb: (c: Context<AppEnv>) => Promise<number | null>;
  /** How long an isolate trusts a revision it read. */
  readonly memoMs: number;
  readonly now: () => number;
}

export type RevisionReader = (c: Context<AppEnv>, store: KvPageCacheStore) => Promise<number | null>;

export function warnKvFailure(operation: string, error: unknown): void {
  console.warn(JSON.stringify({ message: 'Page cache: KV failed; continuing without it', operation, error: describeError(error) }));
}

export function createRevisionReader(options: RevisionReaderOptions): RevisionReader {
  // Per isolate: remembered across requests. Never a shared in-flight promise: workerd forbids
  // one request awaiting I/O started by another.
  let known: { revision: number; readAt: number } | null = null;

  return async function currentRevision(c, store) {
    const now = options.now();
    if (known && now - known.readAt < options.memoMs) return known.revision;
    try {
      const revision = await store.readRevision();
      if (revision !== null) {
        known = { revision, readAt: now };
        return revision;
      }
    } catch (error) {
      warnKvFailure('get content-revision', error);
    }
    try {
      const revision = await options.readRevisionFromDb(c);
      if (revision !== null) {
        known = { revision, readAt: now };
        const backfill = Promise.all([
          store.writeRevision(revision, REVISION_BACKFILL_TTL_SECONDS).catch((error: unknown) => warnKvFailure('put content-revision', error)),
          store.writeLastKnownRevision(revision).catch((error: unknown) => warnKvFailure('put last-known revision', error)),
        ]);
        await runAfterResponse(c, backfill);
        return revision;
      }
      return known?.revision ?? null;
    } catch {
      // D1 is down too: the handler will fail as well and report it. The last revision this
      // isolate knew (however old), else the last one any isolate learned, still finds the pages
      // to serve stale.
    }
    if (known) return known.revision;
    try {
      return await store.readLastKnownRevision();
    } catch (error) {
      warnKvFailure('get last-known revision', error);
      return null;
    }
  };
}
