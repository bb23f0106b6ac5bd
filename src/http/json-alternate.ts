/**
 * The JSON alternate of an entity (`/{slug}.json`, `/media/album/{uuid}.json`): one way for every
 * entity, with its validators (ETag, and Last-Modified when the entity knows when it changed) and
 * the 304 a client's copy earns; cached like a page, or private at a secret address (`headers`:
 * src/http/cache-rules.ts's PRIVATE_PAGE_HEADERS); `noindex` where the page is not indexable. The
 * entity's language, when the address does not name it (a story's `/{slug}.json`), becomes the
 * request's, as a page's does (./render-page.ts).
 */
import type { Context } from 'hono';
import type { AppEnv } from './app-env';
import { cacheRules } from './cache-rules';
import { conditionalResponse } from './conditional-get';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function jsonAlternate(
  c: Context<AppEnv>,
  value: unknown,
  options: { lastModified: number | null; indexable: boolean; headers?: Readonly<Record<string, string>>; locale?: string },
): Promise<Response> {
  if (options.locale) c.set('locale', options.locale);
  return conditionalResponse(c.req.raw, JSON.stringify(value), {
    contentType: JSON_CONTENT_TYPE,
    cacheControl: cacheRules.page,
    lastModified: options.lastModified,
    headers: { ...(options.indexable ? {} : { 'X-Robots-Tag': 'noindex' }), ...options.headers },
  });
}
