import { describe, expect, it } from 'vitest';
import {
  applyEffect,
  cropEffect,
  dimensionsAfterEffects,
  formatEffect,
  parseEffects,
  previewEffect,
  qualityEffect,
  resizeEffect,
  scaleCropEffect,
} from '#src/domain/media/index';

describe('effects as URL path segments', () => {
  it.each([
    ['format', () => formatEffect('webp'), 'format/webp'],
    ['quality', () => qualityEffect('smart'), 'quality/smart'],
    ['preview without size (Uploadcare default)', () => previewEffect(), 'preview/2048x2048'],
    ['preview with both sides', () => previewEffect(800, 600), 'preview/800x600'],
    ['preview with only a width', () => previewEffect(800, null), 'preview/800x3000'],
    ['preview with only a height', () => previewEffect(null, 600), 'preview/3000x600'],
    ['preview above the maximum edge', () => previewEffect(5000, 4000), 'preview/3000x3000'],
    ['preview with fractions', () => previewEffect(799.6, 600.2), 'preview/800x600'],
    ['resize by width', () => resizeEffect(400), 'resize/400x'],
    ['resize by height', () => resizeEffect(null, 300), 'resize/x300'],
    ['resize to both', () => resizeEffect(400, 300), 'resize/400x300'],
    ['crop from the top-left corner', () => cropEffect(100, 50), 'crop/100x50/0,0'],
    ['crop at an offset', () => cropEffect(100, 50, { x: 10, y: 20 }), 'crop/100x50/10,20'],
    ['crop at the centre', () => cropEffect(100, 50, 'center'), 'crop/100x50/center'],
    ['scale_crop', () => scaleCropEffect(200, 100), 'scale_crop/200x100'],
    ['scale_crop at the centre', () => scaleCropEffect(200, 100, true), 'scale_crop/200x100/center'],
  ])('writes %s', (_what, make, expected) => {
    expect(make()).toBe(expected);
  });

  it('refuses a resize without width and height', () => {
    expect(() => resizeEffect(null, null)).toThrow(new Error('At least one function argument has to be non-null'));
  });

  it.each([
    ['a zero preview width', () => previewEffect(0, 100)],
    ['a negative resize width', () => resizeEffect(-10)],
    ['a NaN resize height', () => resizeEffect(null, Number.NaN)],
    ['a zero crop height', () => cropEffect(100, 0)],
    ['a negative crop offset', () => cropEffect(100, 100, { x: -1, y: 0 })],
    ['an infinite scale_crop width', () => scaleCropEffect(Number.POSITIVE_INFINITY, 10)],
  ])('refuses %s', (_what, make) => {
    expect(make).toThrow(RangeError);
  });
});

describe('parseEffects', () => {
  it.each([
    [null, []],
    ['', []],
    ['-/crop/100x100/0,0/-/preview/', ['crop/100x100/0,0', 'preview']],
    ['-/resize/200x/', ['resize/200x']],
    ['resize/200x/-/format/webp/', ['resize/200x', 'format/webp']],
    ['/preview/800x600/', ['preview/800x600']],
  ])('reads %j as %j', (modifiers, expected) => {
    expect(parseEffects(modifiers)).toEqual(expected);
  });
});

describe('dimensions after effects', () => {
  const landscape = { width: 4000, height: 3000 };

  it.each([
    ['no effects', [], 4000, 3000],
    ['a bare preview (2048 square)', ['preview'], 2048, 1536],
    ['the default preview', ['preview/2048x2048'], 2048, 1536],
    ['a preview bound by width', ['preview/800x800'], 800, 600],
    ['a preview bound by height', ['preview/800x300'], 400, 300],
    ['a preview above the maximum edge (capped at 3000)', ['preview/5000x5000'], 3000, 2250],
    ['a resize by width (aspect ratio kept)', ['resize/400x'], 400, 300],
    ['a legacy resize by width', ['resize/400'], 400, 300],
    ['a resize by height (aspect ratio kept)', ['resize/x300'], 400, 300],
    ['a resize to both sides (may distort)', ['resize/400x400'], 400, 400],
    ['a resize above the original (resize upscales)', ['resize/8000x'], 8000, 6000],
    ['a crop', ['crop/1000x500/0,0'], 1000, 500],
    ['a crop larger than the image (capped)', ['crop/5000x100/center'], 4000, 100],
    ['a scale_crop', ['scale_crop/300x300/center'], 300, 300],
    ['format and quality', ['format/webp', 'quality/smart'], 4000, 3000],
    ['an effect the model does not know', ['grayscale'], 4000, 3000],
    ['a stored effect with slashes', ['/preview/800x600/'], 800, 600],
    ['preview, then crop, then resize', ['preview/1000x1000', 'crop/500x500/center', 'resize/250x'], 250, 250],
    ['resize, then crop capped to the resized size', ['resize/400x', 'crop/1000x1000/0,0'], 400, 300],
    ['scale_crop, then preview', ['scale_crop/1000x500', 'preview/500x500'], 500, 250],
  ])('after %s', (_what, effects, width, height) => {
    expect(dimensionsAfterEffects(landscape, effects)).toEqual({ width, height });
  });

  it.each([
    ['preview never upscales', { width: 1000, height: 500 }, 'preview/2000x2000', 1000, 500],
    ['preview fits a portrait image by height', { width: 1000, height: 2000 }, 'preview/800x800', 400, 800],
    ['rounding never gives zero pixels', { width: 10000, height: 1 }, 'resize/100x', 100, 1],
  ])('%s', (_what, current, effect, width, height) => {
    expect(applyEffect(current, effect)).toEqual({ width, height });
  });
});

it('resizing with no arguments at all gives the spec message', async () => {
  const { resizeEffect } = await import('#src/domain/media/index');
  expect(() => (resizeEffect as (w?: number) => string)()).toThrow('At least one function argument has to be non-null');
});
