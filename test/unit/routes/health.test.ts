// The health check's verdict (src/routes/health.ts) from stand-in checks: both stores answering is
// a 200 with the revision; a store that fails or hangs is a 503 naming it, within the timeout,
// with the reason in one warning log line and not in the answer. The route keeps its result a few
// seconds and counts each client first.
import { Hono } from 'hono';
import { afterEach, expect, test, vi } from 'vitest';
import type { AppEnv } from '#src/http/app-env';
import { checkHealth, HEALTH_CHECK_TIMEOUT_MS, HEALTH_RESULT_MEMO_MS, healthRoutes, type HealthChecks } from '#src/routes/health';
import { TooManyRequestsError, UnavailableError } from '#src/domain/errors';

const answering: HealthChecks = { d1: async () => 42, kv: async () => '42' };
const failing = async (): Promise<never> => {
  throw new UnavailableError('D1', { cause: new Error('D1_ERROR: Network connection lost.') });
};
const hanging = (): Promise<never> => new Promise(() => {});

function captureWarnings(): string[] {
  const lines: string[] = [];
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
  return lines;
}

afterEach(() => {
  vi.useRealTimers();
});

test('both stores answering: 200 with the revision', async () => {
  expect(await checkHealth(answering)).toEqual({ status: 200, body: { status: 'ok', d1: 'ok', kv: 'ok', revision: 42 } });
});

test('before any import (no revision anywhere) the stores still answer: 200 with a null revision', async () => {
  expect(await checkHealth({ d1: async () => null, kv: async () => null })).toEqual({ status: 200, body: { status: 'ok', d1: 'ok', kv: 'ok', revision: null } });
});

test.each([
  ['D1 fails', { ...answering, d1: failing }, { status: 'degraded', d1: 'error', kv: 'ok' }],
  ['KV fails', { ...answering, kv: failing }, { status: 'degraded', d1: 'ok', kv: 'error', revision: 42 }],
  ['both fail', { d1: failing, kv: failing }, { status: 'degraded', d1: 'error', kv: 'error' }],
])('%s: 503 naming the store, with no error text in the answer', async (_case, checks, body) => {
  const warnings = captureWarnings();
  const verdict = await checkHealth(checks);
  expect(verdict).toEqual({ status: 503, body });
  expect(JSON.stringify(verdict.body)).not.toMatch(/D1_ERROR|Network|unavailable/i);
  expect(warnings).toHaveLength(1);
  expect(JSON.parse(warnings[0]!)).toMatchObject({ event: 'health_check_failed', d1: body.d1, kv: body.kv });
});

test('the failure is logged with its cause, for the operator', async () => {
  const warnings = captureWarnings();
  await checkHealth({ ...answering, d1: failing });
  expect(JSON.parse(warnings[0]!)).toEqual({
    event: 'health_check_failed',
    d1: 'error',
    kv: 'ok',
    d1Error: 'UnavailableError: D1 is unavailable (Error: D1_ERROR: Network connection lost.)',
  });
});

test('a check that throws before returning a promise counts as an error, not a crash', async () => {
  captureWarnings();
  const throwing = (() => {
    throw new Error('binding missing');
  }) as unknown as () => Promise<number>;
  expect((await checkHealth({ ...answering, d1: throwing })).body).toMatchObject({ d1: 'error', kv: 'ok' });
});

test('a hung store is a timeout after HEALTH_CHECK_TIMEOUT_MS, not a hung check; both are timed at once', async () => {
  vi.useFakeTimers();
  const warnings = captureWarnings();
  let settled = false;
  const verdict = checkHealth({ d1: hanging, kv: hanging }).then((result) => {
    settled = true;
    return result;
  });
  await vi.advanceTimersByTimeAsync(HEALTH_CHECK_TIMEOUT_MS - 1);
  expect(settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(await verdict).toEqual({ status: 503, body: { status: 'degraded', d1: 'timeout', kv: 'timeout' } });
  expect(JSON.parse(warnings[0]!)).toMatchObject({ d1: 'timeout', kv: 'timeout', d1Error: `no answer within ${HEALTH_CHECK_TIMEOUT_MS} ms` });
});

test('a store answering in time is not cut short by the other one hanging', async () => {
  captureWarnings();
  expect(await checkHealth({ ...answering, kv: hanging }, 20)).toEqual({ status: 503, body: { status: 'degraded', d1: 'ok', kv: 'timeout', revision: 42 } });
});

/** `/healthz` on an app of its own, over stand-in bindings that count what they are asked. */
function healthApp(now: () => number, limited = false) {
  const asked = { d1: 0, kv: 0, limiter: [] as string[] };
  const bindings = {
    DB: { prepare: () => ({}), batch: async () => ((asked.d1 += 1), [{ results: [{ revision: 7 }] }]) },
    PAGE_CACHE: { get: async () => ((asked.kv += 1), '7') },
    RENDER_LIMITER: { limit: async ({ key }: { key: string }) => (asked.limiter.push(key), { success: !limited }) },
  };
  const app = new Hono<AppEnv>().route('/', healthRoutes(now));
  app.onError((error) => new Response(error.name, { status: error instanceof TooManyRequestsError ? 429 : 500 }));
  const check = (client = '192.0.2.1') => app.request('/healthz', { headers: { 'CF-Connecting-IP': client } }, bindings);
  return { asked, check };
}

test('an isolate probes the stores once per HEALTH_RESULT_MEMO_MS, and every check is counted for its client first', async () => {
  let now = 1_000_000;
  const { asked, check } = healthApp(() => now);
  for (let i = 0; i < 3; i++) expect(await (await check()).json()).toEqual({ status: 'ok', d1: 'ok', kv: 'ok', revision: 7 });
  expect([asked.d1, asked.kv]).toEqual([1, 1]);
  now += HEALTH_RESULT_MEMO_MS - 1;
  await check('192.0.2.2');
  expect([asked.d1, asked.kv]).toEqual([1, 1]);
  now += 1;
  await check();
  expect([asked.d1, asked.kv]).toEqual([2, 2]);
  expect(asked.limiter).toEqual(['health:192.0.2.1', 'health:192.0.2.1', 'health:192.0.2.1', 'health:192.0.2.2', 'health:192.0.2.1']);
});

test('a client over the limit is refused before any store is probed', async () => {
  const { asked, check } = healthApp(() => 0, true);
  expect((await check()).status).toBe(429);
  expect([asked.d1, asked.kv]).toEqual([0, 0]);
});
