/** Media galleries: the index `[/{locale}]/media` (6 per page) and a gallery `[/{locale}]/media/album/{uuid}`. */
import { Hono } from 'hono';
import type { AppEnv, Deps } from '#src/env';
import { requireSite } from '#src/middleware/require-site';
import { NotFoundError } from '#src/domain/errors';
import { isGalleryEmpty, type Gallery } from '#src/domain/gallery';
import { GALLERY_PAGE_SIZE, paginate } from '#src/domain/paging';
import type { SiteContext } from '#src/domain/ports';
import { formatMessage, messagesFor } from '#src/i18n/translate';
import { urls } from '#src/i18n/urls';
import { cacheRules } from '#src/middleware/cache-rules';
import type { GalleryIndexModel, GalleryNoticeModel, GalleryPageModel } from '#src/views/page-model';
import { GalleryIndexPage, GalleryPage } from '#src/views/pages/gallery-pages';
import { renderPage } from './render-page';
import { absoluteImage, buildLayout, pageTitle, urlContextOf } from './layout-model';
import { imageGalleryLd } from '#src/views/structured-data';
import { pageQuery } from './page-param';
import { listPaging } from './list-paging';
import { archiveResponse } from './archive';
import { archiveBytes } from '#src/domain/archive';
import { playerOriginsOf, videoEmbedOf } from '#src/domain/video-embed';
import { allowPlayers } from './players';
import { galleryJson } from '#src/views/entity-json';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function loadGalleryIndex(deps: Deps, site: SiteContext, locale: string, page: number): Promise<GalleryIndexModel> {
  const pageSize = GALLERY_PAGE_SIZE;
  const paging = paginate({ page, pageSize, total: site.galleries_count });
  const list = await deps.content.listGalleries(page, pageSize);
  const ctx = urlContextOf(site);
  const title = formatMessage(locale, messagesFor(locale), 'media.title');
  return {
    layout: buildLayout({
      site,
      config: deps.config,
      locale,
      path: urls.media(ctx, locale, page),
      title: pageTitle(site, locale, title),
      description: '',
      pageTranslations: site.languages.map((language) => ({ code: language.code, href: urls.media(ctx, language.code) })),
      isMediaPage: true,
      breadcrumbs: [{ name: title, path: urls.media(ctx, locale) }],
    }),
    title,
    galleries: list.galleries.map((gallery) => ({ gallery, href: urls.gallery(ctx, locale, gallery.uuid) })),
    ...listPaging(paging, (n) => urls.media(ctx, locale, n)),
  };
}

/** A listed gallery (well-formed uuid, released, not empty), or NotFoundError: page, JSON and ZIP alike. */
async function findGallery(deps: Deps, uuid: string): Promise<Gallery> {
  if (!UUID.test(uuid)) throw new NotFoundError(`Gallery ${uuid}`);
  const gallery = await deps.content.getGallery(uuid);
  if (!gallery || isGalleryEmpty(gallery)) throw new NotFoundError(`Gallery ${uuid}`);
  return gallery;
}

export async function loadGallery(deps: Deps, site: SiteContext, locale: string, uuid: string): Promise<GalleryPageModel> {
  const gallery = await findGallery(deps, uuid);
  const ctx = urlContextOf(site);
  return galleryPageModel(deps, site, locale, gallery, {
    path: urls.gallery(ctx, locale, uuid),
    translations: site.languages.map((language) => ({ code: language.code, href: urls.gallery(ctx, language.code, uuid) })),
    archiveHref: urls.galleryArchive(ctx, locale, uuid),
    notice: null,
  });
}

/** Where one gallery page lives, and what it may say of itself. */
export interface GalleryPlacement {
  /** Site-relative address of this page. */
  readonly path: string;
  /** This page in each of the newsroom's languages. */
  readonly translations: readonly { code: string; href: string }[];
  readonly archiveHref: string;
  /**
   * The embargo banner of an unreleased gallery's secret-link page (src/routes/shared-gallery.tsx),
   * which is never indexed, embedded, described for search engines or offered to share; null on
   * the public page.
   */
  readonly notice: GalleryNoticeModel | null;
}

/** The page model of a gallery, public or behind its secret link. */
export function galleryPageModel(deps: Deps, site: SiteContext, locale: string, gallery: Gallery, placement: GalleryPlacement): GalleryPageModel {
  const ctx = urlContextOf(site);
  const isPublicPage = placement.notice === null;
  const url = urls.absolute(site.newsroom.url, placement.path);
  return {
    layout: buildLayout({
      site,
      config: deps.config,
      locale,
      path: placement.path,
      title: pageTitle(site, locale, gallery.title),
      description: gallery.description,
      pageTranslations: placement.translations,
      // A secret page's switcher offers the same secret page in another language, never a homepage.
      translationsOnly: !isPublicPage,
      isMediaPage: true,
      indexable: isPublicPage,
      image: gallery.thumbnail_image,
      jsonAlternate: isPublicPage ? urls.galleryJson(ctx, locale, gallery.uuid) : null,
      oembed: isPublicPage,
      breadcrumbs: isPublicPage
        ? [
            { name: formatMessage(locale, messagesFor(locale), 'media.title'), path: urls.media(ctx, locale) },
            { name: gallery.title, path: placement.path },
          ]
        : [],
      jsonLd: isPublicPage
        ? [
            imageGalleryLd({
              url,
              name: gallery.title,
              description: gallery.description,
              images: gallery.images.flatMap((image) => absoluteImage(image, deps.config.mediaRoot, site.newsroom.url) ?? []),
            }),
          ]
        : [],
    }),
    gallery,
    indexHref: urls.media(ctx, locale),
    archive: gallery.images.length > 0 ? { href: placement.archiveHref, bytes: archiveBytes(gallery.images) } : null,
    share: isPublicPage ? { url, title: gallery.title } : null,
    notice: placement.notice,
  };
}

export const galleries = new Hono<AppEnv>()
  .get('/media', pageQuery, async (c) => {
    const model = await loadGalleryIndex(c.var.deps, requireSite(c), c.var.locale, c.req.valid('query').page);
    return renderPage(<GalleryIndexPage model={model} />);
  })
  // The JSON alternate: the gallery as docs/spec-coverage.md section 3 shapes it.
  .get('/media/album/:file{[0-9a-f-]{36}\\.json}', async (c) => {
    const site = requireSite(c);
    const uuid = c.req.param('file').slice(0, -'.json'.length);
    // The gallery alone: the JSON needs no page model.
    const gallery = await findGallery(c.var.deps, uuid);
    const url = urls.absolute(site.newsroom.url, urls.gallery(urlContextOf(site), c.var.locale, uuid));
    return c.json(galleryJson(gallery, url, c.var.deps.config.mediaRoot, site.newsroom.url), 200, { 'Cache-Control': cacheRules.page });
  })
  .get('/media/album/:uuid', async (c) => {
    const model = await loadGallery(c.var.deps, requireSite(c), c.var.locale, c.req.param('uuid'));
    allowPlayers(c, playerOriginsOf(model.gallery.videos.flatMap((video) => videoEmbedOf(video.url) ?? [])));
    return renderPage(<GalleryPage model={model} />);
  })
  // Every image of the gallery, originals, in one ZIP.
  .get('/media/album/:uuid/download', async (c) => {
    const uuid = c.req.param('uuid');
    const gallery = await findGallery(c.var.deps, uuid);
    if (gallery.images.length === 0) throw new NotFoundError(`Gallery ${uuid} archive`);
    return archiveResponse(c, gallery.title, gallery.images);
  });
