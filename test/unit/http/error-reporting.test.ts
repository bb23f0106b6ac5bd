// Error reporting: its configuration, filters and scrubbing as tables, then the real app
// (createApp) reporting an unexpected error from app.onError, with the ingest's fetch stubbed.
import { describe, expect, test, vi } from 'vitest';
import type { Options } from 'toucan-js';
import { createApp } from '#src/app';
import { readErrorReportingConfig } from '#src/config/error-reporting';
import { beforeSend, ERROR_SAMPLE_RATE, hasOnlyAnonymousFrames, isIgnoredError, redactEmails, scrubEvent } from '#src/domain/error-events';

/** Sentry's error event, as toucan-js hands it to `beforeSend`. */
type ErrorEvent = Parameters<NonNullable<Options['beforeSend']>>[0];

const DSN = 'https://publickey123@o1.ingest.sentry.example/42';
/** A page of the app that fails when its binding does: the stylesheet, served from ASSETS. */
const FAILING_PAGE = 'https://news.example/styles/site.css';

/** The parts of a sent event payload the tests read. */
interface SentEvent {
  readonly url: string;
  readonly event: {
    environment: string;
    release: string;
    tags: Record<string, string>;
    exception: { values: { value: string }[] };
    request: { cookies?: unknown; headers?: Record<string, string> };
  };
}

/**
 * The real app whose stylesheet route fails: its ASSETS binding throws `error` (by default one
 * naming an email address), which reaches app.onError like any unexpected error. The ingest is a
 * stub of the global fetch: envelopes are parsed and kept instead of sent. `sampled` draws every
 * error into the sample (the default rate keeps 0.5%); app.onError's one log line per unexpected
 * error is expected, so console.error is silenced.
 */
function reportingApp(vars: Record<string, string>, options: { sampled?: boolean; error?: () => unknown } = {}) {
  const sent: SentEvent[] = [];
  const pending: Promise<unknown>[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const lines = String(init?.body).split('\n');
    // Envelope: header line, then (item header, item payload) pairs.
    for (let i = 1; i + 1 < lines.length; i += 2) {
      if (JSON.parse(lines[i]!).type === 'event') sent.push({ url: String(input), event: JSON.parse(lines[i + 1]!) });
    }
    return new Response('{}', { status: 200 });
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  if (options.sampled) vi.spyOn(Math, 'random').mockReturnValue(0);
  const failingAssets = {
    fetch: () => {
      throw options.error ? options.error() : new Error('Rendering failed for jane.doe@example.com');
    },
  };
  const app = createApp();
  const ctx = { waitUntil: (promise: Promise<unknown>) => void pending.push(promise), passThroughOnException: () => undefined, props: {} };
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await app.request(url, init, { ...vars, ASSETS: failingAssets }, ctx as unknown as ExecutionContext);
    // The transport hands its request to waitUntil a few microtasks after capture.
    for (let i = 0; i < 10; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      await Promise.all(pending);
    }
    return response;
  };
  return { request, sent };
}

const exceptionEvent = (values: NonNullable<ErrorEvent['exception']>['values']): ErrorEvent => ({ type: undefined, exception: { values } });

