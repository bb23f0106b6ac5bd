/**
 * Structured events for Workers Logs: one JSON object per line, whose `event` names what happened
 * (`request`, `go_live`, `jobs`, `health_check_failed`) and whose other fields are indexed as they
 * are, so a dashboard can filter on `status` or count by `route` (ADR 0028). Callers pass facts
 * that are safe to keep: no secrets, no tokens, no visitor's search terms.
 *
 * Older lines that name a failure by `message` (onError's "Unhandled error", the jobs' "Job
 * failed, will retry") are left as they are.
 */

export type LogLevel = 'info' | 'warn' | 'error';

/** Writes `{"event": event, ...fields}` on one line; `info` goes to console.log. */
export function logEvent(event: string, fields: Readonly<Record<string, unknown>>, level: LogLevel = 'info'): void {
  const line = JSON.stringify({ event, ...fields });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

