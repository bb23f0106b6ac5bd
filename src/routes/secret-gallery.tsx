/**
 * Secret links of galleries: `/s/{token}` (the newsroom's default language), `/s/{token}/{locale}`
 * and `/s/{token}/download` (the ZIP). What they show and why: src/pages/secret-gallery.ts.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { MovedError, NotFoundError } from '#src/domain/errors';
import { defaultLanguage } from '#src/domain/newsroom';
import type { SiteContext } from '#src/domain/ports';
import { playerOriginsOf, videoEmbedOf } from '#src/domain/video-embed';
import { urls, urlContextOf } from '#src/i18n/urls';
import { archiveResponse } from '#src/http/archive-response';
import { PRIVATE_PAGE_HEADERS } from '#src/http/cache-rules';
import { playerSources } from '#src/http/content-security-policy';
import { quietSite } from '#src/http/private-page';
import { renderPage } from '#src/http/render-page';
import { LOCALE_SEGMENT } from '#src/middleware/locale';
import { findSharedGallery, loadSharedGallery } from '#src/pages/secret-gallery';
import { GalleryPage } from '#src/views/screens/gallery-pages';

/** The path segment of a gallery token (the shape isWellFormedGalleryLinkToken checks). */
const TOKEN = ':token{g[A-Za-z0-9_-]{43}}';

async function galleryPage(c: Context<AppEnv>, locale: string): Promise<Response> {
  const site = quietSite(c);
  const model = await loadSharedGallery(c.var.deps, site, c.req.param('token') ?? '', locale);
  const cspSources = playerSources(playerOriginsOf(model.gallery.videos.flatMap((video) => videoEmbedOf(video.url) ?? [])));
  return renderPage(c, { shell: model.layout.shell, document: c.render(<GalleryPage model={model} />), headers: PRIVATE_PAGE_HEADERS, cspSources });
}

export const secretGalleryLinks = new Hono<AppEnv>()
  .get(`/${TOKEN}/download`, async (c) => {
    const site = quietSite(c);
    const ctx = urlContextOf(site);
    const { gallery } = await findSharedGallery(c.var.deps, c.req.param('token'), (uuid) => urls.galleryArchive(ctx, ctx.defaultLocale, uuid));
    if (gallery.images.length === 0) throw new NotFoundError('Secret link archive');
    return archiveResponse(c, gallery.title, gallery.images, PRIVATE_PAGE_HEADERS);
  })
  .get(`/${TOKEN}/${LOCALE_SEGMENT}`, async (c) => {
    const site = requireLanguage(c);
    const locale = c.req.param('locale');
    // One address per page: the default language's has no suffix.
    if (locale === defaultLanguage(site.languages).code) throw new MovedError(urls.sharedGallery(urlContextOf(site), locale, c.req.param('token')));
    return galleryPage(c, locale);
  })
  .get(`/${TOKEN}`, (c) => galleryPage(c, defaultLanguage(quietSite(c).languages).code));

/** The site, for an address whose language segment must be one of the newsroom's languages. */
function requireLanguage(c: Context<AppEnv>): SiteContext {
  const site = quietSite(c);
  if (!site.languages.some((language) => language.code === c.req.param('locale'))) throw new NotFoundError(`Unknown locale ${c.req.param('locale')}`);
  return site;
}
