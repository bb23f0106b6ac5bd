/**
 * oEmbed 1.0 (https://oembed.com) as a provider: the request's rules and the embed's size, as
 * plain functions (docs/decisions/0024-oembed-and-content-signals.md). The answer is a `rich`
 * embed: an iframe of the page's embed card, sandboxed by the consumer's page.
 *
 * The `url` parameter is a stranger's text: it is only ever parsed and compared with our own
 * addresses, never fetched, redirected to or echoed back.
 */
import { webAddressOf } from './web-address';

/** The card's size when the consumer names no bounds (src/views/screens/embed-card-page.tsx). */
export const EMBED_WIDTH = 600;
export const EMBED_HEIGHT = 240;
/** How long a consumer may keep an answer before asking again. */
export const OEMBED_CACHE_AGE_SECONDS = 3600;
/**
 * Longer `url` values name no page of ours (a slug is at most 200 characters): answered 404
 * without a lookup, and never part of a page-cache key.
 */
export const MAX_OEMBED_URL_LENGTH = 2048;
/** What a consumer may ask for: `maxwidth`/`maxheight` beyond this are read as this. */
const MAX_DIMENSION = 10_000;
/**
 * The widest thumbnail an answer names (SPEC section 3's cover at most 1200 px, as the Open Graph
 * card). The card itself is narrower (EMBED_WIDTH), so any `maxwidth` from here up gives the same
 * answer as none, and is read as none: one answer, one page-cache entry.
 */
export const OEMBED_THUMBNAIL_MAX_WIDTH = 1200;

/** The consumer's bounds; null where it named none (or sent something that is not a size). */
export interface EmbedBounds {
  readonly maxWidth: number | null;
  readonly maxHeight: number | null;
}

export type OembedRequest =
  | { readonly ok: true; readonly url: string; readonly bounds: EmbedBounds }
  | { readonly ok: false; readonly status: 400 | 404 | 501; readonly message: string };

/**
 * `maxwidth=300` → 300. Anything but a whole number of pixels from 1 up (`300px`, `-1`, `0`,
 * `1e3`, `abc`, a repeated parameter's later values) is ignored, as if absent: the spec makes
 * both parameters optional, and a consumer's garbage should not cost its reader the embed.
 */
export function parseDimension(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return null;
  const pixels = Number(value);
  return pixels >= 1 ? Math.min(pixels, MAX_DIMENSION) : null;
}

/** The request's query, checked in the order a consumer can act on: url, then format. */
export function parseOembedRequest(query: { url?: string; format?: string; maxwidth?: string; maxheight?: string }): OembedRequest {
  const url = query.url?.trim() ?? '';
  if (url === '') return { ok: false, status: 400, message: 'The url parameter is required' };
  // The spec's answer to a format the provider does not speak (XML among them) is 501.
  const format = query.format ?? 'json';
  if (format.toLowerCase() !== 'json') return { ok: false, status: 501, message: 'Only format=json is supported' };
  if (url.length > MAX_OEMBED_URL_LENGTH) return { ok: false, status: 404, message: NOT_EMBEDDABLE };
  const maxWidth = parseDimension(query.maxwidth);
  return { ok: true, url, bounds: { maxWidth: maxWidth !== null && maxWidth < OEMBED_THUMBNAIL_MAX_WIDTH ? maxWidth : null, maxHeight: parseDimension(query.maxheight) } };
}

/**
 * The one spelling of a page address a consumer may send in `url`, for the page cache's key: the
 * origin as URL parsing gives it (scheme and host lower-case, no default port), each path segment
 * decoded and encoded again, trailing slashes, query and fragment dropped. Two addresses with the
 * same spelling name the same page for src/i18n/urls.ts's `embeddablePage`, which ignores
 * what this drops and compares decoded segments. Null for what names no page of anyone's (not
 * http(s), credentials, an undecodable segment).
 */
export function canonicalEmbedAddress(address: string): string | null {
  const url = webAddressOf(address);
  if (!url) return null;
  const segments: string[] = [];
  for (const segment of url.pathname.replace(/(.)\/+$/, '$1').split('/').slice(1)) {
    try {
      segments.push(encodeURIComponent(decodeURIComponent(segment)));
    } catch {
      return null;
    }
  }
  return `${url.origin}/${segments.join('/')}`;
}

/** The one 404 message: the same whatever the reason, so it tells nothing about what exists. */
export const NOT_EMBEDDABLE = 'No embeddable story or gallery at this address';

/** The embed's size: the card's own, shrunk to the consumer's bounds, never larger than asked. */
export function embedSize(bounds: EmbedBounds): { width: number; height: number } {
  return { width: Math.min(EMBED_WIDTH, bounds.maxWidth ?? EMBED_WIDTH), height: Math.min(EMBED_HEIGHT, bounds.maxHeight ?? EMBED_HEIGHT) };
}
