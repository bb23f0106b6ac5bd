/**
 * Secret links to galleries before their release (`/s/{token}`, beside stories' links): the
 * token of a story's link (src/domain/story-link.ts) with a `g` in front. It is as random, stored
 * and checked the same way (SHA-256 lookup, constant-time comparison), and its shape alone says
 * which table to ask: a story token is exactly 43 characters, a gallery token 44, so neither
 * route spends a lookup on the other's links.
 *
 * A story's body shows an unreleased gallery only on that story's own secret page (the import
 * refuses it anywhere public: src/domain/gallery.ts galleryShownTooEarly); there the card's
 * public address, which answers 404 until the release, is swapped for the gallery's secret link.
 */
import { hashLinkToken, newLinkToken } from './story-link';

const GALLERY_TOKEN_PATTERN = /^g[A-Za-z0-9_-]{43}$/;

/** A new gallery token with its hash, ready to store. */
export async function newGalleryLink(): Promise<{ token: string; tokenHash: string }> {
  const token = `g${newLinkToken()}`;
  return { token, tokenHash: await hashLinkToken(token) };
}

/** Cheap shape check before any lookup: junk (and every story token) never reaches the gallery table. */
export function isWellFormedGalleryLinkToken(value: string): boolean {
  return GALLERY_TOKEN_PATTERN.test(value);
}

/** Does a story body show a gallery card (src/content/directives.ts `::gallery`)? */
export function showsGalleryCard(bodyHtml: string): boolean {
  return bodyHtml.includes('class="story-gallery"');
}

/**
 * A story body's HTML with each unreleased gallery's card pointed at that gallery's secret link.
 * The body was rendered at import, so a card's link is exactly `href="{public address}"`
 * (addresses are paths of uuid and locale segments: nothing in them is escaped).
 */
export function withSecretGalleryLinks(bodyHtml: string, links: readonly { publicHref: string; secretHref: string }[]): string {
  return links.reduce((html, link) => html.replaceAll(`href="${link.publicHref}"`, `href="${link.secretHref}"`), bodyHtml);
}
