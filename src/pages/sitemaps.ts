/**
 * Sitemap XML: the index, URL sets with hreflang pairs (xhtml:link), lastmod and image entries,
 * and the Google News sitemap. Pure string builders over absolute addresses.
 */
import { escapeXml } from './feed-formats';

export const MAX_SITEMAP_URLS = 50_000;

export interface SitemapUrl {
  readonly loc: string;
  readonly lastmod: number | null;
  /** The same page in other languages (the page's own language included). */
  readonly alternates: readonly { hreflang: string; href: string }[];
  readonly images: readonly string[];
}

const w3cDate = (seconds: number) => new Date(seconds * 1000).toISOString();

export function renderSitemapIndex(sitemaps: readonly { loc: string; lastmod: number | null }[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemaps.map((sitemap) => `<sitemap><loc>${escapeXml(sitemap.loc)}</loc>${sitemap.lastmod ? `<lastmod>${w3cDate(sitemap.lastmod)}</lastmod>` : ''}</sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

export function renderUrlSet(entries: readonly SitemapUrl[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
    ...entries.map((entry) =>
      [
        '<url>',
        `<loc>${escapeXml(entry.loc)}</loc>`,
        entry.lastmod ? `<lastmod>${w3cDate(entry.lastmod)}</lastmod>` : '',
        ...(entry.alternates.length > 1 ? entry.alternates.map((alternate) => `<xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>`) : []),
        ...entry.images.map((image) => `<image:image><image:loc>${escapeXml(image)}</image:loc></image:image>`),
        '</url>',
      ].join(''),
    ),
    '</urlset>',
    '',
  ].join('\n');
}

export interface NewsEntry {
  readonly loc: string;
  readonly publicationName: string;
  readonly language: string;
  readonly published: number;
  readonly title: string;
}

export function renderNewsSitemap(entries: readonly NewsEntry[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">',
    ...entries.map(
      (entry) =>
        `<url><loc>${escapeXml(entry.loc)}</loc><news:news><news:publication><news:name>${escapeXml(entry.publicationName)}</news:name>` +
        `<news:language>${escapeXml(entry.language)}</news:language></news:publication><news:publication_date>${w3cDate(entry.published)}</news:publication_date>` +
        `<news:title>${escapeXml(entry.title)}</news:title></news:news></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
}
