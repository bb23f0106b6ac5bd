/**
 * Structured events for Workers Logs: one JSON object per line, whose `event` names what happened
 * (`request`, `go_live`, `jobs`, `health_check_failed`) and whose other fields are indexed as they
 * are, so a dashboard can filter on `status` or count by `route` (ADR 0028). Callers pass facts
 * that are safe to keep: no secrets, no tokens, no visitor's search terms.
 *
 * Failures named in words (onError's "Unhandled error", the jobs' "Job failed, will retry") are
 * lines whose `message` says what went wrong (`logFailure`): alerts and tests read them as such.
 * Every structured line of the worker goes through this module.
 */

export type LogLevel = 'info' | 'warn' | 'error';

/** Writes `{"event": event, ...fields}` on one line; `info` goes to console.log. */
export function logEvent(event: string, fields: Readonly<Record<string, unknown>>, level: LogLevel = 'info'): void {
  writeLine({ event, ...fields }, level);
}

/** Writes `{"message": message, ...fields}` on one line: a failure (or a job's outcome) in words. */
export function logFailure(message: string, fields: Readonly<Record<string, unknown>> = {}, level: LogLevel = 'error'): void {
  writeLine({ message, ...fields }, level);
}

function writeLine(fields: Readonly<Record<string, unknown>>, level: LogLevel): void {
  const line = JSON.stringify(fields);
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

