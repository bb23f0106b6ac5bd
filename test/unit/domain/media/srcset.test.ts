import { describe, expect, it } from 'vitest';
import { imageAttributes, srcSet, srcSetEntries, UploadedImage, type StoredImagePayload } from '#src/domain/media/index';

const payload: StoredImagePayload = {
  version: 2,
  uuid: 'u',
  filename: 'wide.jpg',
  mime_type: 'image/jpeg',
  size: 1000,
  original_width: 2000,
  original_height: 1000,
  effects: [],
};
const image = (cdn?: string) => UploadedImage.fromJSON(payload, { cdn });
const url = (effect: string) => `https://ucarecdn.com/u/-/${effect}/wide.jpg`;

describe('srcSet', () => {
  it.each([
    ['a small width (double fits easily)', 400, [400, 800]],
    ['half the image width (double exactly as wide as the image)', 1000, [1000, 2000]],
    ['one pixel over half the image width', 1001, [1001]],
    ['the full image width', 2000, [2000]],
    ['a width above the image', 3000, [3000]],
  ])('for %s lists %j', (_what, width, widths) => {
    expect(srcSetEntries(image(), width)).toEqual(widths.map((w) => ({ url: url(`resize/${w}x`), width: w })));
  });

  it('writes entries as "url 400w, url 800w"', () => {
    expect(srcSet(image(), 400)).toBe(`${url('resize/400x')} 400w, ${url('resize/800x')} 800w`);
  });

  it('writes a single entry without a comma', () => {
    expect(srcSet(image(), 1500)).toBe(`${url('resize/1500x')} 1500w`);
  });

  it('measures the image after its effects', () => {
    const previewed = image().preview(800, 800);
    expect(srcSetEntries(previewed, 400).map((entry) => entry.width)).toEqual([400, 800]);
    expect(srcSetEntries(previewed, 600).map((entry) => entry.width)).toEqual([600]);
    expect(srcSet(previewed, 400)).toContain('https://ucarecdn.com/u/-/preview/800x800/-/resize/400x/wide.jpg 400w');
  });

  it('gives a GIF a single entry at its real width, since it is never resized', () => {
    const gif = UploadedImage.fromJSON({ ...payload, mime_type: 'image/gif', filename: 'a.gif' });
    expect(srcSet(gif, 400)).toBe('https://ucarecdn.com/u/a.gif 2000w');
  });

  it.each([0, -100, Number.NaN])('refuses width %s', (width) => {
    expect(() => srcSet(image(), width)).toThrow(RangeError);
  });
});

describe('imageAttributes', () => {
  it('sizes an image down to the layout width with a 2x entry', () => {
    expect(imageAttributes(image(), 800, '(max-width: 800px) 100vw, 800px')).toEqual({
      src: url('resize/800x'),
      srcSet: `${url('resize/800x')} 800w, ${url('resize/1600x')} 1600w`,
      sizes: '(max-width: 800px) 100vw, 800px',
      width: 800,
      height: 400,
    });
  });

  it('shows an image narrower than the layout at its own width', () => {
    expect(imageAttributes(image(), 3000, '100vw')).toMatchObject({ src: url('resize/2000x'), srcSet: `${url('resize/2000x')} 2000w`, width: 2000, height: 1000 });
  });

  it('uses the CDN root of the image', () => {
    expect(imageAttributes(image('/media'), 400, '400px').src).toBe('/media/u/-/resize/400x/wide.jpg');
  });

  it('leaves a GIF at its own size', () => {
    const gif = UploadedImage.fromJSON({ ...payload, mime_type: 'image/gif', filename: 'a.gif' });
    expect(imageAttributes(gif, 400, '400px')).toEqual({
      src: 'https://ucarecdn.com/u/a.gif',
      srcSet: 'https://ucarecdn.com/u/a.gif 2000w',
      sizes: '400px',
      width: 2000,
      height: 1000,
    });
  });
});
