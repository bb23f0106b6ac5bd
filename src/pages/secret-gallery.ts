/**
 * Secret links of galleries (docs/decisions/0036-gallery-release-time.md): `/s/{token}` (the
 * newsroom's default language), `/s/{token}/{locale}` and `/s/{token}/download` (the ZIP), for
 * the journalists a gallery is shared with before its release time.
 *
 * A gallery token is a story token with a `g` in front (src/domain/gallery-link.ts): these routes
 * match only that shape and are mounted before the stories' (src/pages/secret-story.ts), which
 * never see a gallery token. The page is the gallery page with the embargo banner and everything
 * that could carry the token elsewhere off (src/http/private-page.ts: private, noindex, no Referer, no
 * analytics; the page cache skips `/s/`); it is not embeddable, has no JSON alternate and no share
 * bar. Once the gallery is released the link answers 301 to its public address, so links already
 * sent keep working. An unknown token, or a gallery without images or videos, is the ordinary 404.
 *
 * Here too, for the stories' secret pages: a story body's card of an unreleased gallery links to
 * the gallery's secret link, in the story's language.
 */
import type { Deps } from '#src/deps';
import { MovedError, NotFoundError } from '#src/domain/errors';
import { isGalleryEmpty } from '#src/domain/gallery';
import { isWellFormedGalleryLinkToken, showsGalleryCard, withSecretGalleryLinks } from '#src/domain/gallery-link';
import type { SharedGallery, SiteContext } from '#src/domain/ports';
import type { Story } from '#src/domain/story';
import { hashLinkToken, tokensEqual } from '#src/domain/story-link';
import { formatDate, formatTime } from '#src/i18n/translate';
import { urls, urlContextOf } from '#src/i18n/urls';
import type { GalleryPageModel } from './galleries';
import { galleryPageModel } from './galleries';

/** The gallery behind a token; a 301 to `publicPath` once released, a 404 when unknown or empty. */
export async function findSharedGallery(deps: Deps, token: string, publicPath: (uuid: string) => string): Promise<SharedGallery> {
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
