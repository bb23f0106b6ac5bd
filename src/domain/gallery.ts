/** Media galleries (SPEC.md sections 3 and 4). */
import type { StoredImagePayload } from './media-payload';

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
