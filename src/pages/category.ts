/** A category page `[/{locale}]/category/{slug}`: its stories in that language, 12 per page. */
import type { Deps } from '#src/deps';
import { NotFoundError } from '#src/domain/errors';
import { DEFAULT_PAGE_SIZE, paginate } from '#src/domain/paging';
import type { SiteContext } from '#src/domain/ports';
import { urls, urlContextOf } from '#src/i18n/urls';
import type { LayoutModel, StoryCardModel } from './model';
import { languageFeeds, pageTitle } from './layout';
import { storyListMarkdown } from './markdown-form';
import { toStoryCard } from './story-cards';
import { loadPagedList, type ListPagingModel } from './paged-list';

/** The category at that slug in that language; one without public stories there has no page in it. */
function categoryAt(site: SiteContext, locale: string, slug: string) {
  const category = site.categories.find((candidate) => candidate.i18n[locale]?.slug === slug);
  const total = category?.public_stories_count[locale] ?? 0;
  if (!category || total === 0) throw new NotFoundError(`Category ${slug}`);
  return { category, total };
}

/** Whether the page exists, without a query (NotFoundError when it does not). */
export function checkCategory(site: SiteContext, locale: string, slug: string, page: number): void {
  paginate({ page, pageSize: DEFAULT_PAGE_SIZE, total: categoryAt(site, locale, slug).total });
}

export async function loadCategory(deps: Deps, site: SiteContext, locale: string, slug: string, page: number): Promise<CategoryPageModel> {
  const { category, total } = categoryAt(site, locale, slug);
  const translation = category.i18n[locale]!;
  const ctx = urlContextOf(site);
  const { list, ...listed } = await loadPagedList({ deps, site, locale, page }, {
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    fetch: (page, pageSize) => deps.content.listStories({ locale, categoryId: category.id, page, pageSize }),
    href: (n) => urls.category(ctx, locale, slug, n),
    layout: () => ({
      title: pageTitle(site, locale, translation.name),
      description: translation.description,
      // The translated category in each language where it has stories (its page exists there).
      pageTranslations: site.languages.flatMap((language) => {
        const other = category.i18n[language.code];
        return other && (category.public_stories_count[language.code] ?? 0) > 0 ? [{ code: language.code, href: urls.category(ctx, language.code, other.slug) }] : [];
      }),
      currentCategorySlug: slug,
      hasMarkdown: true,
      breadcrumbs: [{ name: translation.name, path: urls.category(ctx, locale, slug) }],
      feeds: [...languageFeeds(site, locale, { slug, name: translation.name }), ...languageFeeds(site, locale)],
    }),
  });
  return {
    ...listed,
    slug,
    name: translation.name,
    description: translation.description,
    stories: list.stories.map((story) => toStoryCard(site, story)),
  };
}

export function categoryMarkdown(model: CategoryPageModel): string {
  return storyListMarkdown({ layout: model.layout, title: model.name, description: model.description, stories: model.stories, nextPageHref: model.nextPageHref });
}

export interface CategoryPageModel extends ListPagingModel {
  readonly layout: LayoutModel;
  readonly slug: string;
  readonly name: string;
  readonly description: string;
  readonly stories: readonly StoryCardModel[];
}
