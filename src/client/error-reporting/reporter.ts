/**
 * The Sentry browser SDK with browser tracing, configured value by value from docs/spec-coverage.md section 9
 * (src/domain/error-events.ts): nothing is left to the library's defaults. Loaded on demand by
 * ./start.ts.
 */
import { browserTracingIntegration, captureException, init, makeFetchTransport } from '@sentry/browser';
import {
  beforeSend,
  BROWSER_TRACE_PROPAGATION_TARGETS,
  BROWSER_TRACING,
  ERROR_SAMPLE_RATE,
  IGNORED_ERRORS,
  NOT_FOUND_TRANSACTION,
  RATE_LIMIT_BACKOFF_SECONDS,
  TRANSPORT_BUFFER_SIZE,
} from '#src/domain/error-events';
import type { BrowserErrorReporting } from '../config';

// The page's own fetch, taken before the SDK wraps it for breadcrumbs and trace headers: the
// reporter's envelopes must not report on themselves.
const pageFetch = window.fetch.bind(window);

/**
 * The transport's fetch: a 429 that names no wait (no `Retry-After`, no `X-Sentry-Rate-Limits`)
 * is given ours, so the back-off is our setting rather than the library's.
 */
export function withRateLimitBackoff(send: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await send(input, init);
    if (response.status !== 429 || response.headers.has('retry-after') || response.headers.has('x-sentry-rate-limits')) return response;
    const headers = new Headers(response.headers);
    headers.set('retry-after', String(RATE_LIMIT_BACKOFF_SECONDS));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

export function startReporter(settings: BrowserErrorReporting, pageStatus: number, queued: readonly unknown[]): void {
  init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    sampleRate: ERROR_SAMPLE_RATE,
    tracesSampleRate: settings.tracesSampleRate,
    // Whole transactions, sent when the page load ends (not streamed span by span): what the
    // spec's settings (idle, final and child-span timeouts; /404 dropped) are about.
    traceLifecycle: 'static',
    integrations: (defaults) => [
      ...defaults,
      browserTracingIntegration({
        idleTimeout: BROWSER_TRACING.idleTimeout,
        finalTimeout: BROWSER_TRACING.finalTimeout,
        childSpanTimeout: BROWSER_TRACING.childSpanTimeout,
        // The not-found page has one name whatever the address, so it is recognised and dropped.
        beforeStartSpan: (options) => (pageStatus === 404 ? { ...options, name: NOT_FOUND_TRANSACTION } : options),
      }),
    ],
    tracePropagationTargets: [...BROWSER_TRACE_PROPAGATION_TARGETS],
    transport: (options) => makeFetchTransport(options, withRateLimitBackoff(pageFetch)),
    transportOptions: { bufferSize: TRANSPORT_BUFFER_SIZE },
    // Events go straight to the DSN's ingest: no tunnel through this worker.
    tunnel: undefined,
    ignoreErrors: [...IGNORED_ERRORS],
    beforeSend: (event) => beforeSend(event),
    beforeSendTransaction: (event) => (event.transaction === NOT_FOUND_TRANSACTION ? null : event),
  });
  for (const error of queued) captureException(error);
}
