/**
 * The page cache's key (ADRs 0011 and 0034): one key per page, not per string.
 *
 * `page:v3:{revision}:{build}:{address}[#markdown]`, where the address is the page's canonical
 * one: the path as the router reads it (percent-escapes decoded: `/%61msterdam-x` is
 * `/amsterdam-x`), encoded again one way, and the query reduced to the canonical values of the
 * parameters the matched route declares (src/page-cache/declared-queries.ts), sorted by name. Every
 * spelling of a page's address (junk parameters, a repeated one, `?page=1`, escapes, an oEmbed
 * `url` with a query) finds the one copy; a query the route refuses is looked up nowhere.
 *
 * No host: every absolute address in a page comes from the newsroom's configured URL, so the copy
 * is the same whichever hostname asked (and the cron can pre-render it). An address too long for
 * a KV key (a page with a long non-Latin slug, a long search) is keyed by its SHA-256 instead of
 * bypassing the cache; addresses over MAX_ADDRESS_BYTES never get this far (src/middleware/request-limits.ts).
 * Pure functions, tested as tables in test/unit/page-cache/key.test.ts.
 */
import type { CanonicalQuery, RequestQuery } from './declared-queries';
import { routeLabel } from '#src/middleware/request-log';
import { sha256Hex } from '#src/domain/sha256';

/** Bumped when the entry format or key shape changes, so old entries are never misread. */
export const KEY_PREFIX = 'page:v3';
/** KV keys are limited to 512 bytes. */
export const MAX_KEY_BYTES = 512;
/**
 * Longer canonical addresses are keyed by their hash: what is left of MAX_KEY_BYTES once the
 * prefix, the revision, the build (client build and configuration fingerprint) and `#markdown`
 * have their room, with some to spare. Depends on the address alone, so every revision keys a
 * page the same way.
 */
export const MAX_PLAIN_ADDRESS_BYTES = 320;

export interface PageCacheKeyInput {
  readonly revision: number;
  /** The page's canonical address (`pageAddress`). */
  readonly address: string;
  /**
   * The client build (CLIENT_BUILD: a hash of the browser bundle and stylesheets): cached HTML
   * names hashed assets that only its build serves.
   */
  readonly build?: string;
  /** The request prefers Markdown (`prefersMarkdown` of its Accept): the page's other form. */
  readonly markdown?: boolean;
}

export function pageCacheKey({ revision, address, build = '', markdown = false }: PageCacheKeyInput): string {
  return `${KEY_PREFIX}:${revision}:${build}:${address}${markdown ? '#markdown' : ''}`;
}

export function fitsKvKey(key: string): boolean {
  return new TextEncoder().encode(key).byteLength <= MAX_KEY_BYTES;
}

// ---------------------------------------------------------------------------------------------
// Which route, which parameters

/** A route as Hono's `matchedRoutes` lists it. */
export interface MatchedRoute {
  readonly method: string;
  readonly path: string;
}

const LOCALE_PREFIX = /^\/:locale(?=\/|$)/;
const routeNames = new Map<string, string>();

/** A route's name in DECLARED_QUERIES: its pattern without regular expressions and locale prefix. */
export function routeName(pattern: string): string {
  let name = routeNames.get(pattern);
  if (name === undefined) {
    name = routeLabel(pattern).replace(LOCALE_PREFIX, '') || '/';
    // Patterns are the app's own routes: a bounded set.
    routeNames.set(pattern, name);
  }
  return name;
}

/**
 * The query the request's page reads: the first route matched for GET (HEAD is served by GET
 * routes) that declares one, in the order the router tries them. A route that declares none and
 * passes the request on (`/:keyFile.txt`) does not hide one behind it that does.
 */
export function declaredQueryOf(routes: readonly MatchedRoute[], declared: ReadonlyMap<string, CanonicalQuery>): CanonicalQuery | null {
  for (const route of routes) {
    if (route.method !== 'GET') continue;
    const query = declared.get(routeName(route.path));
    if (query) return query;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The canonical address

/**
 * The path as the router reads it (Hono's `c.req.path`: escapes decoded, except those of `/`, `?`,
 * `#` and the like), encoded one way: every spelling of a routed path gets the same text, and
 * different routed paths different texts (encodeURI is one-to-one), all of it ASCII.
 */
export function canonicalPath(routedPath: string): string {
  try {
    return encodeURI(routedPath);
  } catch {
    // A lone surrogate cannot come out of URL parsing; if it did, the path is its own spelling.
    return routedPath;
  }
}

/** `path[?name=value&…]`, names sorted; null when the route refuses the query (no lookup then). */
export function canonicalAddress(routedPath: string, query: RequestQuery, declared: CanonicalQuery | null): string | null {
  const values = declared ? declared(query) : {};
  if (values === null) return null;
  const names = Object.keys(values).sort();
  const search = new URLSearchParams(names.map((name) => [name, values[name]!])).toString();
  return `${canonicalPath(routedPath)}${search ? `?${search}` : ''}`;
}

/** The address as the key holds it: itself when short (it is ASCII), else `sha256:{hex}`. */
export async function keyedAddress(address: string): Promise<string> {
  if (address.length <= MAX_PLAIN_ADDRESS_BYTES) return address;
  return `sha256:${await sha256Hex(address)}`;
}
