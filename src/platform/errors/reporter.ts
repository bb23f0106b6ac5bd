/**
 * The error reporter: a toucan-js (Sentry protocol) client per failing request, configured from
 * config.ts and filtered by src/domain/error-events.ts (beforeSend). Built only when an error is
 * reported, so requests that succeed pay nothing for it.
 *
 * Toucan always sends through its own fetch transport (kept alive with `waitUntil`); tests swap
 * the `fetcher` to capture envelopes instead of sending them.
 */
import { Toucan } from 'toucan-js';
import type { ErrorReportingConfig } from '#src/config/error-reporting';
import { beforeSend, type ReporterContext, type ReporterOverrides } from '#src/domain/error-events';

/** Request headers worth attaching to an event; everything else (cookies first) stays behind. */
export const REPORTED_HEADERS: readonly string[] = ['user-agent', 'accept', 'accept-language', 'referer', 'cf-ray', 'cf-ipcountry'];

export function createReporter(config: ErrorReportingConfig, context: ReporterContext, overrides: ReporterOverrides = {}): Toucan {
  return new Toucan({
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    sampleRate: overrides.sampleRate ?? config.sampleRate,
    tracesSampleRate: config.tracesSampleRate,
    context: { waitUntil: context.waitUntil, request: context.request },
    request: context.request,
    requestDataOptions: {
      allowedHeaders: [...REPORTED_HEADERS],
      allowedCookies: false,
      // Query strings help reproduce a fault; emails in them are redacted by beforeSend.
      allowedSearchParams: true,
      allowedIps: false,
    },
    beforeSend,
    transportOptions: overrides.fetcher ? { fetcher: overrides.fetcher } : {},
  });
}
