import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { ResponsiveImage } from '#src/views/components/image';

const photo = { version: 2, uuid: '0b7e1a2c-3d4e-4f50-8a6b-7c8d9e0f1a2b', filename: 'solar farm.jpg', mime_type: 'image/jpeg', size: 1000, original_width: 1600, original_height: 900, effects: [] };

test('a photo gets src, a srcset with 1x and 2x from the media model, sizes and intrinsic dimensions', () => {
  const html = renderToStaticMarkup(<ResponsiveImage image={photo} mediaRoot="/media" width={400} sizes="400px" alt="Solar farm" />);
  expect(html).toContain('src="/media/0b7e1a2c-3d4e-4f50-8a6b-7c8d9e0f1a2b/-/resize/400x/solar%20farm.jpg"');
  expect(html).toContain('srcSet="/media/0b7e1a2c-3d4e-4f50-8a6b-7c8d9e0f1a2b/-/resize/400x/solar%20farm.jpg 400w, /media/0b7e1a2c-3d4e-4f50-8a6b-7c8d9e0f1a2b/-/resize/800x/solar%20farm.jpg 800w"');
  expect(html).toContain('width="400" height="225"');
  expect(html).toContain('loading="lazy"');
});

test('an image narrower than twice the layout width gets no 2x entry', () => {
  const html = renderToStaticMarkup(<ResponsiveImage image={photo} mediaRoot="https://ucarecdn.com" width={1200} sizes="100vw" alt="" />);
  expect(html).not.toContain('2400w');
  expect(html).toContain('https://ucarecdn.com/0b7e1a2c-3d4e-4f50-8a6b-7c8d9e0f1a2b/-/resize/1200x/solar%20farm.jpg 1200w"');
});

test('an animated GIF becomes a muted, looping, autoplaying video with webm and mp4 sources', () => {
  const gif = { ...photo, filename: 'anim.gif', mime_type: 'image/gif', original_width: 480, original_height: 270 };
  const html = renderToStaticMarkup(<ResponsiveImage image={gif} mediaRoot="/media" width={800} sizes="800px" alt="Animation" />);
  expect(html).toMatch(/^<video[^>]*autoPlay=""[^>]*muted=""[^>]*loop=""[^>]*playsInline=""/);
  expect(html).toContain('type="video/webm"');
  expect(html).toContain('type="video/mp4"');
  expect(html).toContain('/gif2video/');
  expect(html).toContain('width="480" height="270"');
});
