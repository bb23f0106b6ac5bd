/**
 * Reports unexpected errors to the error-reporting service (toucan-js, Sentry protocol) from
 * `app.onError`. Known outcomes (not found, moved, invalid input) are answers, not faults, and
 * are never reported; the caller decides that before calling `reportError`.
 *
 * Reporting is off unless the `SENTRY_DSN` secret is set (config/error-reporting.ts). The reporter
 * is made by src/adapters.ts and handed over on the request's context (`errorReporterOf`), so the
 * request helpers never import the adapters. It must never make an error page worse: a
 * misconfiguration or a failing client is logged and ignored, and sending happens after the
 * response through `waitUntil`.
 *
 * The worker sends no trace headers: its only outgoing requests go to third parties (search
 * engines, mail, GitHub, Uploadcare), which must not see them. The browser's SDK attaches them
 * to its own origin's requests (BROWSER_TRACE_PROPAGATION_TARGETS, src/domain/error-events.ts).
 */
import type { Context } from 'hono';
import type { AppEnv } from './app-env';
import type { ReporterOverrides } from '#src/domain/error-events';
import { withoutSecrets } from '#src/domain/secret-paths';
import { runAfterResponse } from './responses';
import { logFailure } from '#src/log';

/** After the response; without an execution context (plain app.request) the send runs on its own. */
function waitUntilOf(c: Context<AppEnv>): (promise: Promise<unknown>) => void {
  return (promise) => void runAfterResponse(c, promise)?.catch(() => undefined);
}

/**
 * Sends `error` with the request's safe details (path, allowlisted headers, locale, request id).
 * Returns the event id, or null when reporting is off or failed.
 */
export function reportError(c: Context<AppEnv>, error: unknown, overrides: ReporterOverrides = {}): string | null {
  try {
    // The report names the address, and the page the visitor came from, without their secrets
    // (secret links, mailed tokens, in any spelling): the event scrub (beforeSend) does it again.
    const address = new URL(c.req.url);
    address.pathname = withoutSecrets(address.pathname);
    const headers = new Headers(c.req.raw.headers);
    const referer = headers.get('Referer');
    if (referer !== null) headers.set('Referer', withoutSecrets(referer));
    const request = new Request(address, { method: c.req.method, headers });
    // The maker the app set on the context (src/app.tsx); a sub-app run without it reports nothing.
    const reporter = c.var.errorReporterOf?.(c.env, c.var.deps?.config ?? null, { request, waitUntil: waitUntilOf(c) }, overrides) ?? null;
    if (!reporter) return null;
    reporter.setTag('path', address.pathname);
    const locale = c.var.locale;
    if (locale) reporter.setTag('locale', locale);
    const requestId = c.var.requestId ?? c.req.header('cf-ray');
    if (requestId) reporter.setTag('request_id', requestId);
    return reporter.captureException(error);
  } catch (failure) {
    logFailure('Error reporting failed', { error: failure instanceof Error ? failure.message : String(failure) }, 'warn');
    return null;
  }
}
