/**
 * oEmbed (docs/decisions/0024-oembed-and-content-signals.md): `GET /oembed?url=…&format=json`
 * answers for this newsroom's public stories (`/{slug}`) and galleries
 * (`[/{locale}]/media/album/{uuid}`) with a `rich` embed, an iframe of the page's embed card
 * (`/{slug}/embed`, `[/{locale}]/media/album/{uuid}/embed`), the only pages other sites may frame.
 *
 * The page is found from the `url` parameter by src/i18n/urls.ts, which builds every address and
 * reads this one back (`embeddablePage`, on the newsroom's own origin): it is never fetched,
 * redirected to or echoed. Stories and galleries are loaded by the same functions as their pages, so the same
 * rules decide what exists: anything else (a draft, an embargo, a secret link, another site, a
 * malformed address) is the same 404 with the same message.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { requireSite } from '#src/http/require-site';
import { NotFoundError } from '#src/domain/errors';
import { NOT_EMBEDDABLE, parseOembedRequest } from '#src/domain/oembed';
import { embeddablePage } from '#src/i18n/urls';
import { loadGalleryEmbedCard, loadGalleryOembed, loadStoryEmbedCard, loadStoryOembed } from '#src/pages/embed';
import type { EmbedCardModel } from '#src/pages/embed';
import { oembedJson, type OembedModel } from '#src/pages/oembed-answer';
import { cacheRules } from '#src/http/cache-rules';
import { FRAMEABLE_BY_ANYONE } from '#src/http/content-security-policy';
import { EmbedCardPage } from '#src/views/screens/embed-card-page';
import { renderPage } from '#src/http/render-page';
import { firstValue, validate, wrongAddress } from '#src/http/validate';
import * as z from 'zod/mini';

/** The answer is public and the same for everyone: consumers may ask from a browser too. */
const CORS = { 'Access-Control-Allow-Origin': '*' };

function oembedError(c: Context<AppEnv>, status: 400 | 404 | 501, message: string): Response {
  return c.json({ message }, status, { 'Cache-Control': cacheRules.error, ...CORS });
}

/**
 * The card as a page any site may frame: its policy says `frame-ancestors *` (and so it gets no
 * X-Frame-Options), the card's alone, so a missing one is the ordinary 404 page, which stays
 * unframeable like every other page. A story's card is in the story's language (its shell's).
 */
function cardResponse(c: Context<AppEnv>, card: EmbedCardModel): Promise<Response> {
  return renderPage(c, { shell: card.shell, document: c.render(<EmbedCardPage model={card} />), headers: { 'X-Robots-Tag': 'noindex' }, cspSources: FRAMEABLE_BY_ANYONE });
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
      answer = page.kind === 'story' ? await loadStoryOembed(c.var.deps, site, page.slug, request.bounds) : await loadGalleryOembed(c.var.deps, site, page.locale, page.uuid, request.bounds);
    } catch (error) {
      if (error instanceof NotFoundError) return oembedError(c, 404, NOT_EMBEDDABLE);
      throw error;
    }
    return c.json(oembedJson(answer), 200, { 'Cache-Control': cacheRules.page, 'X-Robots-Tag': 'noindex', ...CORS });
  })
  .get('/:slug/embed', async (c) => {
    const site = requireSite(c);
    return cardResponse(c, await loadStoryEmbedCard(c.var.deps, site, c.req.param('slug')));
  });

/** A gallery's card, under its page (locale-scoped: mount with the localized routes). */
export const galleryEmbeds = new Hono<AppEnv>().get('/media/album/:uuid/embed', async (c) => {
  const site = requireSite(c);
  return cardResponse(c, await loadGalleryEmbedCard(c.var.deps, site, c.var.locale, c.req.param('uuid')));
});
