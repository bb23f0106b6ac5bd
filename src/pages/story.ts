/**
 * A story at the root path `/{slug}`, in its own language: its page model (public, or behind a
 * secret link), and its JSON and Markdown forms (src/pages/json-form.ts, src/pages/markdown-form.ts).
 */
import type { Deps } from '#src/deps';
import { NotFoundError } from '#src/domain/errors';
import type { SiteContext, StoryBodyFormat } from '#src/domain/ports';
import { isLinkableTranslation, isPubliclyVisible, isStoryIndexable, type Story, type StorySummary } from '#src/domain/story';
import { urls, urlContextOf } from '#src/i18n/urls';
import type { LayoutModel, ShareBarTarget, StoryCardModel } from './model';
import { absoluteImage, buildLayout } from './layout';
import { distinctTags, hasTagPage } from '#src/domain/tag';
import { toBcp47 } from '#src/i18n/locales';
import { isoDate } from '#src/i18n/translate';
import { newsArticleLd } from './structured-data';
import { categoryLinks, toStoryCard } from './story-cards';
import { archiveBytes } from '#src/domain/archive';
import { contactsByKeys, type Contact } from '#src/domain/contact';
import type { SharedStoryNotice } from '#src/domain/publishing';
import { inquiryFormModel, type InquiryFormModel } from './inquiry-form';

/** How many related stories a story page shows. */
export const RELATED_STORIES = 3;

/** Where one story page lives, and what it may say of itself. */
export interface StoryPlacement {
  /** Site-relative address of this page. */
  readonly path: string;
  readonly jsonPath: string;
  /** The story's translations this page may link to, as pages. */
  readonly translations: readonly { code: string; href: string }[];
  readonly related: readonly StorySummary[];
  /** Secret-link pages are never indexed and say what the reader may do with the story. */
  readonly notice: StoryNoticeModel | null;
  /** A recipient's page: the story's files under their own addresses (src/domain/recipient-files.ts). */
  readonly files?: { readonly root: string; readonly archive: string };
}

export async function loadStory(deps: Deps, site: SiteContext, slug: string, body: StoryBodyFormat = 'html'): Promise<StoryPageModel> {
  const page = await deps.content.getStoryPage(slug, body === 'html' ? RELATED_STORIES : 0, body);
  const story = page?.story;
  // Drafts, embargoed, private and confidential stories have no public page: to a visitor they
  // do not exist (a 404, not a 403, so their existence does not leak).
  if (!story || !isPubliclyVisible(story)) throw new NotFoundError(`Story ${slug}`);
  return storyPageModel(deps, site, story, {
    path: urls.story(story.slug),
    jsonPath: urls.storyJson(story.slug),
    translations: story.translations.filter((translation) => isLinkableTranslation(story, translation)).map((t) => ({ code: t.locale, href: urls.story(t.slug) })),
    related: page!.related,
    notice: null,
  });
}

