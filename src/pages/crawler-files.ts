/**
 * What crawlers read: robots.txt, the sitemap index, per-language sitemaps (pages: homepage, categories,
 * tags, media; then stories in files of at most STORIES_PER_SITEMAP addresses) with hreflang pairs
 * and images, and a Google News sitemap of the last two days. A non-indexable newsroom disallows
 * everything and has no sitemaps.
 */
import type { Deps } from '#src/deps';
import { NotFoundError } from '#src/domain/errors';
import { categoriesForLocale } from '#src/domain/category';
import { hasTagPage } from '#src/domain/tag';
import { pageOffset } from '#src/domain/paging';
import { contentSignalLine } from '#src/domain/content-signals';
import type { SiteContext, SitemapStory } from '#src/domain/ports';
import { buildAlternates } from '#src/i18n/alternates';
import { urls, urlContextOf } from '#src/i18n/urls';
import { renderNewsSitemap, renderSitemapIndex, renderUrlSet, type SitemapUrl } from './sitemaps';
import { absoluteImage } from './layout';
import { siteNameFor } from '#src/domain/newsroom';

/**
 * Stories per stories sitemap. The protocol allows 50,000 (pages/sitemaps.ts), but at that size a
 * file is megabytes of XML rendered from 50,000 rows on each request and too large for the page
 * cache (2 MiB), so a busy newsroom's crawlers re-rendered it every time (over 3 s each at 100,000
 * stories). 10,000 keeps a file of stories without translations around 1.3 MB: one bounded index
 * range scan, cached in KV like any page. Crawlers follow the sitemap index to the other files.
 */
export const STORIES_PER_SITEMAP = 10_000;
const NEWS_WINDOW_SECONDS = 2 * 24 * 3600;
/** Google News reads at most 1,000 addresses per news sitemap. */
const NEWS_LIMIT = 1000;

/** How many stories sitemaps a language has. */
export function storySitemapCount(site: SiteContext, locale: string): number {
  const count = site.languages.find((language) => language.code === locale)?.public_stories_count ?? 0;
  return Math.ceil(count / STORIES_PER_SITEMAP);
}

function storyEntry(site: SiteContext, mediaRoot: string, story: SitemapStory): SitemapUrl {
  const origin = site.newsroom.url;
  const cover = absoluteImage(story.cover, mediaRoot, origin);
  const pages = [{ code: story.locale, href: urls.absolute(origin, urls.story(story.slug)) }, ...story.translations.map((t) => ({ code: t.locale, href: urls.absolute(origin, urls.story(t.slug)) }))];
  return {
    loc: urls.absolute(origin, urls.story(story.slug)),
    lastmod: Math.max(story.updated_at, story.published_at),
    // hreflang pairs only say something when the story exists in another language: a lone page
    // with itself and x-default would add two links (most of an entry's bytes) for nothing.
    alternates: story.translations.length > 0 ? buildAlternates(pages, urlContextOf(site).defaultLocale) : [],
    images: cover ? [cover.url] : [],
  };
}

/** robots.txt: what crawlers may read (everything public, or nothing for a non-indexable newsroom). */
export function robotsText(site: SiteContext | null): string {
  // Content signals (ADR 0024, 0048) only beside an Allow, and only when the newsroom states
  // them: a newsroom's `Disallow: /` already says all.
  const signals = site ? contentSignalLine(site.newsroom.content_signals) : null;
  const lines =
    site && site.newsroom.is_indexable
      ? ['User-agent: *', ...(signals ? [signals] : []), 'Allow: /', 'Disallow: /api/', 'Disallow: /*/newsroom/', 'Disallow: /s/', 'Disallow: /admin/', '', `Sitemap: ${urls.absolute(site.newsroom.url, urls.sitemapIndex())}`]
      : ['User-agent: *', 'Disallow: /'];
  return `${lines.join('\n')}\n`;
}

/** The sitemap index: each language's pages and story files, and the news sitemap. */
export function sitemapIndex(site: SiteContext): string {
  const origin = site.newsroom.url;
  const sitemaps = site.languages.flatMap((language) => [
    { loc: urls.absolute(origin, urls.sitemap({ kind: 'pages', locale: language.code })), lastmod: null },
    ...Array.from({ length: storySitemapCount(site, language.code) }, (_, index) => ({
      loc: urls.absolute(origin, urls.sitemap({ kind: 'stories', locale: language.code, number: index + 1 })),
      lastmod: null,
    })),
  ]);
  sitemaps.push({ loc: urls.absolute(origin, urls.sitemap({ kind: 'news' })), lastmod: null });
  return renderSitemapIndex(sitemaps);
}

