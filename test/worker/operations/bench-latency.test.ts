// The benchmark's slow bindings (scripts/measure/bench-latency.ts): every D1 round trip waits the added
// latency once, before it runs, and answers what the real D1 answers; the built-in search's
// full-text round trip waits the search latency instead, and its KV cache always misses. The
// waits are recorded, never timed.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect, test } from 'vitest';
import { createApp } from '#src/app';
import { benchLatencyOf, withLatency } from '../../../scripts/measure/bench-latency';

function slowed(d1Ms: number, searchMs = 0) {
  const waits: number[] = [];
  const slow = withLatency(env, { d1Ms, searchMs, sleep: async (ms) => void waits.push(ms) });
  return { slow, waits };
}

const REVISION = 'SELECT revision FROM content_revision WHERE id = 1';

test('every kind of D1 round trip waits once and answers as the real D1 does', async () => {
  const { slow, waits } = slowed(100);
  const real = await env.DB.prepare(REVISION).first();
  expect(await slow.DB.prepare(REVISION).first()).toEqual(real);
  expect((await slow.DB.prepare('SELECT ?1 AS n').bind(7).all()).results).toEqual([{ n: 7 }]);
  expect(await slow.DB.prepare('SELECT ?1 AS n').bind(8).raw()).toEqual([[8]]);
  expect((await slow.DB.prepare(REVISION).run()).success).toBe(true);
  const [one, two] = await slow.DB.batch([slow.DB.prepare(REVISION), slow.DB.prepare('SELECT ?1 AS n').bind(9)]);
  expect([one!.results, two!.results]).toEqual([[real], [{ n: 9 }]]);
  const session = slow.DB.withSession('first-unconstrained');
  expect(await session.prepare(REVISION).first()).toEqual(real);
  expect((await session.batch([session.prepare(REVISION)]))[0]!.results).toEqual([real]);
  expect(waits).toEqual([100, 100, 100, 100, 100, 100, 100]);
});

test('a full-text round trip waits the search latency instead, and search results are never read from KV', async () => {
  const { slow, waits } = slowed(100, 250);
  await slow.DB.batch([slow.DB.prepare("SELECT rowid FROM story_search WHERE story_search MATCH 'story' LIMIT 1"), slow.DB.prepare(REVISION)]);
  await slow.DB.prepare(REVISION).first();
  expect(waits).toEqual([250, 100]);
  await env.PAGE_CACHE.put('search:bench-latency-test', '{"hits":[]}');
  await env.PAGE_CACHE.put('other:bench-latency-test', 'kept');
  expect(await slow.PAGE_CACHE.get('search:bench-latency-test')).toBeNull();
  expect(await slow.PAGE_CACHE.get('other:bench-latency-test')).toBe('kept');
  expect(await env.PAGE_CACHE.get('search:bench-latency-test')).toBe('{"hits":[]}');
  await Promise.all(['search:bench-latency-test', 'other:bench-latency-test'].map((key) => env.PAGE_CACHE.delete(key)));
});

test('without latency the bindings are handed over as they are', () => {
  expect(withLatency(env, { d1Ms: 0, searchMs: 0 })).toBe(env);
});

test.each([
  [100, 250, 250],
  [100, 0, 100],
])('the whole app renders through the slow bindings (D1 %i ms, search %i ms), a search paying its call', async (d1Ms, searchMs, paid) => {
  const { slow, waits } = slowed(d1Ms, searchMs);
  const ctx = createExecutionContext();
  const response = await createApp({ build: `bench-latency-${d1Ms}-${searchMs}` }).fetch(new Request('https://bench-latency.test/search?query=story'), slow, ctx);
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('We found 16 results for “story”');
  await waitOnExecutionContext(ctx);
  // Asked twice (a second build, so no page cache): the search cache never answers, the search is paid again.
  const again = await createApp({ build: `bench-latency-again-${d1Ms}-${searchMs}` }).fetch(new Request('https://bench-latency.test/search?query=story'), slow, createExecutionContext());
  expect(again.status).toBe(200);
  await again.text();
  expect(waits.filter((ms) => ms === paid).length).toBeGreaterThanOrEqual(2);
  if (searchMs > 0) expect(waits.filter((ms) => ms === searchMs)).toHaveLength(2);
});

test.each([
  [{}, { d1Ms: 0, searchMs: 0 }],
  [{ BENCH_D1_LATENCY_MS: '100' }, { d1Ms: 100, searchMs: 0 }],
  [{ BENCH_D1_LATENCY_MS: '', BENCH_SEARCH_LATENCY_MS: '40' }, { d1Ms: 0, searchMs: 40 }],
])('latency settings %j', (vars, expected) => {
  expect(benchLatencyOf(vars)).toEqual(expected);
});

test.each(['-1', '1.5', 'fast'])('BENCH_D1_LATENCY_MS %j is refused with its name', (value) => {
  expect(() => benchLatencyOf({ BENCH_D1_LATENCY_MS: value })).toThrow(/BENCH_D1_LATENCY_MS must be a whole number/);
});
