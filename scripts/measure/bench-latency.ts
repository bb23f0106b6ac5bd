/**
 * The benchmark's slow bindings (`npm run bench -- --d1-latency N --search-latency M`): the
 * worker's D1 binding with N ms added to every round trip (a statement's `first`/`all`/`run`/`raw`,
 * a `batch`, an `exec`, in a session or not), as a far replica would; M ms instead for the
 * built-in search's full-text round trip (the D1 search engine's one call). With either, the KV
 * search cache always misses, so every search pays its call. Only the benchmark's own entry
 * (scripts/measure/bench-latency-worker.ts) uses this; production code never does.
 */

export interface BenchLatency {
  /** Added to every D1 round trip. */
  readonly d1Ms: number;
  /** Added to the search engine's call instead (with D1 as engine: its full-text round trip); 0: as d1Ms. */
  readonly searchMs: number;
  /** How the delay is waited for; tests pass a recorder. */
  readonly sleep?: (ms: number) => Promise<void>;
}

/** Reads `BENCH_D1_LATENCY_MS` and `BENCH_SEARCH_LATENCY_MS` (whole milliseconds ≥ 0). */
export function benchLatencyOf(env: Record<string, unknown>): BenchLatency {
  const read = (name: string): number => {
    const value = env[name];
    if (value === undefined || value === '') return 0;
    const ms = Number(value);
    if (!Number.isInteger(ms) || ms < 0) throw new Error(`${name} must be a whole number of milliseconds, got ${String(value)}`);
    return ms;
  };
  return { d1Ms: read('BENCH_D1_LATENCY_MS'), searchMs: read('BENCH_SEARCH_LATENCY_MS') };
}

/** The built-in search's full-text statements (src/platform/d1/search-backend.ts). */
const FULL_TEXT = /\bMATCH\b/;
/** The KV search cache's keys (src/platform/kv/search-cache.ts). */
const SEARCH_CACHE_PREFIX = 'search:';

const defaultSleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

interface Wrapped {
  readonly real: D1PreparedStatement;
  readonly sql: string;
}

/** `env` with its D1 (and, for search latency, its KV search cache) slowed down as `latency` says. */
export function withLatency<E extends { DB: D1Database; PAGE_CACHE: KVNamespace }>(env: E, latency: BenchLatency): E {
  if (latency.d1Ms === 0 && latency.searchMs === 0) return env;
  const sleep = latency.sleep ?? defaultSleep;
  const wrapped = new WeakMap<object, Wrapped>();
  const delayFor = (sqls: readonly string[]) => (latency.searchMs > 0 && sqls.some((sql) => FULL_TEXT.test(sql)) ? latency.searchMs : latency.d1Ms);
  const after = async <T>(sqls: readonly string[], work: () => Promise<T>): Promise<T> => {
    const ms = delayFor(sqls);
    if (ms > 0) await sleep(ms);
    return work();
  };

  const statement = (real: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(real, {
      get(target, property) {
        if (property === 'bind') return (...values: unknown[]) => statement(target.bind(...values), sql);
        if (property === 'first' || property === 'all' || property === 'run' || property === 'raw') {
          return (...args: unknown[]) => after([sql], () => (target[property] as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    wrapped.set(proxy, { real, sql });
    return proxy;
  };

  /** A database or a session: both prepare and batch. */
  const database = <D extends D1Database | D1DatabaseSession>(real: D): D =>
    new Proxy(real, {
      get(target, property) {
        if (property === 'prepare') return (sql: string) => statement(target.prepare(sql), sql);
        if (property === 'batch') {
          return (statements: D1PreparedStatement[]) => {
            const parts = statements.map((one) => wrapped.get(one) ?? { real: one, sql: '' });
            return after(
              parts.map((part) => part.sql),
              () => target.batch(parts.map((part) => part.real)),
            );
          };
        }
        if (property === 'exec') return (sql: string) => after([sql], () => (target as D1Database).exec(sql));
        if (property === 'withSession') return (constraint?: string) => database((target as D1Database).withSession(constraint as D1SessionConstraint));
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });

  return { ...env, DB: database(env.DB), PAGE_CACHE: searchCacheAlwaysMissing(env.PAGE_CACHE) };
}

/** The KV namespace with the search cache's reads always missing, so every search reaches its engine. */
function searchCacheAlwaysMissing(real: KVNamespace): KVNamespace {
  return new Proxy(real, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      if (property === 'get') {
        return (key: string, ...rest: unknown[]) => (typeof key === 'string' && key.startsWith(SEARCH_CACHE_PREFIX) ? Promise.resolve(null) : (value as (...a: unknown[]) => unknown).apply(target, [key, ...rest]));
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}
