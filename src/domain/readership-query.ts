/**
 * The one query the newsroom sends to Workers Analytics Engine's SQL API
 * (`POST /client/v4/accounts/{account_id}/analytics_engine/sql`, the query as the body), and the
 * reading of its JSON answer (`{meta, data, rows, rows_before_limit_at_least}`). The points are
 * those of ./readership.ts: index1 the slug; blob1 the form, blob2 the class, blob3 the agent,
 * blob4 the referring domain. Analytics Engine may sample a busy dataset: each stored row stands
 * for `_sample_interval` requests, so requests are its sum, never `count()`.
 *
 * The local stand-in (scripts/dev/readership-standin.mjs) evaluates exactly this query's shape:
 * a change here is a change there.
 */
import { READER_CLASSES, STORY_FORMS, storyIndexOf, type ReadershipRow } from './readership';
import type { ReaderClass } from './reader-classes';

/** A dataset's name as wrangler.toml gives it: letters, digits and underscores. */
export const DATASET_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** The longest window a report reads (Analytics Engine keeps points for three months). */
export const MAX_READERSHIP_DAYS = 90;

/** A string literal of Analytics Engine's SQL: backslashes and single quotes escaped. */
export function sqlString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The query for the slugs' requests by day, form, class, agent and referring domain over the last `days` days. */
export function readershipSql(dataset: string, slugs: readonly string[], days: number): string {
  if (!DATASET_PATTERN.test(dataset)) throw new Error(`Not a dataset name: ${dataset}`);
  if (!Number.isInteger(days) || days < 1 || days > MAX_READERSHIP_DAYS) throw new Error(`days must be 1 to ${MAX_READERSHIP_DAYS}`);
  if (slugs.length === 0) throw new Error('No story to read');
  const indexes = [...new Set(slugs.map(storyIndexOf))].map(sqlString).join(', ');
  return [
    'SELECT toStartOfDay(timestamp) AS day, index1 AS slug, blob1 AS form, blob2 AS class, blob3 AS agent, blob4 AS referrer, SUM(_sample_interval) AS requests',
    `FROM ${dataset}`,
    `WHERE timestamp >= NOW() - INTERVAL '${days}' DAY AND index1 IN (${indexes})`,
    'GROUP BY day, slug, form, class, agent, referrer',
    'ORDER BY day',
    'FORMAT JSON',
  ].join(' ');
}

/** The rows of the SQL API's JSON answer; a row of an unknown form or class (another version's points) is left out. */
export function readershipRowsOf(answer: unknown): ReadershipRow[] {
  const data = (answer as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new Error('The SQL API answered without data');
  const rows: ReadershipRow[] = [];
  for (const raw of data as Record<string, unknown>[]) {
    const form = String(raw.form ?? '');
    const readerClass = String(raw.class ?? '');
    const requests = Number(raw.requests);
    const day = /^\d{4}-\d{2}-\d{2}/.exec(String(raw.day ?? ''))?.[0];
    if (!day || !STORY_FORMS.includes(form as never) || !READER_CLASSES.includes(readerClass as ReaderClass) || !Number.isFinite(requests)) continue;
    rows.push({ day, slug: String(raw.slug ?? ''), form: form as ReadershipRow['form'], class: readerClass as ReaderClass, agent: String(raw.agent ?? '') || null, referrer: String(raw.referrer ?? '') || null, requests });
  }
  return rows;
}
