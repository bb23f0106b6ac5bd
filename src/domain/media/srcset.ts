/**
 * Responsive image attributes (docs/spec-coverage.md section 9): a srcset with the layout width and, for sharp
 * high-density screens, twice that width when the image has those pixels to give. Doubling past
 * the real size would only make the CDN upscale, sending more bytes and no more detail.
 */
import type { UploadedImage } from './uploaded-image';

export interface SrcSetEntry {
  readonly url: string;
  readonly width: number;
}

/** Everything an <img> needs besides alt text. */
export interface ImageAttributes {
  readonly src: string;
  readonly srcSet: string;
  readonly sizes: string;
  readonly width: number;
  readonly height: number;
}

/**
 * The entries of a srcset for an image shown `width` pixels wide: `width`, and `2 × width` only if
 * the image (after its effects) is at least that wide. The requested width itself is kept as the
 * spec says, even above the image's width; `imageAttributes` caps the layout width first, which is
 * how pages call it.
 */
export function srcSetEntries(image: UploadedImage, width: number): SrcSetEntry[] {
  const single = Math.round(width);
  if (!(single >= 1)) throw new RangeError(`Srcset width must be a positive number. Given: ${width}`);
  // A GIF is never resized (that would drop its animation), so every entry would be the same file:
  // one entry with its real width tells the browser the truth.
  if (image.isGif()) return [{ url: image.cdnUrl, width: image.width }];
  const double = single * 2;
  const entries = [{ url: image.resize(single).cdnUrl, width: single }];
  if (double <= image.width) entries.push({ url: image.resize(double).cdnUrl, width: double });
  return entries;
}

/** `url 400w, url 800w`. */
export function srcSet(image: UploadedImage, width: number): string {
  return srcSetEntries(image, width)
    .map((entry) => `${entry.url} ${entry.width}w`)
    .join(', ');
}

/**
 * Attributes for an image laid out `layoutWidth` pixels wide. A smaller image is shown at its own
 * width rather than stretched; width and height are given so the page does not shift on load.
 */
export function imageAttributes(image: UploadedImage, layoutWidth: number, sizes: string): ImageAttributes {
  const width = Math.min(Math.round(layoutWidth), image.width);
  const shown = image.resize(width);
  return { src: shown.cdnUrl, srcSet: srcSet(image, width), sizes, width: shown.width, height: shown.height };
}
