/** Story list entries as view models: the story, its address, its categories' addresses. */
import type { SiteContext } from '#src/domain/ports';
import type { StorySummary } from '#src/domain/story';
import { urls, urlContextOf } from '#src/i18n/urls';
import type { StoryCardModel } from './model';

export function categoryLinks(site: SiteContext, story: StorySummary): { name: string; href: string }[] {
  const ctx = urlContextOf(site);
  return story.categories.map((category) => ({ name: category.name, href: urls.category(ctx, story.locale, category.slug) }));
}

export function toStoryCard(site: SiteContext, story: StorySummary): StoryCardModel {
  return { story, href: urls.story(story.slug), categories: categoryLinks(site, story) };
}
