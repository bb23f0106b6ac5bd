/**
 * Readership counted at the edge (docs/decisions/0055-readership-at-the-edge.md): every answered
 * request for a story (its page in its language, its `.md` and `.json` alternates) writes one
 * Workers Analytics Engine data point: the story's slug, the form, the reader's class and agent
 * (src/domain/reader-classes.ts), and for people the referring site's host. No cookie, no IP
 * address, no User-Agent string is kept.
 *
 * Mounted in src/app.tsx just outside the page cache, so it sees hits (which end there) and
 * misses alike, once per request, after the answer: it reads the request and the status only,
 * never D1 (a hit stays at 0 round trips). The story's identity is its path: the slug, which the
 * office resolves to the story and its language when reading. The routes it counts are handed in
 * by src/app.tsx (the story routes' patterns, src/routes/story.tsx), as is the page cache's own
 * fill requests' test, which are not readers.
 */
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { prefersMarkdown } from '#src/domain/content-negotiation';
import { readershipPoint, storyRequestOf } from '#src/domain/readership';
import { readerOf, referringDomain } from '#src/domain/reader-classes';
import type { AppEnv } from '#src/http/app-env';
import { countStoryRequest } from '#src/adapters';

export interface ReadershipOptions {
  /** The story routes' patterns as registered: the page (`/:slug`), its Markdown and JSON alternates. */
  readonly routes: { readonly page: string; readonly md: string; readonly json: string };
  /** Requests this worker makes to itself (the page cache's fills and pre-renders): not readers. */
  readonly isOwnRequest: (request: Request) => boolean;
  /** Outbound requests to the local stand-in (tests pass its fetch). */
  readonly fetch?: typeof fetch;
}

/** A counted answer: the page, or its conditional GET's 304. */
const COUNTED_STATUSES = new Set([200, 304]);

export function readership(options: ReadershipOptions): MiddlewareHandler<AppEnv> {
  const formOf = new Map<string, 'page' | 'md' | 'json'>([
    [options.routes.page, 'page'],
    [options.routes.md, 'md'],
    [options.routes.json, 'json'],
  ]);
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET' || !COUNTED_STATUSES.has(c.res.status) || options.isOwnRequest(c.req.raw)) return;
    // The handler the router chose (a hit never runs it, but the router matched it all the same).
    const route = matchedRoutes(c).find((entry) => entry.method !== 'ALL')?.path;
    const routeForm = route === undefined ? undefined : formOf.get(route);
    if (!routeForm) return;
    const story = storyRequestOf(c.req.path, routeForm, routeForm === 'page' && prefersMarkdown(c.req.header('Accept') ?? null));
    if (!story) return;
    const reader = readerOf(c.req.header('User-Agent') ?? null);
    const referrer = reader.class === 'person' ? referringDomain(c.req.header('Referer') ?? null, new URL(c.req.url).hostname) : null;
    countStoryRequest(c.env, readershipPoint(story.slug, story.form, reader, referrer), {
      fetch: options.fetch,
      waitUntil: (work) => {
        try {
          c.executionCtx.waitUntil(work);
        } catch {
          // No execution context (a test calling app.request): the post runs on its own.
        }
      },
    });
  };
}
