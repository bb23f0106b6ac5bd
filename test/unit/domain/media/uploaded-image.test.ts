import { describe, expect, it } from 'vitest';
import {
  GifVideo,
  isImageAreaValid,
  isStoredImagePayload,
  MAX_IMAGE_AREA,
  MediaPayloadError,
  UploadedImage,
  type StoredImagePayload,
} from '#src/domain/media/index';

const payload: StoredImagePayload = {
  version: 2,
  uuid: 'img-uuid',
  filename: 'solar farm.jpg',
  mime_type: 'image/jpeg',
  size: 512_000,
  original_width: 4000,
  original_height: 3000,
  effects: [],
};
const gifPayload: StoredImagePayload = { ...payload, uuid: 'gif-uuid', filename: 'dance.gif', mime_type: 'image/gif', original_width: 480, original_height: 270 };

const image = () => UploadedImage.fromJSON(payload);
const gif = () => UploadedImage.fromJSON(gifPayload);

describe('UploadedImage from a stored payload', () => {
  it('reads the fields, with the size of the original when there are no effects', () => {
    expect(image()).toMatchObject({
      uuid: 'img-uuid',
      filename: 'solar farm.jpg',
      mimeType: 'image/jpeg',
      size: 512_000,
      originalWidth: 4000,
      originalHeight: 3000,
      effects: [],
      width: 4000,
      height: 3000,
    });
    expect(image().aspectRatio).toBeCloseTo(4 / 3);
  });

  it('derives the size from stored effects', () => {
    const stored = UploadedImage.fromJSON({ ...payload, effects: ['preview/800x800', 'crop/400x400/center'] });
    expect(stored.dimensions).toEqual({ width: 400, height: 400 });
  });

  it('reads stored effects that still carry slashes', () => {
    const stored = UploadedImage.fromJSON({ ...payload, effects: ['/preview/800x600/'] });
    expect(stored.effects).toEqual(['preview/800x600']);
    expect(stored.cdnUrl).toBe('https://ucarecdn.com/img-uuid/-/preview/800x600/solar%20farm.jpg');
  });

  it.each([
    ['original_width 0', { ...payload, original_width: 0 }, 'original_width must be a number greater than 0'],
    ['a missing original_height', { ...payload, original_height: undefined }, 'original_height must be a number greater than 0'],
    ['a negative original_height', { ...payload, original_height: -3 }, 'original_height must be a number greater than 0'],
    ['effects that are not a list', { ...payload, effects: 'preview' }, 'effects must be a list'],
    ['an empty effect', { ...payload, effects: [''] }, 'effects must be non-empty strings'],
    ['an effect that is not text', { ...payload, effects: [1] }, 'effects must be non-empty strings'],
    ['a broken file field', { ...payload, uuid: '' }, 'uuid must be a non-empty string'],
  ])('rejects %s', (_what, value, issue) => {
    expect(isStoredImagePayload(value)).toBe(false);
    expect(() => UploadedImage.fromJSON(value)).toThrow(MediaPayloadError);
    expect(() => UploadedImage.fromJSON(value)).toThrow(issue);
  });

  it.each([
    ['without a caption or effects', payload],
    ['with a caption', { ...payload, 'prezly:data': { caption: 'Panels in Zeeland' } }],
    ['with effects', { ...payload, effects: ['preview/800x600', 'format/webp'] }],
  ])('survives a JSON round trip %s', (_what, stored) => {
    const again = UploadedImage.fromJSON(JSON.parse(JSON.stringify(UploadedImage.fromJSON(stored))));
    expect(again.toJSON()).toEqual(stored);
  });

  it('stores the effects it gained', () => {
    expect(image().resize(800).format('webp').toJSON()).toMatchObject({ version: 2, effects: ['resize/800x', 'format/webp'] });
  });

  it('keeps the caption through effects', () => {
    const captioned = UploadedImage.fromJSON(payload, { caption: 'Panels' }).resize(800);
    expect(captioned.caption).toBe('Panels');
    expect(captioned.toJSON()['prezly:data']).toEqual({ caption: 'Panels' });
  });
});

