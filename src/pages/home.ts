/** The homepage of each language (`/`, `/fr`, … with `?page=N`): its model and Markdown form. */
import { inquiryFormModel, type InquiryFormModel } from './inquiry-form';
import type { Deps } from '#src/deps';
import { featuredCategories } from '#src/domain/category';
import { contactsForLocale, type Contact } from '#src/domain/contact';
import { DEFAULT_PAGE_SIZE, paginate } from '#src/domain/paging';
import type { SiteContext } from '#src/domain/ports';
import { urls, urlContextOf } from '#src/i18n/urls';
import type { LayoutModel, StoryCardModel } from './model';
import { pageTitle } from './layout';
import { toStoryCard } from './story-cards';
import { loadPagedList, type ListPagingModel } from './paged-list';
import { storyListMarkdown } from './markdown-form';
import type { StoredImagePayload } from '#src/domain/media-payload';

/** The homepage's length, from the counts kept at import and go-live. */
function homepageLength(site: SiteContext, locale: string) {
  const total = site.languages.find((language) => language.code === locale)?.public_stories_count ?? 0;
  // The newest public story is highlighted whenever there is one.
  return { pageSize: DEFAULT_PAGE_SIZE, total, withHighlightedStory: total > 0 };
}

/** Whether the page exists, without a query: a page past the end is a NotFoundError. */
export function checkHomepage(site: SiteContext, locale: string, page: number): void {
  paginate({ page, ...homepageLength(site, locale) });
}

export async function loadHomepage(deps: Deps, site: SiteContext, locale: string, page: number): Promise<HomePageModel> {
  const ctx = urlContextOf(site);
  const company = site.companies[locale];
  const { list: content, ...listed } = await loadPagedList({ deps, site, locale, page }, {
    ...homepageLength(site, locale),
    fetch: (page, pageSize) => deps.content.getHomepage(locale, page, pageSize),
    href: (n) => urls.home(ctx, locale, n),
    layout: () => ({
      title: pageTitle(site, locale, null),
      description: company?.seo_settings.meta_description || company?.seo_settings.default_meta_description || company?.about_plaintext || '',
      pageTranslations: site.languages.map((language) => ({ code: language.code, href: urls.home(ctx, language.code) })),
      hasMarkdown: true,
    }),
  });
  return {
    ...listed,
    highlighted: content.highlighted && page === 1 ? toStoryCard(site, content.highlighted) : null,
    withHighlightedStory: content.highlighted !== null,
    stories: content.stories.map((story) => toStoryCard(site, story)),
    contacts: contactsForLocale(site.contacts, locale),
    // "Ask the press office" beside the contacts, on the first page.
    inquiry: page === 1 ? inquiryFormModel(site, locale, urls.home(ctx, locale)) : null,
    featuredCategories:
      site.newsroom.show_featured_categories && page === 1
        ? featuredCategories(site.categories, locale).map((category) => {
            const translation = category.i18n[locale]!;
            return {
              name: translation.name,
              description: translation.description,
              href: urls.category(ctx, locale, translation.slug),
              storiesCount: category.public_stories_count[locale] ?? 0,
              image: category.image,
            };
          })
        : [],
  };
}

/** The homepage's Markdown form: its stories (the highlighted one first on page 1). */
export function homeMarkdown(model: HomePageModel): string {
  const { layout } = model;
  return storyListMarkdown({
    layout,
    title: layout.company?.name ?? layout.newsroom.display_name,
    description: '',
    stories: [...(model.highlighted ? [model.highlighted] : []), ...model.stories],
    nextPageHref: model.nextPageHref,
  });
}

export interface HomePageModel extends ListPagingModel {
  readonly layout: LayoutModel;
  readonly highlighted: StoryCardModel | null;
  /** The grid's pages leave out the highlighted story (shown above page 1 only). */
  readonly withHighlightedStory: boolean;
  readonly stories: readonly StoryCardModel[];
  readonly contacts: readonly Contact[];
  /** The inquiry form (docs/decisions/0054-the-inquiry-inbox.md), page 1 only. */
  readonly inquiry: InquiryFormModel | null;
  /** Tiles above the story list on page 1, when the newsroom shows featured categories. */
  readonly featuredCategories: readonly FeaturedCategoryModel[];
}

export interface FeaturedCategoryModel {
  readonly name: string;
  readonly description: string;
  readonly href: string;
  readonly storiesCount: number;
  readonly image: StoredImagePayload | null;
}
