/**
 * What the site accepts of a request before any handler reads it: addresses of at most 8 KB (414
 * otherwise, answered before the page cache and any render); bodies of at most 16 KB (the
 * largest form, a data request with a 5,000-character message, is well under it; a body over the
 * limit is refused from its Content-Length, or while streaming, never read whole); posts from this
 * site only (a form on another site cannot make a visitor's browser subscribe anyone); and only
 * the methods a path has (405 with `Allow`; `OPTIONS` answers the same `Allow` without a body).
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { TrieRouter } from 'hono/router/trie-router';
import { ForbiddenError, PayloadTooLargeError } from '#src/domain/errors';
import { isOperatorBypass } from '#src/http/operator-bypass';
import { limitClient } from '#src/http/client-limits';
import type { AppEnv } from '#src/http/app-env';
import { cacheRules } from '#src/http/cache-rules';

/**
 * The longest address (path and query, as sent) a page may have: a story slug is at most 200
 * characters (1,800 bytes percent-encoded in a non-Latin script), an oEmbed `url` at most
 * MAX_OEMBED_URL_LENGTH, a search the first 1,000 characters of its words (up to 9,000 bytes in
 * a non-Latin script, a search nobody types). Longer ones are refused before anything is looked
 * up or rendered.
 */
export const MAX_ADDRESS_BYTES = 8192;

/** The address's path and query as sent (ASCII: URL parsing percent-encodes everything else). */
function addressLength(url: string): number {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const end = url.indexOf('#');
  return start === -1 ? 0 : (end === -1 ? url.length : end) - start;
}

/** 414 for an address over MAX_ADDRESS_BYTES: a plain answer, never a page render. */
export const limitAddressLength: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (addressLength(c.req.url) <= MAX_ADDRESS_BYTES) return next();
  const headers = { 'Cache-Control': cacheRules.error };
  if (c.req.path.startsWith('/api/')) return c.json({ message: 'The address is too long' }, 414, headers);
  return c.text('URI Too Long', 414, headers);
};

/** The largest body any route reads. */
export const MAX_BODY_BYTES = 16 * 1024;

export const requestBodyLimit: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new PayloadTooLargeError(MAX_BODY_BYTES);
  },
});

/**
 * Did another site send this POST? Browsers say where a request comes from: `Sec-Fetch-Site`
 * (all current browsers) decides when present, only `same-origin` and `none` (typed or
 * bookmarked) passing; otherwise `Origin`, which must be this site's. A request with neither
 * comes from no browser (a mail provider's one-click unsubscribe, a script), so no visitor's
 * browser is being used against them, and it passes: the limits apply to it like to anyone.
 */
export function isCrossSitePost(request: Request, siteOrigins: readonly string[]): boolean {
  if (request.method !== 'POST') return false;
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  if (fetchSite !== null) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.get('Origin');
  return origin !== null && !siteOrigins.includes(origin);
}

/** Refuses cross-site posts (403) on every route: the request's own origin and the newsroom's count as this site. */
export const sameSitePostsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origins = [new URL(c.req.url).origin, ...(c.var.site ? [new URL(c.var.site.newsroom.url).origin] : [])];
  if (isCrossSitePost(c.req.raw, origins)) throw new ForbiddenError('Cross-site post');
  await next();
};

/**
 * Mounted right after the page cache, so it counts what the cache could not answer (a render, a
 * post, a secret link): a client asking for more than RENDER_LIMITER allows gets a 429. The
 * operator's bypass secret (the benchmark) is not counted.
 */
export const limitRenders: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isOperatorBypass(c.req.raw, c.env.PAGE_CACHE_BYPASS_TOKEN)) await limitClient(c.env.RENDER_LIMITER, 'render', c.req.raw);
  await next();
};

function allowedMethodsResponse(c: Context<AppEnv>, methods: readonly string[]): Response {
  const allow = [...new Set([...methods, 'OPTIONS'])].join(', ');
  const headers = { Allow: allow, 'Cache-Control': cacheRules.error };
  if (c.req.method === 'OPTIONS') return c.body(null, 204, headers);
  if (c.req.path.startsWith('/api/')) return c.json({ message: `Method ${c.req.method} is not allowed here` }, 405, headers);
  return c.text('Method Not Allowed', 405, headers);
}

/**
 * 405 (or the OPTIONS answer) for a path that some route serves with other methods. Like Hono's
 * method-not-allowed middleware, but it also applies when the 404 came from a NotFoundError (a
 * locale-shaped first segment such as `/api/…` is tried as a locale first), which Hono's skips.
 */
export function onlyAllowedMethods(app: Hono<AppEnv>): MiddlewareHandler<AppEnv> {
  let router: TrieRouter<readonly string[]> | null = null;
  const methodsOf = (path: string): Set<string> => {
    if (!router) {
      const byPath = new Map<string, Set<string>>();
      for (const route of app.routes) {
        if (route.method === 'ALL' || route.method === 'HEAD') continue;
        const methods = byPath.get(route.path) ?? new Set<string>();
        methods.add(route.method);
        if (route.method === 'GET') methods.add('HEAD');
        byPath.set(route.path, methods);
      }
      router = new TrieRouter();
      for (const [routePath, methods] of byPath) router.add('ALL', routePath, [...methods]);
    }
    return new Set(router.match('ALL', path)[0].flatMap(([methods]) => methods));
  };
  return async (c, next) => {
    await next();
    if (c.res.status !== 404) return;
    const allowed = methodsOf(c.req.path);
    if (allowed.size === 0 || allowed.has(c.req.method)) return;
    // Cleared before the 405 is built, so it inherits none of the 404's headers.
    c.res = undefined;
    c.res = allowedMethodsResponse(c, [...allowed]);
  };
}
