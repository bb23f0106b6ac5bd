/**
 * Where the Algolia client remembers which hosts failed, so a host that was down is skipped (and
 * one that timed out is tried last) for HOST_RETRY_COOLDOWN_MS, then tried first again.
 *
 * Why our own: the v5 transporter reads a host's state with the plain host as the key but writes
 * it with the stateful host (status and lastUpdate included) as the key, so with the client's
 * memory cache a failure is never read back, and every request starts again with the host that
 * just failed. It also stores the state as JSON, which would drop the isUp/isTimedOut functions
 * it calls. This cache keys by protocol, URL and role only and rebuilds those functions on read,
 * with our cooldown. A handful of hosts per application: the map stays tiny.
 */
import type { Cache, Host, StatefulHost } from '@algolia/client-common';
import { HOST_RETRY_COOLDOWN_MS } from './constants';

interface HostState {
  readonly status: StatefulHost['status'];
  readonly lastUpdate: number;
}

type HostKey = Pick<Host, 'url' | 'accept' | 'protocol' | 'port'>;

function keyOf(key: Record<string, unknown> | string): string {
  if (typeof key === 'string') return key;
  const host = key as Partial<HostKey>;
  return `${host.protocol ?? 'https'}://${host.url ?? ''}${host.port ? `:${host.port}` : ''}#${host.accept ?? ''}`;
}

export function createHostStateCache(cooldownMs: number = HOST_RETRY_COOLDOWN_MS): Cache {
  const states = new Map<string, HostState>();
  const revive = (host: HostKey, state: HostState): StatefulHost => ({
    url: host.url,
    accept: host.accept,
    protocol: host.protocol,
    ...(host.port ? { port: host.port } : {}),
    status: state.status,
    lastUpdate: state.lastUpdate,
    // Date.now at call time, as the client's own stateful host does.
    isUp: () => state.status === 'up' || Date.now() - state.lastUpdate > cooldownMs,
    isTimedOut: () => state.status === 'timed out' && Date.now() - state.lastUpdate <= cooldownMs,
  });
  return {
    async get<TValue>(key: Record<string, unknown> | string, defaultValue: () => Promise<TValue>): Promise<TValue> {
      const state = states.get(keyOf(key));
      if (state && typeof key !== 'string') return revive(key as unknown as HostKey, state) as TValue;
      return defaultValue();
    },
    async set<TValue>(key: Record<string, unknown> | string, value: TValue): Promise<TValue> {
      const candidate = value as Partial<HostState> | null;
      if (candidate && typeof candidate.status === 'string' && typeof candidate.lastUpdate === 'number') {
        states.set(keyOf(key), { status: candidate.status, lastUpdate: candidate.lastUpdate });
      }
      return value;
    },
    async delete(key: Record<string, unknown> | string): Promise<void> {
      states.delete(keyOf(key));
    },
    async clear(): Promise<void> {
      states.clear();
    },
  };
}
