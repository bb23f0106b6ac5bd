/**
 * Which public surfaces a lifted story should now be on (docs/decisions/0052-a-lift-that-proves-itself.md):
 * a plain function of the story (its slug, language, categories and tags), the newsroom (its
 * languages, categories, whether it is indexable) and the configuration (the search backend,
 * whether its alerts are to be sent). Addresses are built by i18n/urls.ts, as the pages build
 * theirs, so the proof asks exactly what a visitor, a feed reader or a crawler would.
 *
 * - its page, its Markdown form and its JSON form;
 * - RSS, Atom and JSON Feed of its language (the newsroom's feed in that language), of each of its
 *   categories and of each of its tags;
 * - the sitemap index (followed to its language's story sitemaps) and the news sitemap, when the
 *   newsroom is indexable (a non-indexable one has no sitemaps), the news sitemap only while the
 *   story is news (released less than two days before the check);
 * - search: `/api/search` with its title, answered by the configured backend; with an engine,
 *   D1's own index too (the fallback visitors get when the engine fails);
 * - its language's llms.txt; `/api/fetch-stories` of its language;
 * - its alerts, handed to the queue, when it has a publish event that wants them.
 */
import type { Category } from '#src/domain/category';
import type { LiftedStory, Surface } from '#src/domain/lift-proof';
import { urls, urlContextOf, type FeedFormat } from '#src/i18n/urls';
import type { SiteContext } from '#src/domain/ports';
import { NEWS_WINDOW_SECONDS } from '#src/domain/publishing';

const FEED_FORMATS: readonly { format: FeedFormat; check: Surface['check']; name: string }[] = [
  { format: 'rss', check: 'rss', name: 'rss' },
  { format: 'atom', check: 'atom', name: 'atom' },
  { format: 'json', check: 'json-feed', name: 'json' },
];

export interface SurfaceSettings {
  /** `d1`, or the engine the newsroom searches with. */
  readonly searchBackend: string;
  /** The check's time: the news sitemap lists the stories of the two days before it. */
  readonly now: number;
}

/** The slugs, in the story's language, of its categories that exist in that language. */
function categorySlugs(categories: readonly Category[], story: Pick<LiftedStory, 'locale' | 'category_ids'>): string[] {
  return categories.filter((category) => story.category_ids.includes(category.id) && category.i18n[story.locale]).map((category) => category.i18n[story.locale]!.slug);
}

export function surfacesFor(story: LiftedStory, site: Pick<SiteContext, 'languages' | 'categories' | 'newsroom'>, settings: SurfaceSettings): Surface[] {
  const ctx = urlContextOf(site);
  const { locale } = story;
  const feeds = (prefix: string, path: (format: FeedFormat) => string): Surface[] => FEED_FORMATS.map(({ format, check, name }) => ({ name: `${prefix}:${name}`, check, path: path(format) }));
  const search = urls.search(ctx, locale, { query: story.title }).replace(/^.*\/search\?/, '/api/search?');
  const searchPath = `${search}&localeCode=${encodeURIComponent(locale)}`;
  return [
    { name: 'page', check: 'page', path: urls.story(story.slug) },
    { name: 'markdown', check: 'markdown', path: urls.markdown(urls.story(story.slug)) },
    { name: 'json', check: 'story-json', path: urls.storyJson(story.slug) },
    ...feeds('feed', (format) => urls.feed(ctx, locale, format)),
    ...categorySlugs(site.categories, story).flatMap((slug) => feeds(`category-feed:${slug}`, (format) => urls.feed(ctx, locale, format, slug))),
    ...story.tags.flatMap((tag) => feeds(`tag-feed:${tag}`, (format) => urls.tagFeed(ctx, locale, tag, format))),
    ...(site.newsroom.is_indexable
      ? [
          { name: 'sitemap', check: 'sitemap-index', path: urls.sitemapIndex() } satisfies Surface,
          ...(settings.now - story.published_at < NEWS_WINDOW_SECONDS ? [{ name: 'news-sitemap', check: 'sitemap', path: urls.sitemap({ kind: 'news' }) } satisfies Surface] : []),
        ]
      : []),
    { name: 'search', check: 'search', path: searchPath, backend: 'configured' },
    ...(settings.searchBackend === 'd1' ? [] : [{ name: 'search-d1', check: 'search', path: searchPath, backend: 'd1' } satisfies Surface]),
    { name: 'llms', check: 'llms', path: urls.llms(ctx, locale) },
    { name: 'api-stories', check: 'api-stories', path: '/api/fetch-stories' },
    ...(story.alerts ? [{ name: 'alerts', check: 'alerts', path: 'publish_events (handed to the queue)' } satisfies Surface] : []),
  ];
}
