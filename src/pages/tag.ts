/**
 * A tag page `[/{locale}]/tag/{tag}`: the language's public stories with that tag, 12 per page,
 * like a category's. The address holds the tag's stored (lower-cased) form as one encoded path
 * segment (src/domain/tag.ts); another spelling of a known tag moves there, anything else is a 404.
 */
import type { Deps } from '#src/deps';
import { MovedError, NotFoundError } from '#src/domain/errors';
import { DEFAULT_PAGE_SIZE } from '#src/domain/paging';
import type { SiteContext } from '#src/domain/ports';
import { normalizeTag } from '#src/domain/tag';
import { formatMessage, messagesFor } from '#src/i18n/translate';
import { urls, urlContextOf } from '#src/i18n/urls';
import type { LayoutModel, StoryCardModel } from './model';
import { languageFeeds, pageTitle, tagFeeds } from './layout';
import { toStoryCard } from './story-cards';
import { loadPagedList, type ListPagingModel } from './paged-list';
import { storyListMarkdown } from './markdown-form';

/** "Stories tagged “{tag}”": the tag page's heading and its feeds' name. */
export function tagTitle(locale: string, tag: string): string {
  return formatMessage(locale, messagesFor(locale), 'tag.title', { tag });
}

export async function loadTag(deps: Deps, site: SiteContext, locale: string, requested: string, page: number): Promise<TagPageModel> {
  const tag = normalizeTag(requested);
  const ctx = urlContextOf(site);
  const title = tagTitle(locale, tag);
  const { list, ...listed } = await loadPagedList({ deps, site, locale, page }, {
    pageSize: DEFAULT_PAGE_SIZE,
    // Only the list knows how many stories carry the tag.
    total: null,
    fetch: (page, pageSize) => deps.content.listStories({ locale, tag, page, pageSize }),
    totalOf: (list) => list.total,
    check: (list) => {
      // A tag without public stories in this language has no page in it (as a category).
      if (list.total === 0) throw new NotFoundError(`Tag ${tag}`);
      if (requested !== tag) throw new MovedError(urls.tag(ctx, locale, tag, page));
    },
    href: (n) => urls.tag(ctx, locale, tag, n),
    layout: (list) => {
      const tagLocales = list.tagLocales ?? [locale];
      return {
        title: pageTitle(site, locale, title),
        description: '',
        // The same tag in each language where it has public stories (its page exists there).
        pageTranslations: site.languages.filter((language) => tagLocales.includes(language.code)).map((language) => ({ code: language.code, href: urls.tag(ctx, language.code, tag) })),
        breadcrumbs: [{ name: title, path: urls.tag(ctx, locale, tag) }],
        hasMarkdown: true,
        feeds: [...tagFeeds(site, locale, tag, title), ...languageFeeds(site, locale)],
      };
    },
  });
  return {
    ...listed,
    tag,
    title,
    stories: list.stories.map((story) => toStoryCard(site, story)),
  };
}

export function tagMarkdown(model: TagPageModel): string {
  return storyListMarkdown({ layout: model.layout, title: model.title, description: '', stories: model.stories, nextPageHref: model.nextPageHref });
}

/** A tag's public stories in one language (src/pages/tag.ts). */
export interface TagPageModel extends ListPagingModel {
  readonly layout: LayoutModel;
  /** The tag in its stored form, as in its address. */
  readonly tag: string;
  /** "Stories tagged “{tag}”", in the page's language. */
  readonly title: string;
  readonly stories: readonly StoryCardModel[];
}
