/**
 * oEmbed (docs/decisions/0024-oembed-and-content-signals.md): `GET /oembed?url=…&format=json`
 * answers for this newsroom's public stories (`/{slug}`) and galleries
 * (`[/{locale}]/media/album/{uuid}`) with a `rich` embed, an iframe of the page's embed card
 * (`/{slug}/embed`, `[/{locale}]/media/album/{uuid}/embed`), the only pages other sites may frame.
 *
 * The page is found from the `url` parameter by parsing it and comparing it with the addresses
 * src/i18n/urls.ts builds, on the newsroom's own origin: it is never fetched, redirected to or
 * echoed. Stories and galleries are loaded by the same functions as their pages, so the same
 * rules decide what exists: anything else (a draft, an embargo, a secret link, another site, a
 * malformed address) is the same 404 with the same message.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import type { Deps } from '#src/adapters';
import { requireSite } from '#src/http/require-site';
import { NotFoundError } from '#src/domain/errors';
import { embedSize, NOT_EMBEDDABLE, parseOembedRequest, type EmbedBounds } from '#src/domain/oembed';
import type { SiteContext } from '#src/domain/ports';
import { urls, urlContextOf } from '#src/i18n/urls';
import { cacheRules } from '#src/http/cache-rules';
import { FRAMEABLE_BY_ANYONE, mergeSources } from '#src/http/content-security-policy';
import { OEMBED_THUMBNAIL_BOUNDS, oembedThumbnail, storyOembed, type ThumbnailBounds } from '#src/pages/json-form';
import { oembedJson, type OembedModel } from '#src/pages/oembed-answer';
import type { EmbedCardModel, GalleryPageModel, LayoutModel, StoryPageModel } from '#src/pages/model';
import { EmbedCardPage } from '#src/views/pages/embed-card-page';
import { renderPage } from '#src/http/render-page';
import { loadGallery } from '#src/pages/galleries';
import { loadStory } from '#src/pages/story';
import { firstValue, validate, wrongAddress } from '#src/http/validate';
import * as z from 'zod/mini';

/** The card's own stylesheet (public/styles/embed.css): a few rules, not the site's. */
export const EMBED_STYLESHEET = '/styles/embed.css';

/** The answer is public and the same for everyone: consumers may ask from a browser too. */
const CORS = { 'Access-Control-Allow-Origin': '*' };

export type EmbeddablePage = { readonly kind: 'story'; readonly slug: string } | { readonly kind: 'gallery'; readonly locale: string; readonly uuid: string };

function decodedSegments(path: string): string[] | null {
  try {
    return path.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/**
 * Which of our pages an absolute address names, or null: an http(s) URL on the newsroom's origin
 * (no credentials), its query and fragment ignored, trailing slashes too, whose path is one that
 * urls.story or urls.gallery builds (compared segment by segment, decoded, so `%C3%A9` and
 * `%c3%a9` are one address, and `/en/media/…` for a default-English newsroom is none).
 */
export function embeddablePage(site: SiteContext, address: string): EmbeddablePage | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.origin !== new URL(site.newsroom.url).origin || url.username !== '' || url.password !== '') return null;
  const segments = decodedSegments(url.pathname.replace(/(.)\/+$/, '$1'));
  if (!segments || segments.some((segment) => segment === '')) return null;
  const builds = (path: string) => {
    const built = decodedSegments(path);
    return built !== null && built.length === segments.length && built.every((segment, index) => segment === segments[index]);
  };
  if (segments.length === 1 && builds(urls.story(segments[0]!))) return { kind: 'story', slug: segments[0]! };
  const ctx = urlContextOf(site);
  const uuid = segments.at(-1)!;
  const locale = segments.length === 4 ? segments[0]! : ctx.defaultLocale;
  if (site.languages.some((language) => language.code === locale) && builds(urls.gallery(ctx, locale, uuid))) return { kind: 'gallery', locale, uuid };
  return null;
}

/** The company's name, as the page's Open Graph card names the site. */
function providerName(layout: LayoutModel): string {
  return layout.head.openGraph?.siteName ?? layout.newsroom.display_name;
}

/** The thumbnail's bounds: SPEC section 3's width, within what the consumer asked for. */
function thumbnailBounds(bounds: EmbedBounds): ThumbnailBounds {
  return { maxWidth: Math.min(OEMBED_THUMBNAIL_BOUNDS.maxWidth, bounds.maxWidth ?? Infinity), maxHeight: bounds.maxHeight };
}

async function storyAnswer(deps: Deps, site: SiteContext, slug: string, bounds: EmbedBounds): Promise<OembedModel> {
  const model = await loadStory(deps, site, slug);
  const origin = site.newsroom.url;
  const { title, thumbnail_url, thumbnail_width, thumbnail_height } = storyOembed(model, site, thumbnailBounds(bounds));
  return {
    title,
    authorName: model.story.author?.display_name ?? providerName(model.layout),
    providerName: providerName(model.layout),
    providerUrl: urls.absolute(origin, model.layout.homeHref),
    embedUrl: urls.absolute(origin, urls.storyEmbed(model.story.slug)),
    ...embedSize(bounds),
    thumbnail: thumbnail_url !== null && thumbnail_width !== null && thumbnail_height !== null ? { thumbnail_url, thumbnail_width, thumbnail_height } : null,
  };
}

