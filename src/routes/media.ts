/**
 * The offline stand-in for the Uploadcare CDN: `/media/{uuid}/[-/effects/…/]{filename}` serves the
 * original file imported into static assets (public/media/{uuid}/{filename}). Effects are not
 * applied; addresses keep the CDN's shape so switching MEDIA_CDN_URL to the real CDN needs no
 * change anywhere else.
 */
import { Hono } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { NotFoundError } from '#src/domain/errors';
import { cacheRules } from '#src/http/cache-rules';

/**
 * Files served from the newsroom's own origin are never allowed to act as its pages: no script,
 * no plugin, no form, no request of their own (an SVG or HTML file with a script inside would
 * otherwise run as the newsroom).
 */
export const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Types a browser would render as a document: always downloaded, never shown in place. */
export const DOCUMENT_CONTENT_TYPES: readonly string[] = ['image/svg+xml', 'text/html', 'application/xhtml+xml', 'text/xml', 'application/xml'];

export function isDocumentContentType(contentType: string | null): boolean {
  return DOCUMENT_CONTENT_TYPES.includes((contentType ?? '').split(';')[0]!.trim().toLowerCase());
}

// Only uuid-shaped first segments are files: /media/album/{uuid} is the gallery page.
export const media = new Hono<AppEnv>().get('/:uuid{[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}}/*', async (c) => {
  const uuid = c.req.param('uuid');
  const filename = c.req.path.split('/').pop() ?? '';
  if (filename === '' || filename === '-') throw new NotFoundError('Media');
  const asset = await c.env.ASSETS.fetch(new Request(new URL(`/media/${uuid}/${filename}`, c.req.url)));
  if (!asset.ok) throw new NotFoundError('Media');
  const response = new Response(asset.body, asset);
  response.headers.set('Cache-Control', cacheRules.media);
  response.headers.set('Content-Security-Policy', MEDIA_CONTENT_SECURITY_POLICY);
  // The CDN's download flag: save the file instead of showing it, under its (sanitised) name.
  if (c.req.path.includes('/-/inline/no/') || isDocumentContentType(response.headers.get('Content-Type'))) {
    response.headers.set('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(decodeURIComponent(filename))}`);
  }
  return response;
});
