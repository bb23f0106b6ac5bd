/**
 * Which public addresses a go-live changes: the story itself, its language's homepage and the
 * pages of its categories (IndexNow), and the feeds that now list it (WebSub). Absolute, on the
 * newsroom's origin, each once.
 */
import { categoriesForLocale } from '#src/domain/category';
import type { SiteContext } from '#src/domain/ports';
import type { AnnouncedStory } from '#src/domain/publishing-ports';
import { urls, urlContextOf, type FeedFormat } from '#src/i18n/urls';

const FEED_FORMATS: readonly FeedFormat[] = ['rss', 'atom', 'json'];

function storyCategorySlugs(site: SiteContext, story: AnnouncedStory): string[] {
  return categoriesForLocale(site.categories, story.locale)
    .filter((category) => story.category_ids.includes(category.id))
    .map((category) => category.i18n[story.locale]!.slug);
}

export function changedPages(site: SiteContext, stories: readonly AnnouncedStory[]): string[] {
  const ctx = urlContextOf(site);
  const paths = stories.flatMap((story) => [
    urls.story(story.slug),
    urls.home(ctx, story.locale),
    ...storyCategorySlugs(site, story).map((slug) => urls.category(ctx, story.locale, slug)),
  ]);
  return [...new Set(paths.map((path) => urls.absolute(site.newsroom.url, path)))];
}

export function changedFeeds(site: SiteContext, stories: readonly AnnouncedStory[]): string[] {
  const ctx = urlContextOf(site);
  const paths = stories.flatMap((story) =>
    [null, ...storyCategorySlugs(site, story)].flatMap((category) => FEED_FORMATS.map((format) => urls.feed(ctx, story.locale, format, category))),
  );
  return [...new Set(paths.map((path) => urls.absolute(site.newsroom.url, path)))];
}
