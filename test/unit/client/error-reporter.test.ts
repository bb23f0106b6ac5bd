// The browser reporter's configuration, value by value (docs/spec-coverage.md section 9): every setting is ours,
// none left to the SDK's defaults. The browser tests check the same reporter against a fake ingest.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';

const init = vi.fn();
const captureException = vi.fn();
const browserTracingIntegration = vi.fn((options: unknown) => ({ name: 'BrowserTracing', options }));
const makeFetchTransport = vi.fn();
vi.mock('@sentry/browser', () => ({ init, captureException, browserTracingIntegration, makeFetchTransport }));

const SETTINGS = { dsn: 'https://key@ingest.example/42', environment: 'staging', release: 'abc123', tracesSampleRate: 0.25 };

beforeEach(() => {
  vi.stubGlobal('window', { fetch: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

async function started(pageStatus = 200, queued: unknown[] = []) {
  const { startReporter } = await import('#src/client/error-reporting/reporter');
  startReporter(SETTINGS, pageStatus, queued);
  return init.mock.calls[0]![0] as Record<string, unknown> & { integrations: (defaults: unknown[]) => unknown[] };
}

test('init gets every value of the spec explicitly', async () => {
  const options = await started();
  expect(options).toMatchObject({
    dsn: SETTINGS.dsn,
    environment: 'staging',
    release: 'abc123',
    sampleRate: 0.005,
    tracesSampleRate: 0.25,
    traceLifecycle: 'static',
    tracePropagationTargets: ['localhost', /^\//, /^api\//],
    transportOptions: { bufferSize: 30 },
    ignoreErrors: ['Object Not Found Matching Id', 'Illegal invocation'],
  });
  expect(options).toHaveProperty('tunnel', undefined);
  options.integrations([]);
  expect(browserTracingIntegration).toHaveBeenCalledWith(expect.objectContaining({ idleTimeout: 1000, finalTimeout: 30000, childSpanTimeout: 5000 }));
});

test('the not-found page’s load is named /404 and such transactions are dropped; others pass', async () => {
  const options = await started(404);
  options.integrations([]);
  const { beforeStartSpan } = browserTracingIntegration.mock.calls[0]![0] as { beforeStartSpan: (span: { name: string }) => { name: string } };
  expect(beforeStartSpan({ name: '/no-such-story' }).name).toBe('/404');
  const beforeSendTransaction = options.beforeSendTransaction as (event: { transaction: string }) => unknown;
  expect(beforeSendTransaction({ transaction: '/404' })).toBeNull();
  expect(beforeSendTransaction({ transaction: '/media' })).toEqual({ transaction: '/media' });
});

test('errors queued before the reporter loaded are captured once it has', async () => {
  const early = new Error('early');
  await started(200, [early]);
  expect(captureException).toHaveBeenCalledWith(early);
});

test('a 429 without Retry-After is given our 60 s back-off; one with a wait of its own keeps it', async () => {
  const { withRateLimitBackoff } = await import('#src/client/error-reporting/reporter');
  const bare = await withRateLimitBackoff(async () => new Response(null, { status: 429 }))('https://ingest.example');
  expect(bare.headers.get('retry-after')).toBe('60');
  const own = await withRateLimitBackoff(async () => new Response(null, { status: 429, headers: { 'Retry-After': '5' } }))('https://ingest.example');
  expect(own.headers.get('retry-after')).toBe('5');
  const limits = await withRateLimitBackoff(async () => new Response(null, { status: 429, headers: { 'X-Sentry-Rate-Limits': '30::organization' } }))('https://ingest.example');
  expect(limits.headers.get('retry-after')).toBeNull();
  const fine = await withRateLimitBackoff(async () => new Response('{}', { status: 200 }))('https://ingest.example');
  expect(fine.headers.get('retry-after')).toBeNull();
});
