/**
 * The newsroom's theme stylesheet (src/domain/theme.ts): only custom properties on :root, served
 * from the worker at `/theme-{hash}.css`, where the hash is of the stylesheet's text. Pages link
 * it after /styles/site.css, so `style-src 'self'` covers it and the CSP stays as it is.
 *
 * At its current address it is immutable. An older address (a page cached before the theme
 * changed, still being served while it refreshes) gets the current theme, briefly cacheable:
 * that page then shows the new colours instead of none.
 */
import { Hono } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { requireSite } from '#src/http/require-site';
import { NotFoundError } from '#src/domain/errors';
import { themeAsset } from '#src/domain/theme';
import { cacheRules } from '#src/http/cache-rules';

export const theme = new Hono<AppEnv>();

theme.get('/:file{theme-[0-9a-z]{1,16}\\.css}', (c) => {
  const asset = themeAsset(requireSite(c).newsroom.theme);
  if (!asset) throw new NotFoundError('Theme stylesheet');
  const requested = c.req.param('file').slice('theme-'.length, -'.css'.length);
  return c.body(asset.css, 200, {
    'Content-Type': 'text/css; charset=utf-8',
    'Cache-Control': requested === asset.hash ? cacheRules.theme : cacheRules.page,
  });
});
