/**
 * `/llms.txt` and `/llms-full.txt` (https://llmstxt.org): the newsroom for language models, in a
 * language. The index: the name as `# `, the company's about text as the `> ` summary, then
 * sections of links (latest stories and categories to their Markdown forms, galleries, contacts,
 * feeds) and an "Optional" section. The full file: the latest stories whole, in Markdown. Only
 * public content: every list comes from the same public queries as the pages.
 */
import type { RootContent } from 'mdast';
import type { Category } from '#src/domain/category';
import type { Contact } from '#src/domain/contact';
import type { GallerySummary } from '#src/domain/gallery';
import type { FeedStory } from '#src/domain/ports';
import type { StorySummary } from '#src/domain/story';
import { urls, urlContextOf, type UrlContext } from '#src/i18n/urls';
import type { Deps } from '#src/deps';
import type { SiteContext } from '#src/domain/ports';
import { categoriesForLocale } from '#src/domain/category';
import { contactsForLocale } from '#src/domain/contact';
import { siteNameFor } from '#src/domain/newsroom';
import { nativeLanguageName } from '#src/i18n/locales';
import { languageFeeds } from './layout';
import { createTranslator } from '#src/i18n/translate';
import { resolveBodyMedia } from '#src/domain/media/payload-addresses';
import { absoluteMediaRoot, heading, link, list, paragraph, serialise, text, verbatim } from './markdown-form';
import type { FeedLink } from './head';

export interface LlmsIndexInput {
  readonly origin: string;
  readonly ctx: UrlContext;
  readonly locale: string;
  readonly timeZone: string;
  readonly name: string;
  readonly about: string;
  readonly stories: readonly StorySummary[];
  readonly categories: readonly Category[];
  readonly galleries: readonly GallerySummary[];
  readonly contacts: readonly Contact[];
  readonly feeds: readonly FeedLink[];
  /** The same file in the newsroom's other languages. */
  readonly otherLanguages: readonly { name: string; href: string }[];
}

export function llmsIndex(input: LlmsIndexInput): string {
  const { origin, ctx, locale } = input;
  const { t, date } = createTranslator(locale, input.timeZone);
  const absolute = (path: string) => urls.absolute(origin, path);
  const blocks: RootContent[] = [heading(1, input.name)];
  if (input.about) blocks.push({ type: 'blockquote', children: [paragraph(text(input.about)) as never] });
  blocks.push(heading(2, t('homepage.latest_stories')));
  blocks.push(
    list(
      input.stories.map((story) => [
        link(absolute(urls.markdown(urls.story(story.slug))), story.title),
        text(`: ${date(story.published_at)}${story.subtitle ? `. ${story.subtitle}` : ''}`),
      ]),
    ),
  );
  if (input.categories.length > 0) {
    blocks.push(heading(2, t('story.categories')));
    blocks.push(
      list(
        input.categories.map((category) => {
          const translation = category.i18n[locale]!;
          return [link(absolute(urls.markdown(urls.category(ctx, locale, translation.slug))), translation.name), ...(translation.description ? [text(`: ${translation.description}`)] : [])];
        }),
      ),
    );
  }
  if (input.galleries.length > 0) {
    blocks.push(heading(2, t('media.title')));
    blocks.push(
      list(
        input.galleries.map((gallery) => [
          link(absolute(urls.gallery(ctx, locale, gallery.uuid)), gallery.title),
          text(`: ${[gallery.images_number > 0 ? t('media.images_count', { count: gallery.images_number }) : '', gallery.videos_number > 0 ? t('media.videos_count', { count: gallery.videos_number }) : ''].filter(Boolean).join(', ')}`),
        ]),
      ),
    );
  }
  if (input.contacts.length > 0) {
    blocks.push(heading(2, t('contacts.title')));
    blocks.push(
      list(
        input.contacts.map((contact) => [
          link(absolute(urls.contactCard(contact.key)), contact.name),
          text(`: ${[contact.description, contact.company, contact.email, contact.phone].filter(Boolean).join(', ')}`),
        ]),
      ),
    );
  }
  blocks.push(heading(2, t('llms.feeds')));
  blocks.push(list(input.feeds.map((feed) => [link(feed.href, feed.title), text(`: ${feed.type}`)])));
  // "Optional" is the llms.txt format's own name for links a reader may skip.
  blocks.push(heading(2, 'Optional'));
  blocks.push(
    list([
      [link(absolute(urls.llmsFull(ctx, locale)), t('llms.full_text'))],
      ...input.otherLanguages.map((language) => [link(absolute(language.href), language.name)]),
    ]),
  );
  return serialise(blocks);
}

/**
 * The latest stories whole, as their Markdown files would be concatenated: each a `# ` document
 * (its body keeps its own `## ` sections) after a rule, with its date and address.
 */
export function llmsFull(input: { origin: string; locale: string; timeZone: string; name: string; mediaRoot: string; stories: readonly FeedStory[] }): string {
  const { t, date } = createTranslator(input.locale, input.timeZone);
  const mediaRoot = absoluteMediaRoot(input.mediaRoot, input.origin);
  const blocks: RootContent[] = [heading(1, input.name)];
  for (const story of input.stories) {
    blocks.push({ type: 'thematicBreak' }, heading(1, story.title));
    blocks.push(paragraph(text(`${t('story.published_on', { date: date(story.published_at) })} · `), link(urls.absolute(input.origin, urls.story(story.slug)), urls.absolute(input.origin, urls.story(story.slug)))));
    if (story.subtitle) blocks.push(paragraph({ type: 'emphasis', children: [text(story.subtitle)] }));
    if (story.summary) blocks.push(paragraph({ type: 'strong', children: [text(story.summary)] }));
    if (story.body_markdown) blocks.push(verbatim(resolveBodyMedia(story.body_markdown, mediaRoot)));
  }
  return serialise(blocks);
}

/** How many of the latest stories the index links, and the full file holds. */
export const LLMS_INDEX_STORIES = 20;
export const LLMS_FULL_STORIES = 50;
/** Galleries listed in the index, newest first. */
const LLMS_GALLERIES = 50;

/** `llms.txt` of a language: the newsroom, its latest stories, categories, galleries, contacts, feeds. */
export async function loadLlmsIndex(deps: Deps, site: SiteContext, locale: string): Promise<string> {
  const ctx = urlContextOf(site);
  const company = site.companies[locale];
  const [list, galleries] = await Promise.all([
    deps.content.listStories({ locale, page: 1, pageSize: LLMS_INDEX_STORIES }),
    site.galleries_count > 0 ? deps.content.listGalleries(1, LLMS_GALLERIES) : null,
  ]);
  return llmsIndex({
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
}

/** `llms-full.txt` of a language: its latest stories whole, and when the newest of them changed. */
export async function loadLlmsFull(deps: Deps, site: SiteContext, locale: string): Promise<{ body: string; lastModified: number }> {
  const stories = await deps.content.listFeedStories({ locale, categoryId: null, limit: LLMS_FULL_STORIES, withMarkdown: true });
  const body = llmsFull({ origin: site.newsroom.url, locale, timeZone: site.newsroom.timezone, name: siteNameFor(site, locale), mediaRoot: deps.config.mediaRoot, stories });
  // An edit changes a story without moving it: the newest change, not the newest story.
  return { body, lastModified: Math.max(0, ...stories.map((story) => Math.max(story.updated_at, story.published_at))) };
}
