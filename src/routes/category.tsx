/** A category page `[/{locale}]/category/{slug}`: its stories in that language, 12 per page. */
import { Hono } from 'hono';
import type { AppEnv, Deps } from '#src/env';
import { requireSite } from '#src/middleware/require-site';
import { NotFoundError } from '#src/domain/errors';
import { DEFAULT_PAGE_SIZE, paginate } from '#src/domain/paging';
import type { SiteContext } from '#src/domain/ports';
import { urls } from '#src/i18n/urls';
import type { CategoryPageModel } from '#src/views/page-model';
import { CategoryPage } from '#src/views/pages/category-page';
import { buildLayout, languageFeeds, pageTitle, urlContextOf } from './layout-model';
import { pageQuery } from './page-param';
import { markdownResponse, negotiatedPage } from './markdown';
import { storyListMarkdown } from '#src/views/markdown';
import { toStoryCard } from './story-cards';
import { listPaging } from './list-paging';

export async function loadCategory(deps: Deps, site: SiteContext, locale: string, slug: string, page: number): Promise<CategoryPageModel> {
  const category = site.categories.find((candidate) => candidate.i18n[locale]?.slug === slug);
  // A category without public stories in this language has no page in it.
  if (!category || (category.public_stories_count[locale] ?? 0) === 0) throw new NotFoundError(`Category ${slug}`);
  const translation = category.i18n[locale]!;
  const pageSize = DEFAULT_PAGE_SIZE;
  const paging = paginate({ page, pageSize, total: category.public_stories_count[locale] ?? 0 });
  const list = await deps.content.listStories({ locale, categoryId: category.id, page, pageSize });
  const ctx = urlContextOf(site);
  return {
    layout: buildLayout({
      site,
      config: deps.config,
      locale,
      path: urls.category(ctx, locale, slug, page),
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
    slug,
    name: translation.name,
    description: translation.description,
    stories: list.stories.map((story) => toStoryCard(site, story)),
    ...listPaging(paging, (n) => urls.category(ctx, locale, slug, n)),
  };
}

function categoryMarkdown(model: CategoryPageModel): string {
  return storyListMarkdown({ layout: model.layout, title: model.name, description: model.description, stories: model.stories, nextPageHref: model.nextPageHref });
}

export const category = new Hono<AppEnv>()
  .get('/category/:file{[^/]+\\.md}', pageQuery, async (c) => {
    const model = await loadCategory(c.var.deps, requireSite(c), c.var.locale, c.req.param('file').slice(0, -'.md'.length), c.req.valid('query').page);
    return markdownResponse(c, categoryMarkdown(model), model.layout.head, { negotiated: false });
  })
  .get('/category/:slug', pageQuery, async (c) => {
    const model = await loadCategory(c.var.deps, requireSite(c), c.var.locale, c.req.param('slug'), c.req.valid('query').page);
    return negotiatedPage(c, { head: model.layout.head, html: () => <CategoryPage model={model} />, markdown: () => categoryMarkdown(model) });
  });
