/**
 * The page cache's pointers a request is served under (ADR 0011): the content revision, the last
 * withdrawal and when they changed, read from KV as one value (`content-revision`, written by the
 * import and the cron) and trusted by the isolate for a few seconds; when KV has none, read from
 * D1 and written back to KV for the next isolates. Both the page-cache key and the isolate's copy
 * of the site context (middleware/site.ts) are keyed on the revision.
 */
import type { Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { describeError } from '#src/domain/errors';
import type { KvPageCacheStore, RevisionPointers } from '#src/platform/kv/page-cache-store';
import { REVISION_BACKFILL_TTL_SECONDS } from './policy';
import { runAfterResponse } from '#src/http/responses';
import { logFailure } from '#src/log';

export interface RevisionReaderOptions {
  /** The pointers from D1, used when KV has none. Called at most once per isolate per `memoMs`. */
  readonly readPointersFromDb: (c: Context<AppEnv>) => Promise<{ revision: number; lastWithdrawal: number } | null>;
  /** How long an isolate trusts pointers it read. */
  readonly memoMs: number;
  readonly now: () => number;
}

export type RevisionReader = (c: Context<AppEnv>, store: KvPageCacheStore) => Promise<RevisionPointers | null>;

export function warnKvFailure(operation: string, error: unknown): void {
  logFailure('Page cache: KV failed; continuing without it', { operation, error: describeError(error) }, 'warn');
}

export function createRevisionReader(options: RevisionReaderOptions): RevisionReader {
  // Per isolate: remembered across requests. Never a shared in-flight promise: workerd forbids
  // one request awaiting I/O started by another.
  let known: { pointers: RevisionPointers; readAt: number } | null = null;

  return async function currentPointers(c, store) {
    const now = options.now();
    if (known && now - known.readAt < options.memoMs) return known.pointers;
    try {
      const pointers = await store.readPointers();
      if (pointers !== null) {
        known = { pointers, readAt: now };
        return pointers;
      }
    } catch (error) {
      warnKvFailure('get content-revision', error);
    }
    try {
      const fromDb = await options.readPointersFromDb(c);
      if (fromDb !== null) {
        // When they changed is unknown: a backfill never counts as a recent change.
        const pointers: RevisionPointers = { ...fromDb, changedAt: null };
        known = { pointers, readAt: now };
        const backfill = Promise.all([
          store.writeRevisionPointers(pointers, REVISION_BACKFILL_TTL_SECONDS).catch((error: unknown) => warnKvFailure('put content-revision', error)),
          store.writeLastKnownPointers(pointers).catch((error: unknown) => warnKvFailure('put last-known revision', error)),
        ]);
        await runAfterResponse(c, backfill);
        return pointers;
      }
      return known?.pointers ?? null;
    } catch {
      // D1 is down too: the handler will fail as well and report it. The last pointers this
      // isolate knew (however old), else the last ones any isolate learned, still find the pages
      // to serve stale.
    }
    if (known) return known.pointers;
    try {
      return await store.readLastKnownPointers();
    } catch (error) {
      warnKvFailure('get last-known revision', error);
      return null;
    }
  };
}
