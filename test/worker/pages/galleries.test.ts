import { expect, test } from 'vitest';
import { cacheRules } from '#src/http/cache-rules';
import { get } from '../request';

const LAUNCH = '6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const EMPTY = '7b1f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

test('the media index lists non-empty galleries with image and video counts', async () => {
  const response = await get('/media');
  expect(response.status).toBe(200);
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.page);
  const html = await response.text();
  expect(html).toContain('<h1 id="galleries-title">Media gallery</h1>');
  expect(html).toContain(`href="/media/album/${LAUNCH}"`);
  expect(html).toContain('2 images, 2 videos');
  expect(html).not.toContain(EMPTY);
});

test('counts follow each language’s plural rules', async () => {
  expect(await (await get('/fr/media')).text()).toContain('2 images et 2 vidéos');
  expect(await (await get('/ar/media')).text()).toContain('صورتان ومقطعا فيديو');
});

test('a gallery shows every image with its caption, a download link and a deep-link id', async () => {
  const html = await (await get(`/media/album/${LAUNCH}`)).text();
  expect(html).toContain('<h1 id="gallery-title">Launch day</h1>');
  const ids = [...html.matchAll(/id="gallery-image-([0-9a-f-]{36})"/g)].map((match) => match[1]);
  expect(ids).toHaveLength(2);
  expect(html).toContain('The launch');
  expect(html.match(/\/-\/inline\/no\/[^"]+"/g)).toHaveLength(2);
  expect(html).toContain('href="https://www.youtube.com/watch?v=abc123"');
});

test.each([`/media/album/${EMPTY}`, '/media/album/00000000-0000-4000-8000-000000000000', '/media/album/not-a-uuid', '/media?page=2', '/xx/media'])(
  '%s is a 404',
  async (path) => {
    expect((await get(path)).status).toBe(404);
  },
);

test('the navigation links the media gallery when there is one', async () => {
  expect(await (await get('/')).text()).toContain('href="/media"');
});

test('a body image carries an image-{uuid} id for hash deep links', async () => {
  expect(await (await get('/english-story-03')).text()).toMatch(/<figure class="story-image" id="image-[0-9a-f-]{36}">/);
});

test('a gallery’s JSON alternate carries validators like a story’s, and a matching copy earns a 304', async () => {
  const response = await get(`/media/album/${LAUNCH}.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.page);
  const etag = response.headers.get('ETag');
  expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
  expect(response.headers.get('Last-Modified')).not.toBeNull();
  expect((await response.json()) as { uuid: string }).toMatchObject({ uuid: LAUNCH });
  const again = await get(`/media/album/${LAUNCH}.json`, { headers: { 'If-None-Match': etag! } });
  expect(again.status).toBe(304);
  expect(again.headers.get('ETag')).toBe(etag);
  expect(await again.text()).toBe('');
});
