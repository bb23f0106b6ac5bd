/**
 * Uploadcare image effects as URL path segments (`format/webp`, `preview/800x600`, ...) and the
 * size an image has once they are applied. Sizes are computed here rather than fetched, so a page
 * can give every <img> its width and height (no layout shift) without asking the CDN.
 *
 * An effect is stored without slashes or the `-/` separator; the address functions add those.
 */
import { DEFAULT_PREVIEW_SIZE, MAX_PREVIEW_SIZE } from './constants';

export type ImageFormat = 'auto' | 'jpeg' | 'png' | 'webp' | 'preserve';
export type ImageQuality = 'smart' | 'smart_retina' | 'normal' | 'better' | 'best' | 'lighter' | 'lightest';
export type VideoFormat = 'mp4' | 'webm';
export type VideoQuality = 'lightest' | 'lighter' | 'normal' | 'better' | 'best';

/** Where a crop starts: a pixel offset from the top-left corner, or the centre of the image. */
export type CropAlignment = 'center' | { readonly x: number; readonly y: number };

export interface Dimensions {
  readonly width: number;
  readonly height: number;
}

export function formatEffect(format: ImageFormat | VideoFormat): string {
  return `format/${format}`;
}

export function qualityEffect(quality: ImageQuality | VideoQuality): string {
  return `quality/${quality}`;
}

/**
 * Fit inside `width` × `height` without upscaling. No size means Uploadcare's default square;
 * a missing side or one above the maximum becomes the maximum edge, which the CDN enforces anyway.
 */
export function previewEffect(width: number | null = null, height: number | null = null): string {
  if (width === null && height === null) return `preview/${DEFAULT_PREVIEW_SIZE}x${DEFAULT_PREVIEW_SIZE}`;
  const w = Math.min(width === null ? MAX_PREVIEW_SIZE : pixels(width, 'Preview width'), MAX_PREVIEW_SIZE);
  const h = Math.min(height === null ? MAX_PREVIEW_SIZE : pixels(height, 'Preview height'), MAX_PREVIEW_SIZE);
  return `preview/${w}x${h}`;
}

/** Resize to exactly `width` × `height`, or keep the aspect ratio when one side is null. */
export function resizeEffect(width: number | null | undefined, height: number | null = null): string {
  // `undefined` (an omitted argument from untyped callers) counts as null, like in the spec.
  if (width == null && height == null) {
    throw new Error('At least one function argument has to be non-null');
  }
  const w = width == null ? '' : String(pixels(width, 'Resize width'));
  const h = height == null ? '' : String(pixels(height, 'Resize height'));
  return `resize/${w}x${h}`;
}

/** Cut a `width` × `height` region out of the image, from the top-left corner by default. */
export function cropEffect(width: number, height: number, alignment: CropAlignment = { x: 0, y: 0 }): string {
  const size = `${pixels(width, 'Crop width')}x${pixels(height, 'Crop height')}`;
  if (alignment === 'center') return `crop/${size}/center`;
  return `crop/${size}/${offset(alignment.x, 'Crop x')},${offset(alignment.y, 'Crop y')}`;
}

/** Scale until the image covers `width` × `height`, then cut off what sticks out. */
export function scaleCropEffect(width: number, height: number, center = false): string {
  const effect = `scale_crop/${pixels(width, 'Scale-crop width')}x${pixels(height, 'Scale-crop height')}`;
  return center ? `${effect}/center` : effect;
}

/**
 * Effects from a widget's `cdnUrlModifiers` (`-/crop/10x10/0,0/-/preview/`) or a stored list that
 * still carries slashes (`/preview/800x600/`): both end up as plain segments.
 */
export function parseEffects(modifiers: string | null | undefined): string[] {
  if (!modifiers) return [];
  return modifiers
    .split('/-/')
    .map(normalizeEffect)
    .filter((effect) => effect !== '');
}

/** One effect without the separators around it. */
export function normalizeEffect(effect: string): string {
  return effect.replace(/^[-/]+|\/+$/g, '');
}

/** The size after applying `effects` in order to an image of size `original`. */
export function dimensionsAfterEffects(original: Dimensions, effects: readonly string[]): Dimensions {
  return effects.reduce(applyEffect, original);
}

/**
 * The size after one effect. Effects that do not change the size (format, quality, unknown ones)
 * leave it as it is, so a stored payload with an effect we do not model still renders.
 */
export function applyEffect(current: Dimensions, effect: string): Dimensions {
  const [name, size] = normalizeEffect(effect).split('/');
  switch (name) {
    case 'preview': {
      if (size === undefined) return fit(current, DEFAULT_PREVIEW_SIZE, DEFAULT_PREVIEW_SIZE);
      const [w, h] = parseSize(size);
      return fit(current, Math.min(w ?? MAX_PREVIEW_SIZE, MAX_PREVIEW_SIZE), Math.min(h ?? MAX_PREVIEW_SIZE, MAX_PREVIEW_SIZE));
    }
    case 'resize': {
      const [w, h] = parseSize(size);
      if (w !== null && h !== null) return { width: w, height: h };
      if (w !== null) return { width: w, height: scaled(current.height, w, current.width) };
      if (h !== null) return { width: scaled(current.width, h, current.height), height: h };
      return current;
    }
    case 'crop': {
      // The CDN cannot cut out more than there is.
      const [w, h] = parseSize(size);
      if (w === null || h === null) return current;
      return { width: Math.min(w, current.width), height: Math.min(h, current.height) };
    }
    case 'scale_crop': {
      const [w, h] = parseSize(size);
      if (w === null || h === null) return current;
      return { width: w, height: h };
    }
    default:
      return current;
  }
}

/** Scale down (never up) so the image fits inside `maxWidth` × `maxHeight`, keeping its shape. */
function fit(current: Dimensions, maxWidth: number, maxHeight: number): Dimensions {
  if (current.width <= maxWidth && current.height <= maxHeight) return current;
  // The side that overshoots most decides the scale; the other follows the aspect ratio.
  if (current.width / maxWidth >= current.height / maxHeight) {
    return { width: maxWidth, height: scaled(current.height, maxWidth, current.width) };
  }
  return { width: scaled(current.width, maxHeight, current.height), height: maxHeight };
}

// `side * numerator / denominator`, rounded to whole pixels and never below one pixel.
function scaled(side: number, numerator: number, denominator: number): number {
  return Math.max(1, Math.round((side * numerator) / denominator));
}

// `800x600`, `800x`, `x600` and the legacy `800` (width only).
function parseSize(size: string | undefined): [number | null, number | null] {
  if (size === undefined) return [null, null];
  const [w = '', h = ''] = size.split('x');
  return [positiveOrNull(w), positiveOrNull(h)];
}

function positiveOrNull(text: string): number | null {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) && value > 0 ? value : null;
}

// The CDN only understands whole pixels; a fraction or a non-positive size is a programming error.
function pixels(value: number, what: string): number {
  const rounded = Math.round(value);
  if (!Number.isFinite(rounded) || rounded < 1) {
    throw new RangeError(`${what} must be a positive number. Given: ${value}`);
  }
  return rounded;
}

function offset(value: number, what: string): number {
  const rounded = Math.round(value);
  if (!Number.isFinite(rounded) || rounded < 0) {
    throw new RangeError(`${what} must be zero or a positive number. Given: ${value}`);
  }
  return rounded;
}
