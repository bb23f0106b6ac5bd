/** Builds the request's dependencies from the bindings: the only place that sees D1 for pages. */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { configOf, type AppEnv } from '#src/env';
import { D1ContentRepository } from '#src/platform/d1/content-repository';
import { D1OutboxMailer, D1SubscriptionStore } from '#src/platform/d1/subscription-store';
import { createMailer } from '#src/platform/mail/create-mailer';
import { D1SearchBackend } from '#src/platform/d1/search-backend';
import { CachedSearchBackend } from '#src/platform/kv/search-cache';
import { composeSearchBackend, createEngineBackend } from '#src/platform/search/create-backend';

/** The page cache asks D1 for the content revision only when KV does not hold it. */
export const readContentRevision = (c: Context<AppEnv>): Promise<number | null> => new D1ContentRepository(c.env.DB).getContentRevision();

export const deps = createMiddleware<AppEnv>(async (c, next) => {
  const content = new D1ContentRepository(c.env.DB);
  const config = configOf(c.env);
  const outbox = new D1OutboxMailer(c.env.DB);
  c.set('deps', {
    content,
    subscriptions: new D1SubscriptionStore(c.env.DB),
    mailer: createMailer(c.env.DB, config.emailApi),
    outbox,
    search: (revision) =>
      composeSearchBackend({
        engine: createEngineBackend(config.search),
        d1: new D1SearchBackend(c.env.DB, content.stats),
        cache: (inner) => new CachedSearchBackend(inner, c.env.PAGE_CACHE, revision, `${config.search.searchBackend}:${config.search.indexName}`),
      }),
    queryStats: content.stats,
    config,
  });
  await next();
  // How many database round trips and statements this response cost (seen in dev tools and
  // read by the benchmark).
  c.header('Server-Timing', `d1;desc="round trips: ${content.stats.roundTrips}, statements: ${content.stats.statements}"`, { append: true });
});