async function galleryAnswer(deps: Deps, site: SiteContext, locale: string, uuid: string, bounds: EmbedBounds): Promise<OembedModel> {
  const model = await loadGallery(deps, site, locale, uuid);
  const origin = site.newsroom.url;
  return {
    title: model.gallery.title,
    authorName: providerName(model.layout),
    providerName: providerName(model.layout),
    providerUrl: urls.absolute(origin, model.layout.homeHref),
    embedUrl: urls.absolute(origin, urls.galleryEmbed(urlContextOf(site), locale, model.gallery.uuid)),
    ...embedSize(bounds),
    thumbnail: oembedThumbnail(model.gallery.thumbnail_image, model.layout.mediaRoot, origin, thumbnailBounds(bounds)),
  };
}

function oembedError(c: Context<AppEnv>, status: 400 | 404 | 501, message: string): Response {
  return c.json({ message }, status, { 'Cache-Control': cacheRules.error, ...CORS });
}

function storyCard(model: StoryPageModel, site: SiteContext): EmbedCardModel {
  const { story, layout } = model;
  return {
    locale: story.locale,
    timeZone: site.newsroom.timezone,
    kind: 'story',
    title: story.title,
    published: story.published_at,
    summary: story.subtitle || story.summary,
    cover: story.cover,
    counts: null,
    href: urls.absolute(site.newsroom.url, urls.story(story.slug)),
    newsroomName: providerName(layout),
    mediaRoot: layout.mediaRoot,
    stylesheet: EMBED_STYLESHEET,
    themeStylesheet: layout.themeStylesheet,
  };
}

function galleryCard(model: GalleryPageModel, site: SiteContext, locale: string): EmbedCardModel {
  const { gallery, layout } = model;
  return {
    locale,
    timeZone: site.newsroom.timezone,
    kind: 'gallery',
    title: gallery.title,
    published: gallery.published_at,
    summary: gallery.description,
    cover: gallery.thumbnail_image,
    counts: { images: gallery.images_number, videos: gallery.videos_number },
    href: urls.absolute(site.newsroom.url, urls.gallery(urlContextOf(site), locale, gallery.uuid)),
    newsroomName: providerName(layout),
    mediaRoot: layout.mediaRoot,
    stylesheet: EMBED_STYLESHEET,
    themeStylesheet: layout.themeStylesheet,
  };
}

/**
 * The card as a page any site may frame: its policy says `frame-ancestors *` (and so it gets no
 * X-Frame-Options), set only once the card exists, so a missing one is the ordinary 404 page,
 * which stays unframeable like every other page.
 */
function cardResponse(c: Context<AppEnv>, card: EmbedCardModel): Promise<Response> {
  c.set('cspExtra', mergeSources(c.var.cspExtra ?? null, FRAMEABLE_BY_ANYONE)!);
  return renderPage(<EmbedCardPage model={card} />, { headers: { 'X-Robots-Tag': 'noindex' } });
}

/** The parameters oEmbed names, as text; their rules (and their 400, 404 and 501) are parseOembedRequest's. */
const optionalText = firstValue(z.optional(z.string()));
export const OembedQuery = z.object({ url: optionalText, format: optionalText, maxwidth: optionalText, maxheight: optionalText });

/** `/oembed` and the story cards; mount before the stories (`/{slug}` would take `/oembed`). */
export const embeds = new Hono<AppEnv>()
  .get('/oembed', validate('query', OembedQuery, wrongAddress), async (c) => {
    const request = parseOembedRequest(c.req.valid('query'));
    if (!request.ok) return oembedError(c, request.status, request.message);
    let answer: OembedModel;
    try {
      // Nothing imported, another site's address, a page that is not public: all one 404.
      const site = requireSite(c);
      const page = embeddablePage(site, request.url);
      if (!page) throw new NotFoundError(`Not embeddable: ${request.url}`);
      answer = page.kind === 'story' ? await storyAnswer(c.var.deps, site, page.slug, request.bounds) : await galleryAnswer(c.var.deps, site, page.locale, page.uuid, request.bounds);
    } catch (error) {
      if (error instanceof NotFoundError) return oembedError(c, 404, NOT_EMBEDDABLE);
      throw error;
    }
    return c.json(oembedJson(answer), 200, { 'Cache-Control': cacheRules.page, 'X-Robots-Tag': 'noindex', ...CORS });
  })
  .get('/:slug/embed', async (c) => {
    const site = requireSite(c);
    const model = await loadStory(c.var.deps, site, c.req.param('slug'));
    c.set('locale', model.story.locale);
    return cardResponse(c, storyCard(model, site));
  });

/** A gallery's card, under its page (locale-scoped: mount with the localized routes). */
export const galleryEmbeds = new Hono<AppEnv>().get('/media/album/:uuid/embed', async (c) => {
  const site = requireSite(c);
  const model = await loadGallery(c.var.deps, site, c.var.locale, c.req.param('uuid'));
  return cardResponse(c, galleryCard(model, site, c.var.locale));
});
