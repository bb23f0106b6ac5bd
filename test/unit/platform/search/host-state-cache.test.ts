import { createStatefulHost, type StatefulHost } from '@algolia/client-common';
import { afterEach, expect, it, vi } from 'vitest';
import { createHostStateCache } from '#src/platform/search/host-state-cache';

const host = { url: 'appid-dsn.algolia.net', accept: 'read', protocol: 'https' } as const;
const read = (cache: ReturnType<typeof createHostStateCache>) => cache.get<StatefulHost>(host, () => Promise.resolve(createStatefulHost(host)));

afterEach(() => {
  vi.useRealTimers();
});

it('reads back a state the transporter wrote under the stateful host, with working checks', async () => {
  const cache = createHostStateCache(120_000);
  const failed = createStatefulHost(host, 'down');

  await cache.set(failed, createStatefulHost(failed, 'down'));
  const state = await read(cache);

  expect(state).toMatchObject({ ...host, status: 'down' });
  expect([state.isUp(), state.isTimedOut()]).toEqual([false, false]);
});

it('lets a failed host count as up again once the cooldown has passed', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  const cache = createHostStateCache(120_000);
  await cache.set(host, createStatefulHost(host, 'timed out'));

  vi.setSystemTime(Date.now() + 119_000);
  expect((await read(cache)).isTimedOut()).toBe(true);
  vi.setSystemTime(Date.now() + 2_000);
  expect(await read(cache).then((state) => [state.isUp(), state.isTimedOut()])).toEqual([true, false]);
});

it('falls back to a fresh host for hosts it has not seen, and forgets on clear', async () => {
  const cache = createHostStateCache();
  expect((await read(cache)).status).toBe('up');
  await cache.set(host, createStatefulHost(host, 'down'));
  await cache.clear();
  expect((await read(cache)).status).toBe('up');
});
