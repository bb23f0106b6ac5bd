/**
 * Responsive <img> attributes for a stored image, made by the media model so every address on a
 * page has the same shape as the CDN's.
 */
import type { StoredImagePayload } from '#src/domain/media-payload';

export interface ImageAttributes {
  readonly src: string;
  readonly srcSet: string;
  readonly sizes: string;
  readonly width: number;
  readonly height: number;
}

export function imageAttributes(image: StoredImagePayload, mediaRoot: string, layoutWidth: number, sizes: string): ImageAttributes {
  const width = Math.min(layoutWidth, image.original_width);
  const height = Math.round((image.original_height * width) / image.original_width);
  const src = `${mediaRoot}/${image.uuid}/-/preview/${width}x${height}/${encodeURIComponent(image.filename)}`;
  return { src, srcSet: `${src} ${width}w`, sizes, width, height };
}

export function originalImageUrl(image: StoredImagePayload, mediaRoot: string): string {
  return `${mediaRoot}/${image.uuid}/${encodeURIComponent(image.filename)}`;
}
