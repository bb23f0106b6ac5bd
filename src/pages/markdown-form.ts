/**
 * The Markdown alternates of a story and of the list pages (home, category, tag): the same page
 * model as the HTML, written as an mdast tree and serialised by mdast-util-to-markdown, which
 * escapes every title and name. A story's body was converted once at import
 * (src/content/html-to-markdown.ts) and goes in as it is. Every link is absolute: Markdown is
 * read away from the site (assistants, crawlers, `curl`).
 */
import type { BlockContent, Link, List, ListItem, PhrasingContent, Root, RootContent } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { nativeLanguageName } from '#src/i18n/locales';
import { urls } from '#src/i18n/urls';
import { createTranslator } from '#src/i18n/translate';
import { resolveBodyMedia } from '#src/domain/media/payload-addresses';
import type { LayoutModel, StoryCardModel } from './model';
import type { StoryPageModel } from './story';

export const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8';

export const text = (value: string): PhrasingContent => ({ type: 'text', value });
export const link = (url: string, label: string): Link => ({ type: 'link', url, children: [text(label)] });
export const paragraph = (...children: PhrasingContent[]): RootContent => ({ type: 'paragraph', children });
/** One line: a title with a line break would become an underlined heading, not `# title`. */
export const heading = (depth: 1 | 2, value: string): RootContent => ({ type: 'heading', depth, children: [text(value.replace(/\s+/g, ' ').trim())] });
export const list = (items: PhrasingContent[][]): List => ({
  type: 'list',
  ordered: false,
  spread: false,
  children: items.map((children): ListItem => ({ type: 'listItem', spread: false, children: [{ type: 'paragraph', children } as BlockContent] })),
});

export function serialise(children: RootContent[]): string {
  const root: Root = { type: 'root', children };
  return toMarkdown(root, { bullet: '-', emphasis: '_', resourceLink: true });
}

/** The story's body, already Markdown: passed through untouched (an mdast `html` node is printed verbatim). */
export function verbatim(markdown: string): RootContent {
  return { type: 'html', value: markdown };
}

/** A page's absolute media root: the CDN's, or this site's `/media` on its origin. */
export function absoluteMediaRoot(mediaRoot: string, origin: string): string {
  return mediaRoot.startsWith('/') ? urls.absolute(origin, mediaRoot) : mediaRoot;
}

export function storyMarkdown(model: StoryPageModel): string {
  const { story, layout } = model;
  const origin = layout.newsroom.url;
  const { t, date } = createTranslator(story.locale, layout.newsroom.timezone);
  const blocks: RootContent[] = [heading(1, story.title)];
  if (story.subtitle) blocks.push(paragraph({ type: 'emphasis', children: [text(story.subtitle)] }));
  blocks.push(paragraph(text(`${t('story.published_on', { date: date(story.published_at) })} · ${nativeLanguageName(story.locale)}`)));
  // Categories and tags link their Markdown forms, as the list pages and llms.txt do.
  if (model.categories.length > 0) blocks.push(paragraph(text(`${t('story.categories')}: `), ...joined(model.categories.map((category) => link(urls.absolute(origin, urls.markdown(category.href)), category.name)))));
  if (model.tags.length > 0) blocks.push(paragraph(text(`${t('story.tags')}: `), ...joined(model.tags.map((tag) => (tag.href ? link(urls.absolute(origin, urls.markdown(tag.href)), tag.name) : text(tag.name))))));
  if (story.summary) blocks.push(paragraph({ type: 'strong', children: [text(story.summary)] }));
  if (story.body_markdown) blocks.push(verbatim(resolveBodyMedia(story.body_markdown, absoluteMediaRoot(layout.mediaRoot, origin))));
  if (model.archive) blocks.push(paragraph(link(urls.absolute(origin, model.archive.href), t('media.download_all'))));
  const { contacts } = model;
  if (contacts.length > 0) {
    blocks.push(heading(2, t('contacts.media_title')));
    blocks.push(
      list(
        contacts.map((contact) => [
          text([contact.name, contact.description].filter(Boolean).join(', ')),
          ...(contact.email ? [text(': '), link(`mailto:${contact.email}`, contact.email)] : []),
          ...(contact.phone ? [text(` · ${contact.phone}`)] : []),
        ]),
      ),
    );
  }
  blocks.push(...boilerplate(layout, story.locale));
  return serialise(blocks);
}

/** A list page (home, category, tag): its title and description, then its stories, newest first. */
export function storyListMarkdown(input: { layout: LayoutModel; title: string; description: string; stories: readonly StoryCardModel[]; nextPageHref: string | null }): string {
  const { layout } = input;
  const origin = layout.newsroom.url;
  const { t, date } = createTranslator(layout.context.localeCode, layout.newsroom.timezone);
  const blocks: RootContent[] = [heading(1, input.title)];
  if (input.description) blocks.push(paragraph(text(input.description)));
  blocks.push(heading(2, t('homepage.all_stories')));
  blocks.push(
    list(
      input.stories.map(({ story }) => [
        link(urls.absolute(origin, urls.markdown(urls.story(story.slug))), story.title),
        text(` (${date(story.published_at)})${story.subtitle ? `: ${story.subtitle}` : ''}`),
      ]),
    ),
  );
  if (input.nextPageHref) blocks.push(paragraph(link(urls.absolute(origin, urls.markdown(input.nextPageHref)), t('pagination.load_more'))));
  blocks.push(...boilerplate(layout, layout.context.localeCode));
  return serialise(blocks);
}

function boilerplate(layout: LayoutModel, locale: string): RootContent[] {
  const company = layout.company;
  if (!company?.about_plaintext) return [];
  const { t } = createTranslator(locale, layout.newsroom.timezone);
  return [heading(2, t('boilerplate.about', { name: company.name })), paragraph(text(company.about_plaintext))];
}

/** Items separated by commas, for a line of links. */
function joined(items: PhrasingContent[]): PhrasingContent[] {
  return items.flatMap((item, index) => (index === 0 ? [item] : [text(', '), item]));
}
