/**
 * Media addresses for the import: responsive image attributes, originals and downloads, all made
 * by the media model (src/domain/media) with the CDN root of this import.
 */
import type { MediaAddressing } from './load-folder';

export function createMediaAddressing(cdnRoot: string): MediaAddressing {
  const base = (uuid: string) => `${cdnRoot.replace(/\/$/, '')}/${uuid}/`;
  return {
    imageAttributes(image, layoutWidth, sizes) {
      const width = Math.min(layoutWidth, image.original_width);
      const height = Math.round((image.original_height * width) / image.original_width);
      const src = `${base(image.uuid)}-/preview/${width}x${height}/${encodeURIComponent(image.filename)}`;
      return { src, srcSet: `${src} ${width}w`, sizes, width, height };
    },
    originalUrl: (image) => `${base(image.uuid)}${encodeURIComponent(image.filename)}`,
    downloadUrl: (file) => `${base(file.uuid)}-/inline/no/${encodeURIComponent(file.filename)}`,
  };
}
