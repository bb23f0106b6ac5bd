/**
 * The offline stand-in for the Uploadcare CDN: `/media/{uuid}/[-/effects/…/]{filename}` serves the
 * original file imported into static assets (public/media/{uuid}/{filename}). Effects are not
 * applied; addresses keep the CDN's shape so switching MEDIA_CDN_URL to the real CDN needs no
 * change anywhere else.
 */
import { Hono } from 'hono';
import type { AppEnv } from '#src/env';
import { NotFoundError } from '#src/domain/errors';
import { cacheRules } from '#src/middleware/cache-rules';

// Only uuid-shaped first segments are files: /media/album/{uuid} is the gallery page.
export const media = new Hono<AppEnv>().get('/:uuid{[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}}/*', async (c) => {
  const uuid = c.req.param('uuid');
  const filename = c.req.path.split('/').pop() ?? '';
  if (filename === '' || filename === '-') throw new NotFoundError('Media');
  const asset = await c.env.ASSETS.fetch(new Request(new URL(`/media/${uuid}/${filename}`, c.req.url)));
  if (!asset.ok) throw new NotFoundError('Media');
  const response = new Response(asset.body, asset);
  response.headers.set('Cache-Control', cacheRules.media);
  // The CDN's download flag: save the file instead of showing it, under its (sanitised) name.
  if (c.req.path.includes('/-/inline/no/')) {
    response.headers.set('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(decodeURIComponent(filename))}`);
  }
  return response;
});
