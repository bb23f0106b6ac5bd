/**
 * Secret links of galleries (docs/decisions/0036-gallery-release-time.md): `/s/{token}` (the
 * newsroom's default language), `/s/{token}/{locale}` and `/s/{token}/download` (the ZIP), for
 * the journalists a gallery is shared with before its release time.
 *
 * A gallery token is a story token with a `g` in front (src/domain/gallery-link.ts): these routes
 * match only that shape and are mounted before the stories' (src/routes/secret-story.tsx), which
 * never see a gallery token. The page is the gallery page with the embargo banner and everything
 * that could carry the token elsewhere off (src/http/private-page.ts: private, noindex, no Referer, no
 * analytics; the page cache skips `/s/`); it is not embeddable, has no JSON alternate and no share
 * bar. Once the gallery is released the link answers 301 to its public address, so links already
 * sent keep working. An unknown token, or a gallery without images or videos, is the ordinary 404.
 *
 * Here too, for the stories' secret pages: a story body's card of an unreleased gallery links to
 * the gallery's secret link, in the story's language.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import type { Deps } from '#src/adapters';
import { MovedError, NotFoundError } from '#src/domain/errors';
import { isGalleryEmpty } from '#src/domain/gallery';
import { isWellFormedGalleryLinkToken, showsGalleryCard, withSecretGalleryLinks } from '#src/domain/gallery-link';
import type { SharedGallery, SiteContext } from '#src/domain/ports';
import type { Story } from '#src/domain/story';
import { hashLinkToken, tokensEqual } from '#src/domain/story-link';
import { defaultLanguage } from '#src/domain/newsroom';
import { playerOriginsOf, videoEmbedOf } from '#src/domain/video-embed';
import { formatDate, formatTime } from '#src/i18n/translate';
import { urls, urlContextOf } from '#src/i18n/urls';
import { LOCALE_SEGMENT } from '#src/middleware/locale';
import type { GalleryPageModel } from '#src/pages/galleries';
import { GalleryPage } from '#src/views/pages/gallery-pages';
import { archiveResponse } from '#src/http/archive-response';
import { galleryPageModel } from '#src/pages/galleries';
import { allowPlayers } from '#src/http/allow-players';
import { PRIVATE_PAGE_HEADERS } from '#src/http/cache-rules';
import { quietSite } from '#src/http/private-page';
import { renderPage } from '#src/http/render-page';

/** The path segment of a gallery token (the shape isWellFormedGalleryLinkToken checks). */
const TOKEN = ':token{g[A-Za-z0-9_-]{43}}';

/** The gallery behind a token; a 301 to `publicPath` once released, a 404 when unknown or empty. */
async function findSharedGallery(deps: Deps, token: string, publicPath: (uuid: string) => string): Promise<SharedGallery> {
  if (!isWellFormedGalleryLinkToken(token)) throw new NotFoundError('Secret link');
  const shared = await deps.content.getSharedGallery(await hashLinkToken(token));
  if (!shared || !tokensEqual(shared.token, token)) throw new NotFoundError('Secret link');
  if (shared.isReleased) throw new MovedError(publicPath(shared.gallery.uuid));
  if (isGalleryEmpty(shared.gallery)) throw new NotFoundError('Secret link');
  return shared;
}

/** The page model of an unreleased gallery behind its secret link, in one of the newsroom's languages. */
export async function loadSharedGallery(deps: Deps, site: SiteContext, token: string, locale: string): Promise<GalleryPageModel> {
  const ctx = urlContextOf(site);
  const { gallery } = await findSharedGallery(deps, token, (uuid) => urls.gallery(ctx, locale, uuid));
  const timeZone = site.newsroom.timezone;
  return galleryPageModel(deps, site, locale, gallery, {
    path: urls.sharedGallery(ctx, locale, token),
    translations: site.languages.map((language) => ({ code: language.code, href: urls.sharedGallery(ctx, language.code, token) })),
    archiveHref: urls.sharedGalleryArchive(token),
    notice: { date: formatDate(locale, gallery.published_at, timeZone), ...formatTime(locale, gallery.published_at, timeZone) },
  });
}

/**
 * A story for its own secret page, its body's cards of unreleased galleries linked to their
 * secret links (the public address answers 404 until the release). One statement, and only for a
 * body that shows a gallery.
 */
export async function withSecretGalleryCards(deps: Deps, site: SiteContext, story: Story): Promise<Story> {
  if (!showsGalleryCard(story.body_html)) return story;
  const links = await deps.content.listUnreleasedGalleryLinks();
  if (links.length === 0) return story;
  const ctx = urlContextOf(site);
  const cards = links.map((link) => ({ publicHref: urls.gallery(ctx, story.locale, link.uuid), secretHref: urls.sharedGallery(ctx, story.locale, link.token) }));
  return { ...story, body_html: withSecretGalleryLinks(story.body_html, cards) };
}

async function galleryPage(c: Context<AppEnv>, locale: string): Promise<Response> {
  const site = quietSite(c);
  c.set('locale', locale);
  const model = await loadSharedGallery(c.var.deps, site, c.req.param('token') ?? '', locale);
  allowPlayers(c, playerOriginsOf(model.gallery.videos.flatMap((video) => videoEmbedOf(video.url) ?? [])));
  return renderPage(<GalleryPage model={model} />, { headers: PRIVATE_PAGE_HEADERS });
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
