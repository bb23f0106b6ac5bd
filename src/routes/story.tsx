/** A story at the root path `/{slug}`, in its own language. */
import { Hono } from 'hono';
import type { AppEnv, Deps } from '#src/env';
import { NotFoundError } from '#src/domain/errors';
import type { SiteContext } from '#src/domain/ports';
import { isLinkableTranslation, isPubliclyVisible, isStoryIndexable } from '#src/domain/story';
import { urls } from '#src/i18n/urls';
import { cacheRules } from '#src/middleware/cache-rules';
import type { StoryPageModel } from '#src/views/page-model';
import { StoryPage } from '#src/views/pages/story-page';
import { isCrawler, renderHtml } from '#src/views/render';
import { buildLayout } from './layout-model';
import { categoryLinks } from './story-cards';

export async function loadStory(deps: Deps, site: SiteContext, slug: string): Promise<StoryPageModel> {
  const story = await deps.content.getStoryBySlug(slug);
  // Drafts, embargoed, private and confidential stories have no public page: to a visitor they
  // do not exist (a 404, not a 403, so their existence does not leak).
  if (!story || !isPubliclyVisible(story)) throw new NotFoundError(`Story ${slug}`);
  if (!site.languages.some((language) => language.code === story.locale)) throw new NotFoundError(`Story ${slug} language`);
  const translations = story.translations.filter((translation) => isLinkableTranslation(story, translation));
  const company = site.companies[story.locale];
  return {
    layout: buildLayout({
      site,
      config: deps.config,
      locale: story.locale,
      path: urls.story(story.slug),
      title: story.seo_settings.meta_title || story.title,
      description: story.seo_settings.meta_description || story.subtitle || story.summary || company?.about_plaintext || '',
      pageTranslations: [{ code: story.locale, href: urls.story(story.slug) }, ...translations.map((t) => ({ code: t.locale, href: urls.story(t.slug) }))],
      currentStory: story,
      indexable: isStoryIndexable(site.newsroom, story),
      canonical: story.seo_settings.canonical_url ?? null,
    }),
    story,
    categories: categoryLinks(site, story),
  };
}

export const story = new Hono<AppEnv>().get('/:slug', async (c) => {
  const site = c.var.site;
  if (!site) throw new NotFoundError('Newsroom not imported');
  const model = await loadStory(c.var.deps, site, c.req.param('slug'));
  c.set('locale', model.story.locale);
  return renderHtml(<StoryPage model={model} />, {
    headers: { 'Cache-Control': cacheRules.page, ...(model.layout.head.indexable ? {} : { 'X-Robots-Tag': 'noindex' }) },
    waitForAll: isCrawler(c.req.header('User-Agent')),
  });
});