describe('error reporting', () => {
  test.each([
    ['no DSN', {}, null],
    ['an empty DSN', { SENTRY_DSN: ' ' }, null],
    ['a DSN only', { SENTRY_DSN: DSN }, { dsn: DSN, environment: 'production', release: 'dev', sampleRate: 0.005, tracesSampleRate: 1 }],
    [
      'a preview deployment',
      { SENTRY_DSN: DSN, ENVIRONMENT_LABEL: 'preview', RELEASE: '1a2b3c4', SENTRY_TRACES_SAMPLE_RATE: '0.25' },
      { dsn: DSN, environment: 'preview', release: '1a2b3c4', sampleRate: 0.005, tracesSampleRate: 0.25 },
    ],
  ])('configuration with %s', (_name, env, expected) => {
    expect(readErrorReportingConfig(env)).toEqual(expected);
  });

  test.each([
    [{ SENTRY_DSN: 'not a url' }, 'SENTRY_DSN'],
    [{ SENTRY_DSN: DSN, SENTRY_TRACES_SAMPLE_RATE: '2' }, 'SENTRY_TRACES_SAMPLE_RATE'],
    [{ SENTRY_DSN: DSN, SENTRY_TRACES_SAMPLE_RATE: 'all' }, 'SENTRY_TRACES_SAMPLE_RATE'],
  ])('a malformed configuration names the variable: %o', (env, variable) => {
    expect(() => readErrorReportingConfig(env)).toThrow(variable);
  });

  test.each([
    [exceptionEvent([{ type: 'Error', value: 'Object Not Found Matching Id:3, MethodName:update' }]), true],
    [exceptionEvent([{ type: 'TypeError', value: 'Illegal invocation' }]), true],
    [{ type: undefined, message: 'Illegal invocation: function called on wrong receiver' } as ErrorEvent, true],
    [exceptionEvent([{ type: 'Error', value: 'D1_ERROR: no such table' }]), false],
  ])('ignored error %#: %s', (event, expected) => {
    expect(isIgnoredError(event)).toBe(expected);
  });

  test.each([
    [[{ filename: '<anonymous>' }, { filename: '<anonymous>' }], true],
    [[{ function: 'eval' }, { filename: 'native' }], true],
    [[{ filename: '<anonymous>' }, { filename: '/index.js', function: 'render' }], false],
    [[], false],
  ])('frames %o are all anonymous: %s', (frames, expected) => {
    expect(hasOnlyAnonymousFrames(exceptionEvent([{ type: 'Error', value: 'x', stacktrace: { frames } }]))).toBe(expected);
  });

  test('scrubbing removes cookies, credentials, IPs and every email address', () => {
    const event: ErrorEvent = {
      type: undefined,
      message: 'Subscribe failed for jane.doe@example.com',
      request: {
        url: 'https://news.example/en/newsroom/x/subscribe',
        query_string: 'email=jane.doe%40example.com&locale=en',
        cookies: { consent: 'true', session: 'abc' },
        headers: { Cookie: 'session=abc', Authorization: 'Bearer x', 'CF-Connecting-IP': '203.0.113.9', 'user-agent': 'Test' },
        data: { email: 'Jane.Doe@Example.co.uk', nested: ['ops+alerts@example.org'] },
      },
      user: { id: '1', email: 'jane.doe@example.com', ip_address: '203.0.113.9' },
      breadcrumbs: [{ message: 'POST by john@example.net' }],
      extra: { 'jane.doe@example.com': 'as a key' },
    };
    const scrubbed = scrubEvent(event);
    expect(JSON.stringify(scrubbed)).not.toMatch(/example\.(com|co\.uk|org|net)/);
    expect(scrubbed.message).toBe('Subscribe failed for [email]');
    expect(scrubbed.request?.query_string).toBe('email=[email]&locale=en');
    expect(scrubbed.request?.cookies).toBeUndefined();
    expect(scrubbed.request?.headers).toEqual({ 'user-agent': 'Test' });
    expect(scrubbed.user).toEqual({ id: '1' });
    expect(event.message).toContain('jane.doe@example.com'); // the original is left alone
  });

  test('scrubbing removes every secret address: the page, the Referer, messages and breadcrumbs, in any spelling', () => {
    const token = 'r_4K1XAkym3ry19CWCJ3CqStL3RWEPw_cYFLwjDgEa0';
    const event: ErrorEvent = {
      type: undefined,
      message: `Story failed on /%73/${token}`,
      request: {
        url: `https://news.example/en/s/${token}`,
        headers: { Referer: `https://news.example/s%2F${token}?utm_source=x`, 'user-agent': 'Test' },
      },
      breadcrumbs: [{ message: `GET /fr/newsroom/u/unsubscribe/${token}` }],
    };
    const scrubbed = scrubEvent(event);
    expect(JSON.stringify(scrubbed)).not.toContain(token);
    expect(scrubbed.message).toBe('Story failed on /s/:token');
    expect(scrubbed.request?.url).toBe('https://news.example/en/s/:token');
    expect(scrubbed.request?.headers).toEqual({ Referer: 'https://news.example/s/:token?utm_source=x', 'user-agent': 'Test' });
  });

  test.each([
    ['mail jane@example.com now', 'mail [email] now'],
    ['a%40b.io', '[email]'],
    ['no address here @ all', 'no address here @ all'],
  ])('redactEmails(%s) = %s', (text, expected) => {
    expect(redactEmails(text)).toBe(expected);
  });

  test('beforeSend drops noise and scrubs the rest', () => {
    expect(beforeSend(exceptionEvent([{ type: 'TypeError', value: 'Illegal invocation' }]))).toBeNull();
    expect(beforeSend({ type: undefined, message: 'a@b.io failed' })?.message).toBe('[email] failed');
  });

  test('with a DSN, an unexpected error is sent with environment, release, path and no cookies or emails', async () => {
    const { request, sent } = reportingApp({ SENTRY_DSN: DSN, RELEASE: 'abc123' }, { sampled: true });
    const response = await request(`${FAILING_PAGE}?query=x&email=jane.doe%40example.com`, {
      headers: { Cookie: 'consent=true; session=abc', Referer: 'https://news.example/?from=jane.doe@example.com', 'User-Agent': 'Test' },
    });
    expect(response.status).toBe(500);
    expect(sent).toHaveLength(1);
    const { url, event } = sent[0]!;
    expect(url).toBe('https://o1.ingest.sentry.example/api/42/envelope/?sentry_key=publickey123&sentry_version=7&sentry_client=toucan-js%2F4.1.1');
    expect(event.environment).toBe('production');
    expect(event.release).toBe('abc123');
    expect(event.tags).toMatchObject({ path: '/styles/site.css' });
    expect(event.exception.values[0]!.value).toBe('Rendering failed for [email]');
    expect(event.request.cookies).toBeUndefined();
    expect(event.request.headers).toEqual({ referer: 'https://news.example/?from=[email]', 'user-agent': 'Test' });
    expect(JSON.stringify(event)).not.toContain('example.com');
    expect(JSON.stringify(event)).not.toContain('session=abc');
  });

  test('without a DSN nothing is sent', async () => {
    const { request, sent } = reportingApp({}, { sampled: true });
    expect((await request(FAILING_PAGE)).status).toBe(500);
    expect(sent).toHaveLength(0);
  });

  test('ignored errors are not sent', async () => {
    const { request, sent } = reportingApp({ SENTRY_DSN: DSN }, { sampled: true, error: () => new TypeError('Illegal invocation') });
    await request(FAILING_PAGE);
    expect(sent).toHaveLength(0);
  });

  test('errors whose stack frames are all anonymous are not sent', async () => {
    const anonymous = () => {
      const error = new Error('Script error');
      error.stack = 'Error: Script error\n    at <anonymous>:1:1\n    at <anonymous>:2:2';
      return error;
    };
    const { request, sent } = reportingApp({ SENTRY_DSN: DSN }, { sampled: true, error: anonymous });
    await request(FAILING_PAGE);
    expect(sent).toHaveLength(0);
  });

  test(`by default only ${ERROR_SAMPLE_RATE * 100}% of errors are sent`, async () => {
    const random = vi.spyOn(Math, 'random');
    const { request, sent } = reportingApp({ SENTRY_DSN: DSN });
    random.mockReturnValue(0.5);
    await request(FAILING_PAGE);
    expect(sent).toHaveLength(0);
    random.mockReturnValue(0.004);
    await request(FAILING_PAGE);
    expect(sent).toHaveLength(1);
  });

  test('a broken configuration never breaks the error page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { request, sent } = reportingApp({ SENTRY_DSN: 'nope' }, { sampled: true });
    expect((await request(FAILING_PAGE)).status).toBe(500);
    expect(sent).toHaveLength(0);
    expect(String(warn.mock.calls[0]![0])).toContain('SENTRY_DSN');
  });
});
