/**
 * Builds the request's dependencies from the bindings: the only place that sees D1 for pages.
 * Every store of a request shares one D1 session (platform/d1/sessions.ts): reads go to a nearby
 * replica, a form that writes starts at the primary, and the visitor's next request reads at
 * least what they wrote. Renders just after a revision change read the primary too (the page
 * cache says when: `readPrimary`), so no page of a new revision is rendered from a replica that
 * does not have it yet.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { configOf, type AppEnv } from '#src/env';
import { D1ContentRepository } from '#src/platform/d1/content-repository';
import { D1OutboxMailer, D1SubscriptionStore } from '#src/platform/d1/subscription-store';
import type { CachePointers } from '#src/platform/d1/import-statements';
import { D1PublishingStore } from '#src/platform/d1/publishing-store';
import { D1RecipientLinkStore } from '#src/platform/d1/recipient-links';
import { D1MediaListLeaveStore } from '#src/platform/d1/media-list';
import { createMailer } from '#src/platform/mail/create-mailer';
import { D1SearchBackend } from '#src/platform/d1/search-backend';
import { BOOKMARK_COOKIE, bookmarkCookie, openSession } from '#src/platform/d1/sessions';
import { setResponseHeader } from './responses';
import { CachedSearchBackend } from '#src/platform/kv/search-cache';
import { composeSearchBackend, createEngineBackend } from '#src/platform/search/create-backend';

/** The content revision alone, for /healthz's probe of D1. */
export const readContentRevision = (c: Context<AppEnv>): Promise<number | null> => new D1ContentRepository(c.env.DB).getContentRevision();
/** The content revision and the last withdrawal, read together: the page cache asks D1 only when KV does not hold them. */
export const readCachePointers = (c: Context<AppEnv>): Promise<CachePointers | null> => new D1PublishingStore(c.env.DB).cachePointers();

/** A form post (the privacy portal, one-click unsubscribe, leaving the media list) writes; the API's POSTs only read. */
function writes(c: Context<AppEnv>): boolean {
  return c.req.method === 'POST' && !c.req.path.startsWith('/api/');
}

export const deps = createMiddleware<AppEnv>(async (c, next) => {
  const db = openSession(c.env.DB, { bookmark: getCookie(c, BOOKMARK_COOKIE), writes: writes(c) || c.var.readPrimary === true });
  const config = configOf(c.env);
  const content = new D1ContentRepository(db, { siteUrl: config.siteUrl });
  const outbox = new D1OutboxMailer(db);
  c.set('deps', {
    content,
    subscriptions: new D1SubscriptionStore(db),
    mailer: createMailer(db, config.emailApi),
    outbox,
    search: (revision) =>
      composeSearchBackend({
        engine: createEngineBackend(config.search),
        d1: new D1SearchBackend(db, content.stats),
        cache: (inner) => new CachedSearchBackend(inner, c.env.PAGE_CACHE, revision, `${config.search.searchBackend}:${config.search.indexName}`),
      }),
    queryStats: content.stats,
    recipientLinks: new D1RecipientLinkStore(db),
    pressList: new D1MediaListLeaveStore(db),
    config,
  });
  await next();
  const bookmark = writes(c) ? db.getBookmark() : null;
  if (bookmark) setResponseHeader(c, 'Set-Cookie', bookmarkCookie(bookmark), { append: true });
  // How many database round trips and statements this response cost (seen in dev tools and
  // read by the benchmark).
  c.header('Server-Timing', `d1;desc="round trips: ${content.stats.roundTrips}, statements: ${content.stats.statements}"`, { append: true });
});
