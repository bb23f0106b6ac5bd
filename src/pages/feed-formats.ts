/**
 * Feeds from one model, three formats: RSS 2.0 (with content:encoded, media:content, enclosure),
 * Atom 1.0 and JSON Feed 1.1. Every address in a feed is absolute (feed readers have no base
 * URL), ids are the stories' uuids (stable across renames), dates are the stories' own.
 */
import type { AbsoluteImage } from './structured-data';

export interface FeedItem {
  readonly id: string;
  readonly url: string;
  readonly title: string;
  readonly summary: string;
  readonly contentHtml: string;
  /** The body as Markdown (JSON Feed's `content_text`); null when not loaded. */
  readonly contentText?: string | null;
  readonly published: number;
  readonly updated: number;
  readonly author: string | null;
  readonly categories: readonly string[];
  readonly image: (AbsoluteImage & { size: number; mimeType: string }) | null;
}

export interface FeedModel {
  readonly title: string;
  readonly description: string;
  /** The HTML page the feed is about. */
  readonly homeUrl: string;
  /** This feed's own address, per format. */
  readonly selfUrls: { readonly rss: string; readonly atom: string; readonly json: string };
  /** The WebSub hub subscribers may use for push updates (none: readers poll). */
  readonly hub: string | null;
  readonly language: string;
  readonly icon: string | null;
  readonly updated: number;
  readonly items: readonly FeedItem[];
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  // Characters XML 1.0 forbids (most C0 controls) are dropped rather than breaking the document.
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

/** CDATA cannot contain `]]>`: split it across two sections. */
function cdata(text: string): string {
  return `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}

const rfc822 = (seconds: number) => new Date(seconds * 1000).toUTCString();
const rfc3339 = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Site-relative addresses in rendered HTML made absolute (href, src and every srcset entry). */
export function absolutizeHtml(html: string, origin: string): string {
  const base = origin.replace(/\/$/, '');
  return html
    .replace(/\b(href|src)="\/(?!\/)/g, `$1="${base}/`)
    .replace(/\bsrcset="([^"]*)"/g, (_match, value: string) => `srcset="${value.replace(/(^|,\s*)\/(?!\/)/g, `$1${base}/`)}"`);
}

export function renderRss(feed: FeedModel): string {
  const items = feed.items
    .map((item) =>
      [
        '<item>',
        `<title>${escapeXml(item.title)}</title>`,
        `<link>${escapeXml(item.url)}</link>`,
        `<guid isPermaLink="false">${escapeXml(item.id)}</guid>`,
        `<pubDate>${rfc822(item.published)}</pubDate>`,
        item.author ? `<dc:creator>${escapeXml(item.author)}</dc:creator>` : '',
        ...item.categories.map((category) => `<category>${escapeXml(category)}</category>`),
        item.summary ? `<description>${escapeXml(item.summary)}</description>` : '',
        `<content:encoded>${cdata(item.contentHtml)}</content:encoded>`,
        item.image
          ? `<enclosure url="${escapeXml(item.image.url)}" length="${item.image.size}" type="${escapeXml(item.image.mimeType)}"/>` +
            `<media:content url="${escapeXml(item.image.url)}" medium="image" type="${escapeXml(item.image.mimeType)}" width="${item.image.width}" height="${item.image.height}"/>`
          : '',
        '</item>',
      ].join(''),
    )
    .join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    '<channel>',
    `<title>${escapeXml(feed.title)}</title>`,
    `<link>${escapeXml(feed.homeUrl)}</link>`,
    `<description>${escapeXml(feed.description || feed.title)}</description>`,
    `<language>${escapeXml(feed.language)}</language>`,
    `<lastBuildDate>${rfc822(feed.updated)}</lastBuildDate>`,
    `<atom:link href="${escapeXml(feed.selfUrls.rss)}" rel="self" type="application/rss+xml"/>`,
    feed.hub ? `<atom:link href="${escapeXml(feed.hub)}" rel="hub"/>` : '',
    feed.icon ? `<image><url>${escapeXml(feed.icon)}</url><title>${escapeXml(feed.title)}</title><link>${escapeXml(feed.homeUrl)}</link></image>` : '',
    items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

export function renderAtom(feed: FeedModel): string {
  const entries = feed.items
    .map((item) =>
      [
        '<entry>',
        `<id>urn:uuid:${escapeXml(item.id)}</id>`,
        `<title>${escapeXml(item.title)}</title>`,
        `<link rel="alternate" type="text/html" href="${escapeXml(item.url)}"/>`,
        `<published>${rfc3339(item.published)}</published>`,
        `<updated>${rfc3339(item.updated)}</updated>`,
        item.author ? `<author><name>${escapeXml(item.author)}</name></author>` : '',
        ...item.categories.map((category) => `<category term="${escapeXml(category)}"/>`),
        item.summary ? `<summary>${escapeXml(item.summary)}</summary>` : '',
        `<content type="html">${escapeXml(item.contentHtml)}</content>`,
        item.image ? `<link rel="enclosure" type="${escapeXml(item.image.mimeType)}" length="${item.image.size}" href="${escapeXml(item.image.url)}"/>` : '',
        '</entry>',
      ].join(''),
    )
    .join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(feed.language)}">`,
    `<id>${escapeXml(feed.selfUrls.atom)}</id>`,
    `<title>${escapeXml(feed.title)}</title>`,
    feed.description ? `<subtitle>${escapeXml(feed.description)}</subtitle>` : '',
    `<updated>${rfc3339(feed.updated)}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(feed.selfUrls.atom)}"/>`,
    feed.hub ? `<link rel="hub" href="${escapeXml(feed.hub)}"/>` : '',
    `<link rel="alternate" type="text/html" href="${escapeXml(feed.homeUrl)}"/>`,
    // Atom requires an author for entries without one: the newsroom itself.
    `<author><name>${escapeXml(feed.title)}</name></author>`,
    feed.icon ? `<icon>${escapeXml(feed.icon)}</icon>` : '',
    entries,
    '</feed>',
    '',
  ].join('\n');
}

export function renderJsonFeed(feed: FeedModel): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: feed.title,
    home_page_url: feed.homeUrl,
    feed_url: feed.selfUrls.json,
    ...(feed.description ? { description: feed.description } : {}),
    ...(feed.icon ? { icon: feed.icon } : {}),
    language: feed.language,
    ...(feed.hub ? { hubs: [{ type: 'WebSub', url: feed.hub }] } : {}),
    items: feed.items.map((item) => ({
      id: item.id,
      url: item.url,
      title: item.title,
      ...(item.summary ? { summary: item.summary } : {}),
      content_html: item.contentHtml,
      ...(item.contentText ? { content_text: item.contentText } : {}),
      date_published: rfc3339(item.published),
      date_modified: rfc3339(item.updated),
      ...(item.author ? { authors: [{ name: item.author }] } : {}),
      ...(item.categories.length > 0 ? { tags: item.categories } : {}),
      ...(item.image ? { image: item.image.url } : {}),
    })),
  });
}
