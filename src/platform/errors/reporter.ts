/**
 * The error reporter: a toucan-js (Sentry protocol) client per failing request, configured from
 * config.ts and filtered by src/domain/error-events.ts (beforeSend). Built only when an error is
 * reported, so requests that succeed pay nothing for it.
 *
 * Toucan always sends through its own fetch transport (kept alive with `waitUntil`); tests swap
 * the `fetcher` to capture envelopes instead of sending them.
 */
import { Toucan } from 'toucan-js';
import type { ErrorReportingConfig } from './config';
import { beforeSend } from '#src/domain/error-events';
import { shouldAttachTraceHeaders } from './trace-propagation';

/** Request headers worth attaching to an event; everything else (cookies first) stays behind. */
export const REPORTED_HEADERS: readonly string[] = ['user-agent', 'accept', 'accept-language', 'referer', 'cf-ray', 'cf-ipcountry'];

export interface ReporterContext {
  readonly request: Request;
  readonly waitUntil: (promise: Promise<unknown>) => void;
}

/** Test seams: where envelopes go, and a sample rate that does not drop 99.5% of them. */
export interface ReporterOverrides {
  readonly fetcher?: typeof fetch;
  readonly sampleRate?: number;
}

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

/**
 * `sentry-trace` and `baggage` for an outgoing request, or nothing when `url` is not ours
 * (see trace-propagation.ts).
 */
export function traceHeaders(reporter: Toucan, config: ErrorReportingConfig, url: string, origin: string): Record<string, string> {
  if (!shouldAttachTraceHeaders(url, origin)) return {};
  const { traceId, spanId, sampled } = reporter.getPropagationContext();
  const sentryTrace = sampled === undefined ? `${traceId}-${spanId}` : `${traceId}-${spanId}-${sampled ? 1 : 0}`;
  const publicKey = new URL(config.dsn).username;
  const baggage = Object.entries({ trace_id: traceId, environment: config.environment, release: config.release, public_key: publicKey })
    .map(([name, value]) => `sentry-${name}=${encodeURIComponent(value)}`)
    .join(',');
  return { 'sentry-trace': sentryTrace, baggage };
}