/** The Google News sitemap: the stories of the last two days (by `now`, in seconds). */
export async function loadNewsSitemap(deps: Deps, site: SiteContext, now: number): Promise<string> {
  const stories = await deps.content.listRecentStories(now - NEWS_WINDOW_SECONDS, NEWS_LIMIT);
  return renderNewsSitemap(
    stories.map((story) => ({
      loc: urls.absolute(site.newsroom.url, urls.story(story.slug)),
      publicationName: siteNameFor(site, story.locale),
      language: story.locale.split('-')[0]!,
      published: story.published_at,
      title: story.title,
    })),
  );
}

/** One of a language's sitemaps (`{locale}-pages.xml`, `{locale}-stories-{n}.xml`) by its file name, and when it last changed. */
export async function loadLanguageSitemap(deps: Deps, site: SiteContext, name: string): Promise<{ body: string; lastModified: number | null }> {
  const file = urls.parseSitemapName(name);
  // `news.xml` has its own route (src/routes/seo.ts): only a language's files come here.
  if (!file || file.kind === 'news' || !site.languages.some((language) => language.code === file.locale)) throw new NotFoundError('Sitemap');
  const { locale } = file;
  const { mediaRoot } = deps.config;
  const origin = site.newsroom.url;
  const ctx = urlContextOf(site);
  const everyLanguage = (path: (code: string) => string) =>
    buildAlternates(site.languages.map((language) => ({ code: language.code, href: urls.absolute(origin, path(language.code)) })), ctx.defaultLocale);
  let entries: SitemapUrl[];
  if (file.kind === 'pages') {
    const [freshness, galleries] = await Promise.all([deps.content.getListFreshness(locale), site.galleries_count > 0 ? deps.content.listAllGalleries() : []]);
    entries = [{ loc: urls.absolute(origin, urls.home(ctx, locale)), lastmod: freshness.homepage, alternates: everyLanguage((code) => urls.home(ctx, code)), images: [] }];
    for (const category of categoriesForLocale(site.categories, locale)) {
      const pages = Object.entries(category.i18n)
        .filter(([code]) => (category.public_stories_count[code] ?? 0) > 0 && site.languages.some((language) => language.code === code))
        .map(([code, translation]) => ({ code, href: urls.absolute(origin, urls.category(ctx, code, translation.slug)) }));
      entries.push({
        loc: urls.absolute(origin, urls.category(ctx, locale, category.i18n[locale]!.slug)),
        lastmod: freshness.categories[category.id] ?? null,
        alternates: buildAlternates(pages, ctx.defaultLocale),
        images: [],
      });
    }
    // Tag pages, as categories: paired with the same tag's pages in the languages it has public
    // stories in (a tag of one language only has nothing to pair, as a lone story).
    for (const { tag, newestByLocale } of freshness.tags) {
      if (!hasTagPage(tag)) continue;
      const pages = Object.keys(newestByLocale)
        .filter((code) => site.languages.some((language) => language.code === code))
        .map((code) => ({ code, href: urls.absolute(origin, urls.tag(ctx, code, tag)) }));
      entries.push({
        loc: urls.absolute(origin, urls.tag(ctx, locale, tag)),
        lastmod: newestByLocale[locale] ?? null,
        alternates: pages.length > 1 ? buildAlternates(pages, ctx.defaultLocale) : [],
        images: [],
      });
    }
    if (galleries.length > 0) {
      // The media index changes when its newest gallery does (listAllGalleries is newest first).
      entries.push({ loc: urls.absolute(origin, urls.media(ctx, locale)), lastmod: galleries[0]!.published_at, alternates: everyLanguage((code) => urls.media(ctx, code)), images: [] });
      for (const gallery of galleries) {
        entries.push({
          loc: urls.absolute(origin, urls.gallery(ctx, locale, gallery.uuid)),
          lastmod: gallery.published_at,
          alternates: everyLanguage((code) => urls.gallery(ctx, code, gallery.uuid)),
          images: gallery.images.flatMap((image) => absoluteImage(image, mediaRoot, origin)?.url ?? []),
        });
      }
    }
  } else {
    const page = file.number;
    if (page > storySitemapCount(site, locale)) throw new NotFoundError('Sitemap page');
    const stories = await deps.content.listSitemapStories({ locale, offset: pageOffset(page, STORIES_PER_SITEMAP), limit: STORIES_PER_SITEMAP });
    entries = stories.map((story) => storyEntry(site, mediaRoot, story));
  }
  return { body: renderUrlSet(entries), lastModified: entries.reduce((newest, entry) => Math.max(newest, entry.lastmod ?? 0), 0) || null };
}
