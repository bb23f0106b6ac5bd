/** Media galleries (their models and the gallery's JSON form): the index `[/{locale}]/media` (6 per page) and a gallery `[/{locale}]/media/album/{uuid}`. */
import { inquiryFormModel, type InquiryFormModel } from './inquiry-form';
import type { Deps } from '#src/deps';
import { NotFoundError } from '#src/domain/errors';
import { isGalleryEmpty, type Gallery, type GallerySummary } from '#src/domain/gallery';
import { GALLERY_PAGE_SIZE, paginate } from '#src/domain/paging';
import type { SiteContext } from '#src/domain/ports';
import { formatMessage, messagesFor } from '#src/i18n/translate';
import { urls, urlContextOf } from '#src/i18n/urls';
import type { LayoutModel, ShareBarTarget } from './model';
import { absoluteImage, buildLayout, pageTitle } from './layout';
import { imageGalleryLd } from './structured-data';
import { galleryJson } from './entity-json';
import { loadPagedList, type ListPagingModel } from './paged-list';
import { archiveBytes } from '#src/domain/archive';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether the page exists, without a query (NotFoundError when it does not). */
export function checkGalleryIndexPage(site: SiteContext, page: number): void {
  paginate({ page, pageSize: GALLERY_PAGE_SIZE, total: site.galleries_count });
}

export async function loadGalleryIndex(deps: Deps, site: SiteContext, locale: string, page: number): Promise<GalleryIndexModel> {
  const ctx = urlContextOf(site);
  const title = formatMessage(locale, messagesFor(locale), 'media.title');
  const { list, ...listed } = await loadPagedList({ deps, site, locale, page }, {
    pageSize: GALLERY_PAGE_SIZE,
    total: site.galleries_count,
    fetch: (page, pageSize) => deps.content.listGalleries(page, pageSize),
    href: (n) => urls.media(ctx, locale, n),
    layout: () => ({
      title: pageTitle(site, locale, title),
      description: '',
      pageTranslations: site.languages.map((language) => ({ code: language.code, href: urls.media(ctx, language.code) })),
      isMediaPage: true,
      breadcrumbs: [{ name: title, path: urls.media(ctx, locale) }],
    }),
  });
  return {
    ...listed,
    title,
    galleries: list.galleries.map((gallery) => ({ gallery, href: urls.gallery(ctx, locale, gallery.uuid) })),
  };
}

/** A listed gallery (well-formed uuid, released, not empty), or NotFoundError: page, JSON and ZIP alike. */
export async function findGallery(deps: Deps, uuid: string): Promise<Gallery> {
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
   * The embargo banner of an unreleased gallery's secret-link page (src/pages/secret-gallery.ts),
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
    shareBar: isPublicPage ? { url, title: gallery.title } : null,
    notice: placement.notice,
    // "Ask the press office" about this gallery: on its public page only.
    inquiry: isPublicPage ? inquiryFormModel(site, locale, placement.path) : null,
  };
}

/** A gallery's JSON form: the gallery alone (no page model needed), naming its page's address. */
export async function loadGalleryJson(deps: Deps, site: SiteContext, locale: string, uuid: string) {
  const gallery = await findGallery(deps, uuid);
  const url = urls.absolute(site.newsroom.url, urls.gallery(urlContextOf(site), locale, uuid));
  // Its release time is when its public form last changed.
  return { json: galleryJson(gallery, url, deps.config.mediaRoot, site.newsroom.url), lastModified: gallery.published_at };
}

export interface GalleryIndexModel extends ListPagingModel {
  readonly layout: LayoutModel;
  readonly title: string;
  readonly galleries: readonly { gallery: GallerySummary; href: string }[];
}

export interface GalleryPageModel {
  readonly layout: LayoutModel;
  readonly gallery: Gallery;
  readonly indexHref: string;
  /** "Download all": the ZIP's address and the originals' total size; null without images. */
  readonly archive: { readonly href: string; readonly bytes: number } | null;
  /** What the share bar offers; null on the secret-link page of an unreleased gallery. */
  readonly shareBar: ShareBarTarget | null;
  /** The embargo banner of the secret-link page; null on public pages. */
  readonly notice: GalleryNoticeModel | null;
  /** The inquiry form about this gallery (docs/decisions/0054-the-inquiry-inbox.md); null on a secret page. */
  readonly inquiry: InquiryFormModel | null;
}

/** A gallery's release time in the newsroom's zone, for the embargo banner of its secret-link page. */
export interface GalleryNoticeModel {
  readonly date: string;
  readonly time: string;
  readonly zone: string;
}