describe('UploadedImage from the upload widget', () => {
  const info = {
    uuid: 'w-uuid',
    name: 'photo.png',
    originalFilename: 'Photo.PNG',
    mimeType: 'image/png',
    size: 1000,
    cdnUrl: 'https://ucarecdn.com/w-uuid/',
    imageInfo: { width: 1200, height: 800, format: 'PNG', sequence: false },
  };

  it('reads the original size from the image info', () => {
    const widgetImage = UploadedImage.fromUploadWidget(info, { caption: 'A photo' });
    expect(widgetImage).toMatchObject({ uuid: 'w-uuid', filename: 'photo.png', originalWidth: 1200, originalHeight: 800, caption: 'A photo', effects: [] });
  });

  it('accepts the older widget field originalImageInfo', () => {
    const { imageInfo: _dropped, ...rest } = info;
    expect(UploadedImage.fromUploadWidget({ ...rest, originalImageInfo: { width: 10, height: 20 } }).dimensions).toEqual({ width: 10, height: 20 });
  });

  it('keeps the effects chosen in the widget', () => {
    const widgetImage = UploadedImage.fromUploadWidget({ ...info, cdnUrlModifiers: '-/crop/600x400/0,0/-/preview/' });
    expect(widgetImage.effects).toEqual(['crop/600x400/0,0', 'preview']);
    expect(widgetImage.dimensions).toEqual({ width: 600, height: 400 });
  });

  it.each([
    ['image info null (not an image)', { ...info, imageInfo: null }],
    ['no image info at all', { uuid: 'x', name: 'a.pdf', mimeType: 'application/pdf', size: 10 }],
  ])('refuses a payload with %s', (_what, given) => {
    expect(() => UploadedImage.fromUploadWidget(given)).toThrow(new Error('UploadcareImage was given a non-image FileInfo object'));
  });
});

describe('UploadedImage effects', () => {
  it.each([
    ['format', (i: UploadedImage) => i.format('webp'), 'format/webp', 4000, 3000],
    ['format with its default', (i: UploadedImage) => i.format(), 'format/auto', 4000, 3000],
    ['quality', (i: UploadedImage) => i.quality('better'), 'quality/better', 4000, 3000],
    ['preview with its default', (i: UploadedImage) => i.preview(), 'preview/2048x2048', 2048, 1536],
    ['preview', (i: UploadedImage) => i.preview(800, 800), 'preview/800x800', 800, 600],
    ['preview with only a height', (i: UploadedImage) => i.preview(null, 300), 'preview/3000x300', 400, 300],
    ['resize by width', (i: UploadedImage) => i.resize(1000), 'resize/1000x', 1000, 750],
    ['resize by height', (i: UploadedImage) => i.resize(null, 600), 'resize/x600', 800, 600],
    ['resize to both', (i: UploadedImage) => i.resize(500, 500), 'resize/500x500', 500, 500],
    ['crop', (i: UploadedImage) => i.crop(1000, 800), 'crop/1000x800/0,0', 1000, 800],
    ['crop at the centre', (i: UploadedImage) => i.crop(1000, 800, 'center'), 'crop/1000x800/center', 1000, 800],
    ['crop larger than the image', (i: UploadedImage) => i.crop(5000, 5000, { x: 0, y: 0 }), 'crop/5000x5000/0,0', 4000, 3000],
    ['scale_crop', (i: UploadedImage) => i.scaleCrop(600, 600), 'scale_crop/600x600', 600, 600],
    ['scale_crop at the centre', (i: UploadedImage) => i.scaleCrop(600, 600, true), 'scale_crop/600x600/center', 600, 600],
  ])('adds %s as one effect', (_what, apply, effect, width, height) => {
    const changed = apply(image());
    expect(changed.effects).toEqual([effect]);
    expect(changed.dimensions).toEqual({ width, height });
    expect(changed.cdnUrl).toBe(`https://ucarecdn.com/img-uuid/-/${effect}/solar%20farm.jpg`);
  });

  it('chains preview, crop and resize, each changing the size', () => {
    const previewed = image().preview(1000, 1000);
    const cropped = previewed.crop(500, 500, 'center');
    const resized = cropped.resize(250);
    expect([previewed, cropped, resized].map((step) => step.dimensions)).toEqual([
      { width: 1000, height: 750 },
      { width: 500, height: 500 },
      { width: 250, height: 250 },
    ]);
    expect(resized.cdnUrl).toBe('https://ucarecdn.com/img-uuid/-/preview/1000x1000/-/crop/500x500/center/-/resize/250x/solar%20farm.jpg');
  });

  it('gives a new image for every effect and leaves the old one unchanged', () => {
    const original = image();
    const before = original.cdnUrl;
    const resized = original.resize(800);
    expect(resized).not.toBe(original);
    expect(original.effects).toEqual([]);
    expect(original.dimensions).toEqual({ width: 4000, height: 3000 });
    expect(original.cdnUrl).toBe(before);
    expect(resized.effects).toEqual(['resize/800x']);
  });

  it('branches from one image without the branches seeing each other', () => {
    const base = image().preview(2000, 2000);
    const small = base.resize(100);
    const wide = base.scaleCrop(1600, 900);
    expect(small.effects).toEqual(['preview/2000x2000', 'resize/100x']);
    expect(wide.effects).toEqual(['preview/2000x2000', 'scale_crop/1600x900']);
    expect(base.effects).toEqual(['preview/2000x2000']);
  });

  it('is frozen, effects list included', () => {
    const frozen = image().resize(10);
    expect(Object.isFrozen(frozen)).toBe(true);
    expect(Object.isFrozen(frozen.effects)).toBe(true);
    expect(() => (frozen.effects as string[]).push('format/png')).toThrow(TypeError);
  });

  it.each([
    ['a JPEG', () => image()],
    ['a GIF', () => gif()],
  ])('refuses to resize %s without width and height', (_what, make) => {
    expect(() => make().resize(null, null)).toThrow(new Error('At least one function argument has to be non-null'));
  });

  it.each([
    ['preview()', (i: UploadedImage) => i.preview()],
    ['preview(100, 100)', (i: UploadedImage) => i.preview(100, 100)],
    ['resize(100)', (i: UploadedImage) => i.resize(100)],
    ['resize(null, 100)', (i: UploadedImage) => i.resize(null, 100)],
    ['resize(100, 100)', (i: UploadedImage) => i.resize(100, 100)],
  ])('returns a GIF unchanged from %s (resizing would drop the animation)', (_what, apply) => {
    const original = gif();
    const result = apply(original);
    expect(result).toBe(original);
    expect(result.effects).toEqual([]);
    expect(result.dimensions).toEqual({ width: 480, height: 270 });
  });

  it.each([
    ['image/gif', true],
    ['image/jpeg', false],
    ['image/png', false],
  ])('says whether %s is a GIF', (mimeType, isGif) => {
    expect(UploadedImage.fromJSON({ ...payload, mime_type: mimeType }).isGif()).toBe(isGif);
  });
});

