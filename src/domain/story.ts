/**
 * Stories and their publication rules (docs/spec-coverage.md sections 3-5). A story is one translation; the
 * translations of one story share a translation group.
 */
import type { StoredFilePayload, StoredImagePayload } from './media-payload';

export const STORY_STATUSES = ['uninitialized', 'draft', 'scheduled', 'embargo', 'published'] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];

export const STORY_VISIBILITIES = ['public', 'embargo', 'private', 'confidential'] as const;
export type StoryVisibility = (typeof STORY_VISIBILITIES)[number];

export interface StoryAuthor {
  readonly display_name: string;
  readonly email: string | null;
}

export interface StorySeoSettings {
  readonly meta_title?: string | null;
  readonly meta_description?: string | null;
  readonly canonical_url?: string | null;
}

export interface StoryCategoryRef {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
}

/** What a list (cards, load more, feeds) needs of a story. */
export interface StorySummary {
  readonly uuid: string;
  readonly slug: string;
  readonly locale: string;
  readonly title: string;
  readonly subtitle: string;
  readonly summary: string;
  readonly published_at: number;
  readonly updated_at: number;
  readonly cover: StoredImagePayload | null;
  readonly categories: readonly StoryCategoryRef[];
}

export interface StoryTranslationRef {
  readonly uuid: string;
  readonly slug: string;
  readonly locale: string;
  readonly title: string;
  readonly status: StoryStatus;
  readonly visibility: StoryVisibility;
}

export interface StorySection {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

/** A whole story page. */
export interface Story extends StorySummary {
  readonly status: StoryStatus;
  readonly visibility: StoryVisibility;
  readonly author: StoryAuthor | null;
  readonly seo_settings: StorySeoSettings;
  readonly tags: readonly string[];
  /** '' when the story was loaded for its Markdown form. */
  readonly body_html: string;
  /** The body as Markdown: only when the story was loaded for its Markdown form. */
  readonly body_markdown?: string;
  readonly translations: readonly StoryTranslationRef[];
  /** The files the story shows (cover, body images, attachments): its "Download all" archive. */
  readonly media_files: readonly StoredFilePayload[];
  /** The story's own press contacts (contacts.yaml keys), in order. */
  readonly contact_keys: readonly string[];
}

/** A story counts as published only when its status is published. */
export function isPublished(story: { status: StoryStatus }): boolean {
  return story.status === 'published';
}

/** Search engines may index a story only if the newsroom is indexable and the story is public. */
export function isStoryIndexable(newsroom: { is_indexable: boolean }, story: { visibility: StoryVisibility }): boolean {
  return newsroom.is_indexable && story.visibility === 'public';
}

/** A story page is served to anonymous visitors only when published and public. */
export function isPubliclyVisible(story: { status: StoryStatus; visibility: StoryVisibility }): boolean {
  return isPublished(story) && story.visibility === 'public';
}

const ALLOWED_TRANSLATION_VISIBILITY: Readonly<Record<StoryVisibility, readonly StoryVisibility[]>> = {
  embargo: ['embargo', 'public'],
  private: ['private', 'public'],
  confidential: ['confidential', 'private', 'public'],
  public: ['public'],
};

/**
 * May a story link to this translation? The translation must be published, and its visibility
 * must be one the story's own visibility allows (a public story never leaks a private one).
 */
export function isLinkableTranslation(
  story: { visibility: StoryVisibility },
  translation: { status: StoryStatus; visibility: StoryVisibility },
): boolean {
  return isPublished(translation) && isAllowedTranslationVisibility(story, translation);
}

/** SPEC section 5's table alone: may a story of this visibility link a translation of that one? */
export function isAllowedTranslationVisibility(story: { visibility: StoryVisibility }, translation: { visibility: StoryVisibility }): boolean {
  return ALLOWED_TRANSLATION_VISIBILITY[story.visibility].includes(translation.visibility);
}

/** published_at arrives as an ISO string or a number of seconds; we keep whole seconds. */
export function toEpochSeconds(value: string | number): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Invalid time: ${value}`);
    return Math.trunc(value);
  }
  const millis = Date.parse(value);
  if (Number.isNaN(millis)) throw new RangeError(`Invalid time: ${value}`);
  return Math.trunc(millis / 1000);
}
