/**
 * Readership's adapters over Workers Analytics Engine (docs/decisions/0055-readership-at-the-edge.md):
 * the counter that writes one data point per story request (`writeDataPoint` on the READERSHIP
 * binding: non-blocking, no round trip, nothing for the visitor to wait for), and the reader that
 * asks the SQL API for the sums.
 *
 * Locally Miniflare's dataset accepts points and drops them, so with a loopback stand-in
 * (READERSHIP_STANDIN_URL) the counter also posts each point there after the response, and the
 * reader asks the stand-in's SQL API: the same code paths as deployed, with an origin changed.
 */
import { STANDIN_WRITE_PATH, type ReadershipSettings } from '#src/config/readership';
import type { ReadershipPoint, ReadershipReader } from '#src/domain/readership';
import { readershipRowsOf, readershipSql } from '#src/domain/readership-query';
import { logEvent } from '#src/log';

export interface CountTarget {
  /** The READERSHIP binding (absent: nothing counted but the stand-in's copy). */
  readonly dataset: AnalyticsEngineDataset | undefined;
  readonly settings: ReadershipSettings;
  /** Outbound requests to the stand-in (tests hand in its fetch). */
  readonly fetch: typeof fetch;
  /** Keeps the stand-in's post alive after the response. */
  waitUntil(work: Promise<unknown>): void;
}

/** Counts one request. Never throws: counting must not cost a visitor their page. */
export function countRequest(target: CountTarget, point: ReadershipPoint): void {
  try {
    target.dataset?.writeDataPoint(point);
  } catch (error) {
    logEvent('readership_write_failed', { message: (error as Error).message }, 'warn');
  }
  const standin = target.settings.standinUrl;
  if (!standin) return;
  const post = target
    .fetch(`${standin}${STANDIN_WRITE_PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ dataset: target.settings.dataset, point }) })
    .then((response) => response.body?.cancel())
    .catch((error: unknown) => logEvent('readership_standin_failed', { message: (error as Error).message }, 'warn'));
  target.waitUntil(post);
}

/** The reader over the SQL API (or the stand-in's), or null when it is not configured. */
export function sqlReadershipReader(settings: ReadershipSettings, fetcher: typeof fetch = fetch): ReadershipReader | null {
  const { sql } = settings;
  if (sql.url === null) return null;
  return {
    async rows(slugs, days) {
      const response = await fetcher(sql.url, { method: 'POST', headers: { Authorization: `Bearer ${sql.token}`, 'Content-Type': 'text/plain' }, body: readershipSql(settings.dataset, slugs, days) });
      if (!response.ok) throw new Error(`The Analytics Engine SQL API answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      return readershipRowsOf(await response.json());
    },
  };
}