/** The page model of a story, public or behind its secret link. */
export function storyPageModel(deps: Deps, site: SiteContext, story: Story, placement: StoryPlacement): StoryPageModel {
  if (!site.languages.some((language) => language.code === story.locale)) throw new NotFoundError(`Story ${story.slug} language`);
  const company = site.companies[story.locale];
  const origin = site.newsroom.url;
  const isPublicPage = placement.notice === null;
  const canonical = isPublicPage ? (story.seo_settings.canonical_url ?? urls.absolute(origin, placement.path)) : urls.absolute(origin, placement.path);
  const description = story.seo_settings.meta_description || story.subtitle || story.summary || company?.about_plaintext || '';
  const categories = categoryLinks(site, story);
  // Like the Open Graph card and the feeds: a story without a cover shows the newsroom's own image.
  const articleImage = absoluteImage(story.cover ?? site.newsroom.thumbnail, deps.config.mediaRoot, origin);
  const publishedTime = isoDate(story.published_at);
  const modifiedTime = isoDate(Math.max(story.updated_at, story.published_at));
  const indexable = isPublicPage && isStoryIndexable(site.newsroom, story);
  return {
    layout: buildLayout({
      site,
      config: deps.config,
      locale: story.locale,
      path: placement.path,
      title: story.seo_settings.meta_title || story.title,
      description,
      pageTranslations: [{ code: story.locale, href: placement.path }, ...placement.translations],
      translationsOnly: true,
      currentStory: story,
      indexable,
      canonical,
      image: story.cover,
      article: { publishedTime, modifiedTime, author: story.author?.display_name ?? null, section: categories[0]?.name ?? null, tags: story.tags },
      breadcrumbs: [...(categories[0] ? [{ name: categories[0].name, path: categories[0].href }] : []), { name: story.title, path: placement.path }],
      // Only public stories are described as articles for search engines.
      jsonLd: indexable
        ? [
            newsArticleLd({
              origin,
              url: canonical,
              headline: story.title,
              description,
              images: articleImage ? [articleImage] : [],
              datePublished: publishedTime,
              dateModified: modifiedTime,
              author: story.author?.display_name ?? null,
              locale: toBcp47(story.locale),
              sections: categories.map((category) => category.name),
              keywords: story.tags,
            }),
          ]
        : [],
      // Embeddable (oEmbed) as a public page only: a secret link never is.
      oembed: isPublicPage,
      jsonAlternate: placement.jsonPath,
      // Secret-link pages have no public forms: their address is the only key.
      hasMarkdown: isPublicPage,
    }),
    story,
    categories,
    // A public story is on its tags' pages; a secret-link story may be on none, so no links there.
    tags: distinctTags(story.tags).map((tag) => ({
      name: tag,
      href: isPublicPage && hasTagPage(tag) ? urls.tag(urlContextOf(site), story.locale, tag) : null,
    })),
    related: placement.related.map((summary) => toStoryCard(site, summary)),
    notice: placement.notice,
    // A public archive holds public stories' media only.
    archive: story.media_files.length === 0 ? null : isPublicPage ? { href: urls.storyArchive(story.slug), bytes: archiveBytes(story.media_files) } : placement.files ? { href: placement.files.archive, bytes: archiveBytes(story.media_files) } : null,
    ...(placement.files ? { filesRoot: placement.files.root } : {}),
    shareBar: isPublicPage ? { url: canonical, title: story.title } : null,
    contacts: contactsByKeys(site.contacts, story.contact_keys),
    // "Ask the press office" about this story, from this page (a secret page's for a story not public).
    inquiry: inquiryFormModel(site, story.locale, placement.path),
  };
}

/** When a story's public forms last changed: its last edit, or its publication when later. */
export function storyLastModified(story: Story): number {
  return Math.max(story.updated_at, story.published_at);
}

export interface StoryPageModel {
  readonly layout: LayoutModel;
  readonly story: Story;
  readonly categories: readonly { name: string; href: string }[];
  /** The story's tags, each once; linked to its tag page where the story is public. */
  readonly tags: readonly { readonly name: string; readonly href: string | null }[];
  readonly related: readonly StoryCardModel[];
  /** What a secret-link reader may do with the story; null on public pages. */
  readonly notice: StoryNoticeModel | null;
  /** "Download all" of the story's media (public pages, and a recipient's through their own address); null without media. */
  readonly archive: { readonly href: string; readonly bytes: number } | null;
  /** Where the story's own files (cover, body media) are served from when not the media root: a recipient's file addresses. */
  readonly filesRoot?: string;
  /** What the share bar offers; null on secret-link pages, whose address must not travel. */
  readonly shareBar: ShareBarTarget | null;
  /** The story's own press contacts ("Media contacts"), in its front matter's order. */
  readonly contacts: readonly Contact[];
  /** The inquiry form about this story (docs/decisions/0054-the-inquiry-inbox.md). */
  readonly inquiry: InquiryFormModel;
}

/**
 * The story itself (its article and its own press contacts): the part of a story page that the
 * editor's preview shows too, built there from the file being edited
 * (src/admin/client/story-preview-model.ts). A StoryPageModel is one.
 */
export type StoryArticleModel = Pick<StoryPageModel, 'story' | 'categories' | 'tags' | 'archive' | 'shareBar' | 'contacts' | 'filesRoot'> & {
  readonly layout: Pick<LayoutModel, 'languages' | 'mediaRoot'>;
};

/** The banner of a secret-link page, with its release (or planned) time in the newsroom's zone. */
export interface StoryNoticeModel {
  readonly kind: SharedStoryNotice;
  readonly date: string;
  readonly time: string;
  readonly zone: string;
  /** A recipient's link: their own page (every release shared with them); else absent or null. */
  readonly journalistPage?: string | null;
}
