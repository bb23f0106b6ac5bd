/**
 * The newsroom a route serves (loaded by src/middleware/site.ts). Until content is imported there is none, and
 * every address that needs it answers as an unknown address does: a NotFoundError, so the visitor
 * gets the bare 404 page (app.onError) and an API caller 404 `{message}`, never a 500.
 */
import type { Context } from 'hono';
import type { AppEnv } from './app-env';
import { NotFoundError } from '#src/domain/errors';
import type { SiteContext } from '#src/domain/ports';

export function requireSite(c: Context<AppEnv>): SiteContext {
  const site = c.var.site;
  if (!site) throw new NotFoundError('Newsroom not imported');
  return site;
}
