/**
 * What an error event may contain before it leaves the worker (Toucan's `beforeSend`):
 *
 * - Noise is dropped: the messages SPEC.md section 8 lists (`Object Not Found Matching Id`, thrown
 *   by a crawler's injected script; `Illegal invocation`, a runtime binding misuse we cannot act
 *   on), and events whose stack frames are all anonymous (nothing in them points at our code).
 * - Privacy: cookies and credentials never leave, and every email address (subscribers type theirs
 *   into our forms; they end up in URLs, messages and breadcrumbs) is replaced wherever it appears.
 */
import type { Options } from 'toucan-js';

/** Sentry's error event, as toucan-js hands it to `beforeSend`. */
export type ErrorEvent = Parameters<NonNullable<Options['beforeSend']>>[0];
type StackFrame = NonNullable<NonNullable<NonNullable<NonNullable<ErrorEvent['exception']>['values']>[number]['stacktrace']>['frames']>[number];

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

/** Copies a value with every string (keys included) passed through `redactEmails`. */
function redactDeep(value: unknown, seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === 'string') return redactEmails(value);
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value) || depth > 32) return '[cyclic or too deep]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, seen, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[redactEmails(key)] = redactDeep(item, seen, depth + 1);
  return copy;
}

/** The event with cookies, credentials, IPs and email addresses removed. */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  const scrubbed = redactDeep(event, new WeakSet(), 0) as ErrorEvent;
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

/** Toucan's `beforeSend`: drop noise, scrub the rest. */
export function beforeSend(event: ErrorEvent): ErrorEvent | null {
  if (isIgnoredError(event) || hasOnlyAnonymousFrames(event)) return null;
  return scrubEvent(event);
}
