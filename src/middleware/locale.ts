/**
 * Resolves the page locale from the leading path segment. The default language has no prefix:
 * `/en/...` for a default-English newsroom redirects to the unprefixed address, and a segment
 * that looks like a locale but is not one of the newsroom's languages is a 404 (never a 500).
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#src/http/app-env';
import { NotFoundError, MovedError } from '#src/domain/errors';
import { defaultLanguage } from '#src/domain/newsroom';
import { LOCALE_REGION_SOURCE } from '#src/i18n/locales';
import { requireSite } from '#src/http/require-site';

/**
 * Two or three lower-case letters, but not `tag`: `/tag/{tag}` is a tag page of the default
 * language (src/pages/tag.ts), which would otherwise be read as the unknown locale "tag" (a
 * 404). Spelled without a lookahead, which Hono's RegExpRouter does not take.
 */
const LANGUAGE_CODE = '(?:[a-z]{2}|[a-su-z][a-z]{2}|t[b-z][a-z]|ta[a-fh-z])';

export const LOCALE_SEGMENT = `:locale{${LANGUAGE_CODE}${LOCALE_REGION_SOURCE}}`;

export const locale = createMiddleware<AppEnv>(async (c, next) => {
  const site = requireSite(c);
  const fallback = defaultLanguage(site.languages).code;
  const requested = c.req.param('locale');
  // Locale routes are mounted twice (prefixed and unprefixed) and Hono runs the middleware of
  // every mount that matches: the prefixed one runs first and wins.
  if (requested === undefined && c.var.locale) return next();
  if (requested === undefined) {
    c.set('locale', fallback);
  } else if (requested === fallback) {
    const url = new URL(c.req.url);
    throw new MovedError((url.pathname.slice(requested.length + 1) || '/') + url.search);
  } else if (site.languages.some((language) => language.code === requested)) {
    c.set('locale', requested);
  } else {
    throw new NotFoundError(`Unknown locale ${requested}`);
  }
  await next();
});
