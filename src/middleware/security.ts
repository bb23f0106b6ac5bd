/**
 * Security headers on every response, error pages and cache hits included (the policy itself:
 * src/http/content-security-policy.ts). Two middlewares, because of the page cache:
 * - `pageContentSecurityPolicy` runs inside the page cache, after `site`, and writes the page's
 *   policy from the newsroom settings. It is stored with the page, so a cache hit (which never
 *   loads the newsroom) replays the right policy.
 * - `securityHeaders` runs outermost on every response: the fixed headers, plus a policy for HTML
 *   that has none yet (error pages raised before `site`, or an app that does not mount the inner
 *   middleware), built from `c.var.site` when it is known, else the strictest one.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#src/http/app-env';
import { allowsFraming, contentSecurityPolicy, cspSourcesForNewsroom, errorIngestSources, mergeSources, ROUTE_OVERRIDABLE_HEADERS, SECURITY_HEADERS, type CspSources } from '#src/http/content-security-policy';
import { replaceResponse } from '#src/http/responses';

export interface SecurityHeadersOptions {
  /** Where the page's extra origins come from; default: the newsroom on `c.var.site`. */
  readonly cspSources?: (c: Context<AppEnv>) => CspSources | null;
}

const sourcesFromSite = (c: Context<AppEnv>): CspSources | null => {
  const site = c.var.site;
  const sources = site ? cspSourcesForNewsroom(site.newsroom, c.var.deps?.config.analyticsHost ?? null) : null;
  // The browser reports to the DSN's ingest, where the page may report at all.
  const ingest = site && !site.withoutThirdParties ? errorIngestSources(c.var.deps?.config.errorReporting?.dsn ?? null) : null;
  return mergeSources(mergeSources(sources, ingest), c.var.cspExtra ?? null);
};

function isHtml(response: Response): boolean {
  return response.headers.get('Content-Type')?.toLowerCase().startsWith('text/html') ?? false;
}

/**
 * Headers of a response from fetch() (static assets, media) are immutable: copy it once, then
 * edit. The probe writes a header every response gets anyway.
 */
function mutableHeaders(c: Context<AppEnv>): Headers {
  try {
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    return c.res.headers;
  } catch {
    const copy = new Response(c.res.body, c.res);
    replaceResponse(c, copy);
    return copy.headers;
  }
}

/** The outermost middleware: fixed headers on everything, and a policy on HTML that has none. */
export function createSecurityHeaders(options: SecurityHeadersOptions = {}): MiddlewareHandler<AppEnv> {
  const sourcesOf = options.cspSources ?? sourcesFromSite;
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const headers = mutableHeaders(c);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!(ROUTE_OVERRIDABLE_HEADERS.includes(name) && headers.has(name))) headers.set(name, value);
    }
    if (isHtml(c.res) && !headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', contentSecurityPolicy(sourcesOf(c) ?? {}));
    // An embed card's own policy lets others frame it (cache hits replay that policy): DENY would undo it.
    if (allowsFraming(headers.get('Content-Security-Policy'))) headers.delete('X-Frame-Options');
  });
}

/**
 * The page's own policy, written inside the page cache so it is stored with the page. Mount it
 * after `site`.
 */
export function createPageContentSecurityPolicy(options: SecurityHeadersOptions = {}): MiddlewareHandler<AppEnv> {
  const sourcesOf = options.cspSources ?? sourcesFromSite;
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (isHtml(c.res)) mutableHeaders(c).set('Content-Security-Policy', contentSecurityPolicy(sourcesOf(c) ?? {}));
  });
}

export const securityHeaders = createSecurityHeaders();
export const pageContentSecurityPolicy = createPageContentSecurityPolicy();
