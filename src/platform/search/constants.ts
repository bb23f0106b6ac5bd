/**
 * Search engine limits from docs/spec-coverage.md section 9, in one place so the worker's adapters, the import
 * CLI's index sync and their tests agree on them. Every value here is a number someone may want to
 * tune after watching a real engine; none is a default buried in a client library.
 */

/**
 * Per-request timeouts of the search services' clients, in milliseconds. Connect is short because
 * a host that cannot open a connection in a second is better skipped; reads are short because a
 * visitor is waiting; writes (index sync) move up to a thousand documents per request.
 */
export const SEARCH_CLIENT_TIMEOUTS = { connect: 1_000, read: 2_000, write: 30_000 } as const;

/**
 * How long a host that failed is skipped (down) or tried last (timed out) before it is tried
 * first again. Applied by host-state-cache.ts, the hosts cache we give the Algolia client.
 */
export const HOST_RETRY_COOLDOWN_MS = 120_000;

/** Index tasks (settings, document batches) are polled until done, within this bound. */
export const SEARCH_TASK_WAIT = { timeoutMs: 5_000, intervalMs: 50 } as const;

/** Documents per write request during the index sync. */
export const SEARCH_SYNC_BATCH_SIZE = 1_000;

/**
 * The longest a page waits for an external engine before the D1 fallback answers. It is above
 * the read timeout so the engine's own error (more precise) usually wins the race.
 */
export const SEARCH_FALLBACK_TIMEOUT_MS = 3_000;

/** Words around a match in a snippet; D1's snippet() uses the same count. */
export const SNIPPET_WORDS = 24;

/** Appended where a snippet cuts text, in every backend. */
export const SNIPPET_ELLIPSIS = '…';
