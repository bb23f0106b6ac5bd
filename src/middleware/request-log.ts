/**
 * One JSON line per request (`event: "request"`), written once the response is known: who asked
 * for what (method, path, the route that matched, the locale), what they got (status, the page
 * cache's X-Cache), and what it cost (D1 round trips and statements, as counted for the
 * Server-Timing header by the request's repository; duration until the response was ready, or for
 * a page streamed before its data, until it was rendered: its line is written then). The request id is Cloudflare's `cf-ray` when there is one, else
 * a random id, and is returned as `X-Request-Id` so a visitor's report can be matched with the
 * line. ADR 0028.
 *
 * The path is logged without its query (a query can hold search terms) and without the secret of
 * a secret story link or a mailed link, in any spelling (`withoutSecrets`,
 * src/domain/secret-paths.ts). The line is shaped by the pure `requestLogLine` (tested as a
 * table); the middleware only gathers the facts.
 *
 * Which lines are written is the deployment's `REQUEST_LOG` (read once with the rest of the
 * configuration): every request's (the default, for Workers Logs), or only errors and slow
 * requests (`npm start`, where wrangler dev parses and source-maps every line in Node, which
 * halved local throughput). The same code runs either way; only `isRequestLogged` differs.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { configOf, type RequestLogMode } from '#src/env';
import type { AppEnv } from '#src/http/app-env';
import { withoutSecrets } from '#src/domain/secret-paths';
import { logEvent } from '#src/log';
import { runAfterResponse, setResponseHeader } from '#src/http/responses';

/** The response header carrying the request id. */
export const REQUEST_ID_HEADER = 'X-Request-Id';
/** What the page cache answers in `X-Cache`; anything else is logged as null. */
export const CACHE_RESULTS: readonly string[] = ['HIT', 'MISS', 'STALE', 'BYPASS'];
/** In `errors-and-slow` mode, a request at least this slow is logged whatever its status. */
export const SLOW_REQUEST_MS = 500;
/** Longer paths (a scanner's junk) are cut: a log line stays small. */
export const MAX_LOGGED_PATH_LENGTH = 512;

export interface RequestFacts {
  readonly requestId: string;
  readonly method: string;
  /** The path as routed (percent-decoded), or the full URL: only its path is kept. */
  readonly path: string;
  /** The matched route's pattern as registered (`/:locale{…}/category/:slug`), or null. */
  readonly route: string | null;
  readonly locale: string | null;
  readonly status: number;
  /** The response's X-Cache header, if any. */
  readonly cache: string | null;
  /** The request's D1 counters; null when no repository was made (a cache hit, /healthz). */
  readonly d1: { readonly roundTrips: number; readonly statements: number } | null;
  readonly durationMs: number;
}

/** A type, not an interface: it is handed to `logEvent` as a plain record. */
export type RequestLogLine = {
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  readonly route: string | null;
  readonly locale: string | null;
  readonly status: number;
  readonly cache: string | null;
  readonly d1RoundTrips: number;
  readonly d1Statements: number;
  readonly durationMs: number;
};

/** A route pattern as people write it: the parameters' regular expressions dropped (`/:locale/category/:slug`). */
export function routeLabel(pattern: string): string {
  let label = '';
  let depth = 0;
  for (const char of pattern) {
    if (char === '{') depth += 1;
    else if (char === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0) label += char;
  }
  return label;
}

/** The path alone (no query, no fragment), its secrets replaced by `:token`, cut to a bounded length. */
export function loggedPath(path: string): string {
  const bare = path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/, 1)[0] || '/';
  const safe = withoutSecrets(bare);
  return safe.length > MAX_LOGGED_PATH_LENGTH ? `${safe.slice(0, MAX_LOGGED_PATH_LENGTH)}…` : safe;
}

/** The fields of the request line (`logEvent('request', …)` adds the event name). */
export function requestLogLine(facts: RequestFacts): RequestLogLine {
  const cache = facts.cache?.trim().toUpperCase() ?? null;
  return {
    requestId: facts.requestId,
    method: facts.method.toUpperCase(),
    path: loggedPath(facts.path),
    route: facts.route === null ? null : routeLabel(facts.route),
    locale: facts.locale,
    status: facts.status,
    cache: cache !== null && CACHE_RESULTS.includes(cache) ? cache : null,
    d1RoundTrips: facts.d1?.roundTrips ?? 0,
    d1Statements: facts.d1?.statements ?? 0,
    durationMs: Math.max(0, Math.round(facts.durationMs)),
  };
}

/** Whether a request's line is written: always in `every` mode; else server errors and slow requests. */
export function isRequestLogged(line: Pick<RequestLogLine, 'status' | 'durationMs'>, mode: RequestLogMode): boolean {
  return mode === 'every' || line.status >= 500 || line.durationMs >= SLOW_REQUEST_MS;
}

/** The deployment's mode; a configuration that cannot be read (its error page is on the way) logs every line. */
function requestLogModeOf(env: AppEnv['Bindings']): RequestLogMode {
  try {
    return configOf(env).requestLog;
  } catch {
    return 'every';
  }
}

/**
 * Cloudflare's ray id when the request has a plausible one (the edge sets it; elsewhere a client
 * could send anything), else a random id.
 */
export function requestIdOf(cfRay: string | null | undefined, random: () => string = () => crypto.randomUUID()): string {
  return cfRay && /^[A-Za-z0-9-]{1,64}$/.test(cfRay) ? cfRay : random();
}

/**
 * The route that answered, or would have: the handler the request ended in, else (a cache hit, a
 * limit or a redirect answered by middleware) the first handler the router matched.
 */
function routeOf(c: Context<AppEnv>): string | null {
  try {
    const routes = matchedRoutes(c);
    const current = routes[c.req.routeIndex];
    if (current && current.method !== 'ALL') return current.path;
    return routes.find((route) => route.method !== 'ALL')?.path ?? null;
  } catch {
    return null;
  }
}

/** The outermost middleware: the request id on the context and the response, and the request's line. */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const startedAt = Date.now();
  const requestId = requestIdOf(c.req.header('cf-ray'));
  c.set('requestId', requestId);
  await next();
  setResponseHeader(c, REQUEST_ID_HEADER, requestId);
  const write = () => {
    const line = requestLogLine({
      requestId,
      method: c.req.method,
      path: c.req.path,
      route: routeOf(c),
      locale: c.var.locale ?? null,
      status: c.res.status,
      cache: c.res.headers.get('X-Cache'),
      d1: c.var.deps?.queryStats ?? null,
      durationMs: Date.now() - startedAt,
    });
    if (isRequestLogged(line, requestLogModeOf(c.env))) logEvent('request', line);
  };
  // A page sent before its data was read: its line, with what the page cost, once it is rendered.
  const streamed = c.var.renderComplete;
  if (streamed) void runAfterResponse(c, streamed.then(write));
  else write();
};
