/**
 * `/healthz` for uptime monitors (ADRs 0028 and 0034): one cheap D1 statement (the
 * content revision) and one KV read of a fixed key (the page cache's `content-revision`), side by
 * side, each given HEALTH_CHECK_TIMEOUT_MS, so a store that hangs makes a 503 within about a
 * second instead of a hung check. 200 `{"status":"ok","d1":"ok","kv":"ok","revision":N}` when both
 * answer, else 503 naming the store that did not (`"error"` or `"timeout"`). Nothing else: no
 * versions, bindings or error texts (those go to the log).
 *
 * Cheap whoever asks and however often: each client is counted by the render limiter (under its
 * own name, so a monitor never spends a reader's render budget, and a flood gets 429s), and an
 * isolate keeps its last result for HEALTH_RESULT_MEMO_MS, so the stores are probed about once
 * per isolate in that time, however many monitors ask. Mounted in front of the page cache and
 * the newsroom loading (src/app.tsx): never stored or served from KV, and answering before any
 * content is imported. `no-store`, so no CDN or browser keeps an old answer.
 */
import { Hono } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { describeError } from '#src/domain/errors';
import { logEvent } from '#src/log';
import { cacheRules } from '#src/http/cache-rules';
import { pageCacheStoreOf, readContentRevision } from '#src/adapters';
import { limitClient } from '#src/http/client-limits';

/** How long each store may take before it counts as down. */
export const HEALTH_CHECK_TIMEOUT_MS = 1_000;
/** How long an isolate answers with the result it has: a monitor sees a failure within this. */
export const HEALTH_RESULT_MEMO_MS = 5_000;

export type CheckResult = 'ok' | 'error' | 'timeout';

export interface HealthBody {
  readonly status: 'ok' | 'degraded';
  readonly d1: CheckResult;
  readonly kv: CheckResult;
  /** D1's content revision (null before anything was imported); only when D1 answered. */
  readonly revision?: number | null;
}

export interface HealthChecks {
  /** The content revision from D1. */
  readonly d1: () => Promise<number | null>;
  /** Any read of a fixed KV key: only that it answers counts. */
  readonly kv: () => Promise<unknown>;
}

type Probe<T> = { result: 'ok'; value: T } | { result: 'error' | 'timeout'; error: string };


async function probe<T>(check: () => Promise<T>, timeoutMs: number): Promise<Probe<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Probe<T>>((resolve) => {
    timer = setTimeout(() => resolve({ result: 'timeout', error: `no answer within ${timeoutMs} ms` }), timeoutMs);
  });
  const answer = (async (): Promise<Probe<T>> => {
    try {
      return { result: 'ok', value: await check() };
    } catch (error) {
      return { result: 'error', error: describeError(error) };
    }
  })();
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs both checks at once and says what a monitor should see; what failed and why is logged
 * (one `health_check_failed` warning), never put in the answer.
 */
export async function checkHealth(checks: HealthChecks, timeoutMs = HEALTH_CHECK_TIMEOUT_MS): Promise<{ status: 200 | 503; body: HealthBody }> {
  const [d1, kv] = await Promise.all([probe(checks.d1, timeoutMs), probe(checks.kv, timeoutMs)]);
  if (d1.result === 'ok' && kv.result === 'ok') return { status: 200, body: { status: 'ok', d1: 'ok', kv: 'ok', revision: d1.value } };
  logEvent(
    'health_check_failed',
    { d1: d1.result, kv: kv.result, ...(d1.result === 'ok' ? {} : { d1Error: d1.error }), ...(kv.result === 'ok' ? {} : { kvError: kv.error }) },
    'warn',
  );
  const body: HealthBody = { status: 'degraded', d1: d1.result, kv: kv.result, ...(d1.result === 'ok' ? { revision: d1.value } : {}) };
  return { status: 503, body };
}

type HealthResult = Awaited<ReturnType<typeof checkHealth>>;

/**
 * The `/healthz` route, with its own memory of the last result (one per app, so one per isolate
 * in production; tests that swap a store build an app of their own). `now` is the clock in ms.
 */
export function healthRoutes(now: () => number = Date.now): Hono<AppEnv> {
  // The result, never the probe in flight: workerd forbids one request awaiting I/O another began.
  let last: { at: number; result: HealthResult } | null = null;
  return new Hono<AppEnv>().get('/healthz', async (c) => {
    await limitClient(c.env.RENDER_LIMITER, 'health', c.req.raw);
    const at = now();
    if (!last || at - last.at >= HEALTH_RESULT_MEMO_MS || at < last.at) {
      const store = pageCacheStoreOf(c.env);
      last = { at, result: await checkHealth({ d1: () => readContentRevision(c.env), kv: () => store.readRevision() }) };
    }
    const { status, body } = last.result;
    return c.json(body, status, { 'Cache-Control': cacheRules.health });
  });
}
