/**
 * `[/{locale}]/llms.txt` and `[/{locale}]/llms-full.txt` (src/pages/llms-text.ts): public content of one
 * language for language models, built from the same public queries as the pages.
 */
import { Hono } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { requireSite } from '#src/http/require-site';
import { categoriesForLocale } from '#src/domain/category';
import { contactsForLocale } from '#src/domain/contact';
import { nativeLanguageName } from '#src/i18n/locales';
import { urls, urlContextOf } from '#src/i18n/urls';
import { llmsFull, llmsIndex } from '#src/pages/llms-text';
import { MARKDOWN_CONTENT_TYPE } from '#src/pages/markdown-form';
import { cacheRules } from '#src/http/cache-rules';
import { conditionalResponse } from '#src/http/conditional-get';
import { languageFeeds } from '#src/pages/layout';
import { siteNameFor } from '#src/domain/newsroom';

/** How many of the latest stories the index links, and the full file holds. */
export const LLMS_INDEX_STORIES = 20;
export const LLMS_FULL_STORIES = 50;
/** Galleries listed in the index, newest first. */
const LLMS_GALLERIES = 50;

export const llms = new Hono<AppEnv>()
  .get('/llms.txt', async (c) => {
    const site = requireSite(c);
    const locale = c.var.locale;
    const ctx = urlContextOf(site);
    const company = site.companies[locale];
    const [list, galleries] = await Promise.all([
      c.var.deps.content.listStories({ locale, page: 1, pageSize: LLMS_INDEX_STORIES }),
      site.galleries_count > 0 ? c.var.deps.content.listGalleries(1, LLMS_GALLERIES) : null,
    ]);
    const body = llmsIndex({
      origin: site.newsroom.url,
      ctx,
      locale,
      timeZone: site.newsroom.timezone,
      name: siteNameFor(site, locale),
      about: company?.about_plaintext ?? '',
      stories: list.stories,
      categories: categoriesForLocale(site.categories, locale),
      galleries: galleries?.galleries ?? [],
      contacts: contactsForLocale(site.contacts, locale),
      feeds: languageFeeds(site, locale),
      otherLanguages: site.languages.filter((language) => language.code !== locale).map((language) => ({ name: nativeLanguageName(language.code), href: urls.llms(ctx, language.code) })),
    });
    return conditionalResponse(c.req.raw, body, { contentType: MARKDOWN_CONTENT_TYPE, cacheControl: cacheRules.page });
  })
  .get('/llms-full.txt', async (c) => {
    const site = requireSite(c);
    const locale = c.var.locale;
    const stories = await c.var.deps.content.listFeedStories({ locale, categoryId: null, limit: LLMS_FULL_STORIES, withMarkdown: true });
    const body = llmsFull({
      origin: site.newsroom.url,
      locale,
      timeZone: site.newsroom.timezone,
      name: siteNameFor(site, locale),
      mediaRoot: c.var.deps.config.mediaRoot,
      stories,
    });
    // An edit changes a story without moving it: the newest change, not the newest story.
    const lastModified = Math.max(0, ...stories.map((story) => Math.max(story.updated_at, story.published_at)));
    return conditionalResponse(c.req.raw, body, { contentType: MARKDOWN_CONTENT_TYPE, cacheControl: cacheRules.page, lastModified: lastModified || null });
  });
