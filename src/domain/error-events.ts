/**
 * What an error event may contain before it leaves the worker (Toucan's `beforeSend`) or the
 * browser (the Sentry browser SDK's): one set of rules for both.
 *
 * - Noise is dropped: the messages docs/spec-coverage.md section 8 lists (`Object Not Found Matching Id`, thrown
 *   by a crawler's injected script; `Illegal invocation`, a runtime binding misuse we cannot act
 *   on), and events whose stack frames are all anonymous (nothing in them points at our code).
 * - Privacy: cookies and credentials never leave, and every email address (subscribers type theirs
 *   into our forms; they end up in URLs, messages and breadcrumbs) and every secret address (a
 *   journalist's link, a mailed confirmation or unsubscribe link: ./secret-paths.ts) is replaced
 *   wherever it appears.
 */
import { withoutSecrets } from './secret-paths';

/** The parts of a Sentry event these rules read (both SDKs' events have this shape). */
interface StackFrame {
  filename?: string;
  abs_path?: string;
}
export interface ErrorEvent {
  message?: string;
  logentry?: { message?: string };
  exception?: { values?: { type?: string; value?: string; stacktrace?: { frames?: StackFrame[] } }[] };
  request?: { cookies?: unknown; headers?: Record<string, string> };
  user?: { email?: unknown; ip_address?: unknown };
}

/**
 * The reporting settings of docs/spec-coverage.md section 9, set explicitly in both SDKs' configuration (the
 * worker's toucan-js and the browser's Sentry SDK), never left to a library default.
 */
/** One error in two hundred is sent: a newsroom's errors repeat across visitors. */
export const ERROR_SAMPLE_RATE = 0.005;
/** Unless `SENTRY_TRACES_SAMPLE_RATE` says otherwise. */
export const DEFAULT_TRACES_SAMPLE_RATE = 1;
export const PRODUCTION_ENVIRONMENT = 'production';
/** Browser tracing: a page load ends 1 s after its last activity, 30 s at most; a child span that
 * has not ended after 5 s (the heartbeat) ends the transaction. */
export const BROWSER_TRACING = { idleTimeout: 1_000, finalTimeout: 30_000, childSpanTimeout: 5_000 } as const;
/** Events a transport holds while sending. */
export const TRANSPORT_BUFFER_SIZE = 30;
/** How long to stop sending after a 429 that gives no Retry-After. */
export const RATE_LIMIT_BACKOFF_SECONDS = 60;
/** The not-found page's transaction name; such transactions are dropped, never sent. */
export const NOT_FOUND_TRANSACTION = '/404';
/** Where browser requests may carry trace headers: localhost, same-origin paths, `api/…`. */
export const BROWSER_TRACE_PROPAGATION_TARGETS: readonly (string | RegExp)[] = ['localhost', /^\//, /^api\//];

/**
 * The worker's reporter of one unexpected error (src/platform/errors/reporter.ts, toucan-js): tags
 * on the event, and the event sent, its id returned.
 */
export interface ErrorReporter {
  setTag(key: string, value: string): void;
  captureException(error: unknown): string;
}

/** What a reporter is made for: the failing request (its safe parts) and where sending may go on after the response. */
export interface ReporterContext {
  readonly request: Request;
  readonly waitUntil: (promise: Promise<unknown>) => void;
}

/** Test seams: where envelopes go, and a sample rate that does not drop 99.5% of them. */
export interface ReporterOverrides {
  readonly fetcher?: typeof fetch;
  readonly sampleRate?: number;
}

/** Matched as substrings of the message or `Type: message`, like Sentry's `ignoreErrors`. */
export const IGNORED_ERRORS: readonly string[] = ['Object Not Found Matching Id', 'Illegal invocation'];

export const REDACTED_EMAIL = '[email]';
/** An email address, also percent-encoded (`%40`) as it appears in query strings. */
export const EMAIL_PATTERN = /[A-Z0-9._%+-]+(?:@|%40)[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/gi;

/** Request headers that carry credentials or a visitor's identity. */
const SECRET_HEADERS = new Set(['cookie', 'set-cookie', 'authorization', 'proxy-authorization', 'cf-connecting-ip', 'x-forwarded-for', 'x-real-ip', 'true-client-ip']);

export function redactEmails(text: string): string {
  return text.replace(EMAIL_PATTERN, REDACTED_EMAIL);
}

function messagesOf(event: ErrorEvent): string[] {
  const messages: string[] = [];
  if (typeof event.message === 'string') messages.push(event.message);
  if (event.logentry?.message) messages.push(event.logentry.message);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) messages.push(exception.value);
    if (exception.type || exception.value) messages.push(`${exception.type ?? ''}: ${exception.value ?? ''}`);
  }
  return messages;
}

export function isIgnoredError(event: ErrorEvent): boolean {
  return messagesOf(event).some((message) => IGNORED_ERRORS.some((ignored) => message.includes(ignored)));
}

/** A frame with no file of ours: `<anonymous>`, a native function, or none at all. */
export function isAnonymousFrame(frame: StackFrame): boolean {
  const file = frame.filename ?? frame.abs_path ?? '';
  return file === '' || file === '<anonymous>' || file === 'native' || file === '[native code]';
}

/** True when the event has stack frames and not one of them names a file. */
export function hasOnlyAnonymousFrames(event: ErrorEvent): boolean {
  const frames = (event.exception?.values ?? []).flatMap((exception) => exception.stacktrace?.frames ?? []);
  return frames.length > 0 && frames.every(isAnonymousFrame);
}

/** A string of an event with its email addresses and secret addresses replaced. */
function redactText(text: string): string {
  return withoutSecrets(redactEmails(text));
}

/** Copies a value with every string (keys included) passed through `redactText`. */
function redactDeep(value: unknown, seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value) || depth > 32) return '[cyclic or too deep]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, seen, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[redactText(key)] = redactDeep(item, seen, depth + 1);
  return copy;
}

/** The event with cookies, credentials, IPs, email addresses and secret addresses removed. */
export function scrubEvent<T extends ErrorEvent>(event: T): T {
  const scrubbed = redactDeep(event, new WeakSet(), 0) as T;
  if (scrubbed.request) {
    delete scrubbed.request.cookies;
    const headers = scrubbed.request.headers;
    if (headers) {
      for (const name of Object.keys(headers)) if (SECRET_HEADERS.has(name.toLowerCase())) delete headers[name];
    }
  }
  if (scrubbed.user) {
    delete scrubbed.user.email;
    delete scrubbed.user.ip_address;
  }
  return scrubbed;
}

/** `beforeSend` of both SDKs: drop noise, scrub the rest. */
export function beforeSend<T extends ErrorEvent>(event: T): T | null {
  if (isIgnoredError(event) || hasOnlyAnonymousFrames(event)) return null;
  return scrubEvent(event);
}
