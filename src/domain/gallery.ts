/** Media galleries (docs/spec-coverage.md sections 3 and 4). */
import type { StoredImagePayload } from './media-payload';
import { describeState, isAwaitingRelease } from './publishing';
import { isPubliclyVisible, type StoryStatus, type StoryVisibility } from './story';

export interface GalleryVideo {
  readonly url: string;
  readonly title: string;
  readonly thumbnail: StoredImagePayload | null;
}

export interface GallerySummary {
  readonly uuid: string;
  readonly title: string;
  readonly description: string;
  readonly published_at: number;
  readonly images_number: number;
  readonly videos_number: number;
  readonly thumbnail_image: StoredImagePayload | null;
}

export interface Gallery extends GallerySummary {
  readonly images: readonly StoredImagePayload[];
  readonly videos: readonly GalleryVideo[];
}

/** A gallery is empty when it has neither images nor videos; empty galleries are never listed. */
export function isGalleryEmpty(gallery: { images_number: number; videos_number: number }): boolean {
  return gallery.images_number === 0 && gallery.videos_number === 0;
}

/**
 * A gallery's `published_at` is its release time: before it, the gallery is on no public page,
 * list, API, sitemap or archive, and journalists see it through its secret link
 * (src/domain/gallery-link.ts). The import releases what is due at its time, the minute cron the rest.
 */
export function isGalleryReleased(gallery: { published_at: number }, now: number): boolean {
  return gallery.published_at <= now;
}

/**
 * Why a story may not show a gallery in its body (the card carries the gallery's title,
 * thumbnails and link, rendered at import), or null when it may. A released gallery may be shown
 * anywhere. An unreleased one may not be shown by a story that is public now, nor by one the
 * clock releases (scheduled, embargo) before the gallery: the cron releases both in one
 * transaction when their times are equal. Drafts and stories that are published but not public
 * never go public by the clock; an edit that makes them public is judged again at its import.
 */
export type GalleryShownTooEarly = 'story-is-public' | 'story-released-first';

export function galleryShownTooEarly(
  story: { status: StoryStatus; visibility: StoryVisibility; published_at: number },
  gallery: { published_at: number; is_public: boolean },
): GalleryShownTooEarly | null {
  if (gallery.is_public) return null;
  if (isPubliclyVisible(story)) return 'story-is-public';
  if (isAwaitingRelease(story) && story.published_at < gallery.published_at) return 'story-released-first';
  return null;
}

/**
 * Is an unreleased gallery shown by a story the clock has yet to release due before that story?
 * Then, between the two times, the gallery's page, the media index and the sitemap would show the
 * story's photos and captions while the story itself is still under embargo: the import refuses
 * it on the gallery's `published_at`, naming the story (docs/content-format.md, "Galleries follow
 * their story"). With galleryShownTooEarly, an unreleased gallery shown by a scheduled or
 * embargoed story is released exactly with it. A released gallery (public already) may be shown
 * by any story.
 */
export function galleryReleasedBeforeStory(
  story: { status: StoryStatus; published_at: number },
  gallery: { published_at: number; is_public: boolean },
): boolean {
  return !gallery.is_public && isAwaitingRelease(story) && gallery.published_at < story.published_at;
}

/**
 * A gallery's state in words for the press office (`npm run share -- --gallery`): before its
 * release a gallery is what an embargoed story is, "embargo until 2027-02-04 07:00 UTC"; then "live".
 */
export function describeGalleryState(gallery: { published_at: number; is_public: boolean }): string {
  return gallery.is_public
    ? describeState({ status: 'published', visibility: 'public', published_at: gallery.published_at })
    : describeState({ status: 'embargo', visibility: 'embargo', published_at: gallery.published_at });
}
