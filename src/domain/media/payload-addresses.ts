/**
 * Addresses of stored media payloads: responsive <img> attributes and original files, made by the
 * media model so every address on a page has the CDN's shape (and the offline demo's `/media` root
 * when configured). The import renders story bodies with these too, so they live in domain/, where
 * both the import (content/) and the pages (views/) may reach them.
 */
import type { StoredImagePayload } from '#src/domain/media-payload';
import { imageAttributes as modelImageAttributes, UploadedImage, type ImageAttributes } from './index';

export type { ImageAttributes };

export function imageAttributes(image: StoredImagePayload, mediaRoot: string, layoutWidth: number, sizes: string): ImageAttributes {
  return modelImageAttributes(UploadedImage.fromJSON(image, { cdn: mediaRoot }), layoutWidth, sizes);
}

/**
 * Story bodies are rendered once, at import; their media addresses use this placeholder root,
 * replaced by the worker's configured root when a page is served, so MEDIA_CDN_URL alone decides
 * where every image on a page comes from.
 */
export const BODY_MEDIA_ROOT = '/__media__';

export function resolveBodyMedia(html: string, mediaRoot: string): string {
  return html.replaceAll(`${BODY_MEDIA_ROOT}/`, `${mediaRoot}/`);
}

export function originalImageUrl(image: StoredImagePayload, mediaRoot: string): string {
  return UploadedImage.fromJSON(image, { cdn: mediaRoot }).cdnUrl;
}
