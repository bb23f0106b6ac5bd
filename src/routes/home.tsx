/** The homepage of each language: `/`, `/fr`, … with `?page=N` as load more without JavaScript. */
import { Hono } from 'hono';
import type { AppEnv, Deps } from '#src/env';
import { requireSite } from '#src/middleware/require-site';
import { featuredCategories } from '#src/domain/category';
import { contactsForLocale } from '#src/domain/contact';
import { DEFAULT_PAGE_SIZE, paginate } from '#src/domain/paging';
import type { SiteContext } from '#src/domain/ports';
import { urls } from '#src/i18n/urls';
import type { HomePageModel } from '#src/views/page-model';
import { HomePage } from '#src/views/pages/home-page';
import { buildLayout, pageTitle, urlContextOf } from './layout-model';
import { toStoryCard } from './story-cards';
import { listPaging } from './list-paging';
import { pageQuery } from './page-param';
import { markdownResponse, negotiatedPage } from './markdown';
import { storyListMarkdown } from '#src/views/markdown';

export async function loadHomepage(deps: Deps, site: SiteContext, locale: string, page: number): Promise<HomePageModel> {
  const pageSize = DEFAULT_PAGE_SIZE;
  // The newest public story is highlighted whenever there is one.
  const total = site.languages.find((language) => language.code === locale)?.public_stories_count ?? 0;
  const paging = paginate({ page, pageSize, total, withHighlightedStory: total > 0 });
  const content = await deps.content.getHomepage(locale, page, pageSize);
  const ctx = urlContextOf(site);
  const company = site.companies[locale];
  return {
    layout: buildLayout({
      site,
      config: deps.config,
      locale,
      path: urls.home(ctx, locale, page),
      title: pageTitle(site, locale, null),
      description: company?.seo_settings.meta_description || company?.seo_settings.default_meta_description || company?.about_plaintext || '',
      pageTranslations: site.languages.map((language) => ({ code: language.code, href: urls.home(ctx, language.code) })),
      hasMarkdown: true,
    }),
    highlighted: content.highlighted && page === 1 ? toStoryCard(site, content.highlighted) : null,
    withHighlightedStory: content.highlighted !== null,
    stories: content.stories.map((story) => toStoryCard(site, story)),
    ...listPaging(paging, (n) => urls.home(ctx, locale, n)),
    contacts: contactsForLocale(site.contacts, locale),
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
function homeMarkdown(model: HomePageModel): string {
  const { layout } = model;
  return storyListMarkdown({
    layout,
    title: layout.company?.name ?? layout.newsroom.display_name,
    description: '',
    stories: [...(model.highlighted ? [model.highlighted] : []), ...model.stories],
    nextPageHref: model.nextPageHref,
  });
}

export const home = new Hono<AppEnv>()
  .get('/index.md', pageQuery, async (c) => {
    const model = await loadHomepage(c.var.deps, requireSite(c), c.var.locale, c.req.valid('query').page);
    return markdownResponse(c, homeMarkdown(model), model.layout.head, { negotiated: false });
  })
  .get('/', pageQuery, async (c) => {
    const model = await loadHomepage(c.var.deps, requireSite(c), c.var.locale, c.req.valid('query').page);
    return negotiatedPage(c, { head: model.layout.head, html: () => <HomePage model={model} />, markdown: () => homeMarkdown(model) });
  });
