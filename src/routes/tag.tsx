/**
 * A tag page `[/{locale}]/tag/{tag}`: the language's public stories with that tag, 12 per page,
 * like a category's. The address holds the tag's stored (lower-cased) form as one encoded path
 * segment (src/domain/tag.ts); another spelling of a known tag moves there, anything else is a 404.
 */
import { Hono } from 'hono';
import type { AppEnv, Deps } from '#src/env';
import { requireSite } from '#src/middleware/require-site';
import { MovedError, NotFoundError } from '#src/domain/errors';
import { DEFAULT_PAGE_SIZE, paginate } from '#src/domain/paging';
import type { SiteContext } from '#src/domain/ports';
import { normalizeTag } from '#src/domain/tag';
import { formatMessage, messagesFor } from '#src/i18n/translate';
import { urls } from '#src/i18n/urls';
import type { TagPageModel } from '#src/views/page-model';
import { TagPage } from '#src/views/pages/tag-page';
import { buildLayout, languageFeeds, pageTitle, tagFeeds, urlContextOf } from './layout-model';
import { pageQuery } from './page-param';
import { toStoryCard } from './story-cards';
import { listPaging } from './list-paging';
import { markdownResponse, negotiatedPage } from './markdown';
import { storyListMarkdown } from '#src/views/markdown';

/** "Stories tagged “{tag}”": the tag page's heading and its feeds' name. */
export function tagTitle(locale: string, tag: string): string {
  return formatMessage(locale, messagesFor(locale), 'tag.title', { tag });
}

export async function loadTag(deps: Deps, site: SiteContext, locale: string, requested: string, page: number): Promise<TagPageModel> {
  const tag = normalizeTag(requested);
  const pageSize = DEFAULT_PAGE_SIZE;
  const list = await deps.content.listStories({ locale, tag, page, pageSize });
  // A tag without public stories in this language has no page in it (as a category).
  if (list.total === 0) throw new NotFoundError(`Tag ${tag}`);
  const ctx = urlContextOf(site);
  if (requested !== tag) throw new MovedError(urls.tag(ctx, locale, tag, page));
  const paging = paginate({ page, pageSize, total: list.total });
  const tagLocales = list.tagLocales ?? [locale];
  const title = tagTitle(locale, tag);
  return {
    layout: buildLayout({
      site,
      config: deps.config,
      locale,
      path: urls.tag(ctx, locale, tag, page),
      title: pageTitle(site, locale, title),
      description: '',
      // The same tag in each language where it has public stories (its page exists there).
      pageTranslations: site.languages.filter((language) => tagLocales.includes(language.code)).map((language) => ({ code: language.code, href: urls.tag(ctx, language.code, tag) })),
      breadcrumbs: [{ name: title, path: urls.tag(ctx, locale, tag) }],
      hasMarkdown: true,
      feeds: [...tagFeeds(site, locale, tag, title), ...languageFeeds(site, locale)],
    }),
    tag,
    title,
    stories: list.stories.map((story) => toStoryCard(site, story)),
    ...listPaging(paging, (n) => urls.tag(ctx, locale, tag, n)),
  };
}

function tagMarkdown(model: TagPageModel): string {
  return storyListMarkdown({ layout: model.layout, title: model.title, description: '', stories: model.stories, nextPageHref: model.nextPageHref });
}

export const tag = new Hono<AppEnv>()
  // A tag's Markdown form; a tag that itself ends in ".md" is read as this form of the shorter tag.
  .get('/tag/:file{[^/]+\\.md}', pageQuery, async (c) => {
    const model = await loadTag(c.var.deps, requireSite(c), c.var.locale, c.req.param('file').slice(0, -'.md'.length), c.req.valid('query').page);
    return markdownResponse(c, tagMarkdown(model), model.layout.head, { negotiated: false });
  })
  .get('/tag/:tag', pageQuery, async (c) => {
    const model = await loadTag(c.var.deps, requireSite(c), c.var.locale, c.req.param('tag'), c.req.valid('query').page);
    return negotiatedPage(c, { head: model.layout.head, html: () => <TagPage model={model} />, markdown: () => tagMarkdown(model) });
  });
