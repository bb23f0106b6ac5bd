/** Loads the newsroom (settings, languages, companies, categories) once per request. */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#src/env';

export const site = createMiddleware<AppEnv>(async (c, next) => {
  c.set('site', await c.var.deps.content.getSiteContext());
  await next();
});