describe('UploadedImage pixel limit', () => {
  it('is 78,643,200 pixels', () => {
    expect(MAX_IMAGE_AREA).toBe(78_643_200);
  });

  it.each([
    ['well within the limit', 4000, 3000, true],
    ['exactly at the limit', 10_240, 7_680, true],
    ['exactly at the limit, one pixel row', 78_643_200, 1, true],
    ['one pixel above the limit', 78_643_201, 1, false],
    ['one row above the limit', 10_240, 7_681, false],
  ])('an image %s (%i × %i) is valid: %s', (_what, width, height, valid) => {
    expect(isImageAreaValid(width, height)).toBe(valid);
    expect(UploadedImage.fromJSON({ ...payload, original_width: width, original_height: height }).isSizeValid()).toBe(valid);
  });

  it('judges the result of effects too: an upscale past the limit is invalid', () => {
    const upscaled = image().resize(12_000, 7_000);
    expect(upscaled.width * upscaled.height).toBeGreaterThan(MAX_IMAGE_AREA);
    expect(upscaled.isSizeValid()).toBe(false);
  });

  it('judges the original too: shrinking does not make an oversized upload processable', () => {
    const huge = UploadedImage.fromJSON({ ...payload, original_width: 20_000, original_height: 20_000 });
    expect(huge.resize(100).isSizeValid()).toBe(false);
  });
});

describe('UploadedImage addresses', () => {
  it('has a download address with its effects, the inline/no flag and the sanitised name', () => {
    const named = UploadedImage.fromJSON({ ...payload, filename: 'press: photo?.jpg' }).resize(800);
    expect(named.downloadUrl).toBe('https://ucarecdn.com/img-uuid/-/resize/800x/-/inline/no/press_%20photo_.jpg');
  });

  it('has a download address without effects', () => {
    expect(image().downloadUrl).toBe('https://ucarecdn.com/img-uuid/-/inline/no/solar%20farm.jpg');
  });

  it.each([
    ['constructed with', () => UploadedImage.fromJSON(payload, { cdn: '/media' })],
    ['switched to', () => image().withCdn('/media')],
  ])('uses the CDN root it was %s, also after effects', (_what, make) => {
    const local = make().preview(800, 800);
    expect(local.cdnUrl).toBe('/media/img-uuid/-/preview/800x800/solar%20farm.jpg');
    expect(local.downloadUrl).toBe('/media/img-uuid/-/preview/800x800/-/inline/no/solar%20farm.jpg');
  });

  it('gives a new image with another caption and leaves the old one unchanged', () => {
    const original = image();
    const captioned = original.withCaption('Caption');
    expect(captioned.caption).toBe('Caption');
    expect(original.caption).toBeUndefined();
  });
});

describe('UploadedImage to video', () => {
  it('converts a GIF', () => {
    const video = gif().toVideo();
    expect(video).toBeInstanceOf(GifVideo);
    expect(video.uuid).toBe('gif-uuid');
  });

  it.each(['image/jpeg', 'image/png', 'image/webp'])('refuses to convert %s', (mimeType) => {
    const still = UploadedImage.fromJSON({ ...payload, mime_type: mimeType });
    expect(() => still.toVideo()).toThrow(new Error(`You can only convert a GIF to video. Given: "${mimeType}".`));
  });
});
