/**
 * The oEmbed 1.0 answer (https://oembed.com, section 2.3.4), by allowlist like src/pages/json-form.ts:
 * a `rich` embed whose `html` is an iframe of the page's embed card. The consumer pastes that
 * markup into its own page, so every value in it is escaped, and its sandbox lets the card do one
 * thing: open a link in a new, unsandboxed tab (no script, no same-origin access, no navigating
 * the consumer's page).
 */
import { OEMBED_CACHE_AGE_SECONDS } from '#src/domain/oembed';
import { escapeXml } from './feed-formats';

export interface OembedModel {
  readonly title: string;
  readonly authorName: string;
  readonly providerName: string;
  /** The newsroom's homepage in the page's language (absolute). */
  readonly providerUrl: string;
  /** The embed card's absolute address (src/routes/embed.tsx). */
  readonly embedUrl: string;
  readonly width: number;
  readonly height: number;
  readonly thumbnail: { readonly thumbnail_url: string; readonly thumbnail_width: number; readonly thumbnail_height: number } | null;
}

/** What the card's frame may do; the same on every consumer's page. */
export const EMBED_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

/** The markup a consumer embeds: our card in a sandboxed, lazily loaded frame of the answer's size. */
export function embedIframe(model: Pick<OembedModel, 'embedUrl' | 'width' | 'height' | 'title'>): string {
  return (
    `<iframe src="${escapeXml(model.embedUrl)}" width="${model.width}" height="${model.height}" title="${escapeXml(model.title)}"` +
    ` sandbox="${EMBED_SANDBOX}" loading="lazy" referrerpolicy="strict-origin-when-cross-origin" style="border: 0; max-width: 100%;"></iframe>`
  );
}

export function oembedJson(model: OembedModel) {
  return {
    version: '1.0',
    type: 'rich',
    title: model.title,
    author_name: model.authorName,
    provider_name: model.providerName,
    provider_url: model.providerUrl,
    cache_age: OEMBED_CACHE_AGE_SECONDS,
    html: embedIframe(model),
    width: model.width,
    height: model.height,
    ...(model.thumbnail ?? {}),
  };
}
