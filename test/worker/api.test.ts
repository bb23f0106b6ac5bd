// POST /api/fetch-stories and /api/fetch-galleries: the load-more contract, and bad input → 400 {message}.
import { SELF } from 'cloudflare:test';
import { expect, test } from 'vitest';

const post = (path: string, body: unknown) =>
  SELF.fetch(`https://news.test.example/api/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

test('fetch-stories returns the next page of the homepage grid without the highlighted story', async () => {
  const response = await post('fetch-stories', { page: 2, pageSize: 12, withHighlightedStory: true, localeCode: 'en' });
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toContain('application/json');
  const { stories } = (await response.json()) as { stories: { slug: string }[] };
  expect(stories.map((story) => story.slug)).toHaveLength(3);
  expect(stories.map((story) => story.slug)).not.toContain('english-story-03');
});

test('story payloads are allowlisted view models', async () => {
  const { stories } = (await (await post('fetch-stories', { page: 1, pageSize: 1 })).json()) as { stories: Record<string, unknown>[] };
  expect(Object.keys(stories[0]!).sort()).toEqual(['categories', 'locale', 'published_at', 'slug', 'subtitle', 'summary', 'thumbnail_image', 'title', 'url', 'uuid']);
  expect(JSON.stringify(stories)).not.toContain('jane@acme.example');
});

test('fetch-stories filters by category (object with id, or slug) and language', async () => {
  const byId = (await (await post('fetch-stories', { page: 1, pageSize: 50, category: { id: 2 } })).json()) as { stories: { slug: string }[] };
  expect(byId.stories.map((story) => story.slug)).toEqual(['english-story-03']);
  const bySlug = (await (await post('fetch-stories', { page: 1, pageSize: 50, category: 'produits', localeCode: 'fr' })).json()) as { stories: { slug: string }[] };
  expect(bySlug.stories.map((story) => story.slug)).toEqual(['histoire-francaise-03']);
});

test('a huge page size is capped', async () => {
  const { stories } = (await (await post('fetch-stories', { page: 1, pageSize: 1_000_000 })).json()) as { stories: unknown[] };
  expect(stories.length).toBeLessThanOrEqual(48);
  expect(stories).toHaveLength(16);
});

test('fetch-galleries returns non-empty galleries with counts', async () => {
  const response = await post('fetch-galleries', { page: 1, pageSize: 6 });
  expect(response.status).toBe(200);
  const { galleries } = (await response.json()) as { galleries: { title: string; images_number: number; videos_number: number }[] };
  expect(galleries).toEqual([expect.objectContaining({ title: 'Launch day', images_number: 2, videos_number: 2 })]);
});

test.each([
  ['fetch-stories', '{not json'],
  ['fetch-stories', '"a string"'],
  ['fetch-stories', { page: 0 }],
  ['fetch-stories', { page: -1 }],
  ['fetch-stories', { page: 1.5 }],
  ['fetch-stories', { page: '2' }],
  ['fetch-stories', { pageSize: -5 }],
  ['fetch-stories', { pageSize: 0 }],
  ['fetch-stories', { page: 1e12 }],
  ['fetch-stories', { localeCode: 'xx' }],
  ['fetch-stories', { localeCode: 'x'.repeat(10_000) }],
  ['fetch-stories', { category: { id: 999 } }],
  ['fetch-stories', { category: 42 }],
  ['fetch-stories', { include: ['password'] }],
  ['fetch-stories', { unknown: true }],
  ['fetch-stories', { filterQuery: { status: 'draft' } }],
  ['fetch-galleries', { page: 'one' }],
  ['fetch-galleries', []],
  ['fetch-galleries', null],
])('%s with %j is a 400 with a message', async (path, body) => {
  const response = await post(path, body);
  expect(response.status).toBe(400);
  const json = (await response.json()) as { message: string };
  expect(json.message).toEqual(expect.any(String));
  expect(json.message.length).toBeGreaterThan(0);
});
