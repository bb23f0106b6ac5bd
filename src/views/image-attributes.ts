/**
 * Responsive <img> attributes for a stored image payload, made by the media model so every
 * address on a page has the CDN's shape (and the offline demo's `/media` root when configured).
 */
import type { StoredImagePayload } from '#src/domain/media-payload';
import { imageAttributes as modelImageAttributes, UploadedImage, type ImageAttributes } from '#src/domain/media/index';

export type { ImageAttributes };

export function imageAttributes(image: StoredImagePayload, mediaRoot: string, layoutWidth: number, sizes: string): ImageAttributes {
  return modelImageAttributes(UploadedImage.fromJSON(image, { cdn: mediaRoot }), layoutWidth, sizes);
}

export function originalImageUrl(image: StoredImagePayload, mediaRoot: string): string {
  return UploadedImage.fromJSON(image, { cdn: mediaRoot }).cdnUrl;
}
