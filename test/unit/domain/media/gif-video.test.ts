import { describe, expect, it } from 'vitest';
import { convertToVideo, GifVideo, UploadedImage, type StoredImagePayload } from '#src/domain/media/index';

const gifPayload: StoredImagePayload = {
  version: 2,
  uuid: 'gif-uuid',
  filename: 'dance move.gif',
  mime_type: 'image/gif',
  size: 6_500_000,
  original_width: 480,
  original_height: 270,
  effects: [],
};
const gif = (cdn?: string) => UploadedImage.fromJSON(gifPayload, { cdn });
const root = 'https://ucarecdn.com/gif-uuid';

describe('GifVideo creation', () => {
  it.each([
    ['GifVideo.fromImage', (image: UploadedImage) => GifVideo.fromImage(image)],
    ['convertToVideo', (image: UploadedImage) => convertToVideo(image)],
    ['image.toVideo', (image: UploadedImage) => image.toVideo()],
  ])('%s copies the GIF fields', (_what, make) => {
    const video = make(gif());
    expect(video).toMatchObject({
      uuid: 'gif-uuid',
      filename: 'dance move.gif',
      mimeType: 'image/gif',
      size: 6_500_000,
      width: 480,
      height: 270,
      effects: [],
    });
    expect(video.aspectRatio).toBeCloseTo(480 / 270);
  });

  it('has the size of the original GIF, as gif2video ignores image effects', () => {
    expect(gif().crop(100, 100).toVideo()).toMatchObject({ width: 480, height: 270 });
  });

  it.each(['image/png', 'image/jpeg', 'image/webp'])('GifVideo.fromImage refuses %s', (mimeType) => {
    const still = UploadedImage.fromJSON({ ...gifPayload, mime_type: mimeType });
    expect(() => GifVideo.fromImage(still)).toThrow(new Error(`Only GIF images are allowed. Given: "${mimeType}".`));
  });

  it('the constructor refuses anything but a GIF', () => {
    expect(() => new GifVideo({ uuid: 'u', filename: 'a.png', mimeType: 'image/png', size: 1, width: 1, height: 1 })).toThrow(
      new Error('Only GIF images are allowed. Given: "image/png".'),
    );
  });

  it.each(['image/png', 'image/jpeg'])('convertToVideo refuses %s', (mimeType) => {
    const still = UploadedImage.fromJSON({ ...gifPayload, mime_type: mimeType });
    expect(() => convertToVideo(still)).toThrow(new Error(`You can only convert a GIF to video. Given: "${mimeType}".`));
  });
});

describe('GifVideo addresses', () => {
  it.each([
    ['no effects', (video: GifVideo) => video, `${root}/gif2video/dance%20move.gif`],
    ['mp4', (video: GifVideo) => video.format('mp4'), `${root}/gif2video/-/format/mp4/dance%20move.gif`],
    ['webm', (video: GifVideo) => video.format('webm'), `${root}/gif2video/-/format/webm/dance%20move.gif`],
    ['quality then format', (video: GifVideo) => video.quality('best').format('webm'), `${root}/gif2video/-/quality/best/-/format/webm/dance%20move.gif`],
  ])('uses the gif2video segment with %s', (_what, apply, expected) => {
    expect(apply(gif().toVideo()).cdnUrl).toBe(expected);
  });

  it('lists a webm and an mp4 source, webm first', () => {
    expect(gif().toVideo().sources()).toEqual([
      { type: 'video/webm', src: `${root}/gif2video/-/format/webm/dance%20move.gif` },
      { type: 'video/mp4', src: `${root}/gif2video/-/format/mp4/dance%20move.gif` },
    ]);
  });

  it('keeps a chosen quality in the sources but not an earlier format', () => {
    const sources = gif().toVideo().format('mp4').quality('lighter').sources();
    expect(sources.map((source) => source.src)).toEqual([
      `${root}/gif2video/-/quality/lighter/-/format/webm/dance%20move.gif`,
      `${root}/gif2video/-/quality/lighter/-/format/mp4/dance%20move.gif`,
    ]);
  });

  it('has a still poster of the GIF', () => {
    expect(gif().toVideo().posterUrl).toBe(`${root}/-/format/jpeg/dance%20move.gif`);
  });

  it('uses the CDN root of its image', () => {
    const video = gif('/media').toVideo();
    expect(video.sources()[1]).toEqual({ type: 'video/mp4', src: '/media/gif-uuid/gif2video/-/format/mp4/dance%20move.gif' });
    expect(video.posterUrl).toBe('/media/gif-uuid/-/format/jpeg/dance%20move.gif');
  });

  it('gives a new video for every effect and leaves the old one unchanged', () => {
    const video = gif().toVideo();
    const mp4 = video.format('mp4');
    expect(mp4).not.toBe(video);
    expect(video.effects).toEqual([]);
    expect(mp4.effects).toEqual(['format/mp4']);
    expect(Object.isFrozen(video)).toBe(true);
  });
});
