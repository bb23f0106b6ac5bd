// POST /api/fetch-stories and /api/fetch-galleries: the load-more contract, and bad input → 400 {message}.
import { expect, test } from 'vitest';
import { request } from '../request';

const post = (path: string, body: unknown) =>
  request(`https://news.test.example/api/${path}`, {
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

test('include names the optional card fields to send; without it every field is sent', async () => {
  const only = (await (await post('fetch-stories', { page: 1, pageSize: 1, include: ['subtitle'] })).json()) as { stories: Record<string, unknown>[] };
  expect(Object.keys(only.stories[0]!).sort()).toEqual(['locale', 'published_at', 'slug', 'subtitle', 'title', 'url', 'uuid']);
  const none = (await (await post('fetch-stories', { page: 1, pageSize: 1, include: [] })).json()) as { stories: Record<string, unknown>[] };
  expect(Object.keys(none.stories[0]!).sort()).toEqual(['locale', 'published_at', 'slug', 'title', 'url', 'uuid']);
  const unknown = await post('fetch-stories', { page: 1, include: ['body_html'] });
  expect(unknown.status).toBe(400);
});

test.each([
  ['category.id with $any', { 'category.id': { $any: [2] } }, ['english-story-03'], 1],
  ['tags.name with $in', { 'tags.name': { $in: ['launch'] } }, ['english-story-03'], 1],
  ['locale with $in, across languages', { locale: { $in: ['fr', 'ar'] } }, null, 3],
  ['fields combine with AND', { 'category.id': { $in: [1] }, 'tags.name': { $any: ['launch', 'nothing'] } }, ['english-story-03'], 1],
  ['no match', { 'tags.name': { $in: ['no-such-tag'] } }, [], 0],
])('filterQuery: %s', async (_name, filterQuery, slugs, total) => {
  const response = await post('fetch-stories', { page: 1, pageSize: 50, filterQuery });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { stories: { slug: string; locale: string }[]; total: number };
  expect(body.total).toBe(total);
  expect(body.stories).toHaveLength(total);
  if (slugs) expect(body.stories.map((story) => story.slug)).toEqual(slugs);
  else expect(new Set(body.stories.map((story) => story.locale))).toEqual(new Set(['fr', 'ar']));
});

test('filterQuery pages through its matches with the total of all of them', async () => {
  const first = (await (await post('fetch-stories', { page: 1, pageSize: 2, filterQuery: { 'category.id': { $in: [1] } } })).json()) as { stories: { slug: string }[]; total: number };
  const second = (await (await post('fetch-stories', { page: 2, pageSize: 2, filterQuery: { 'category.id': { $in: [1] } } })).json()) as { stories: { slug: string }[]; total: number };
  expect(first.total).toBe(15);
  expect(second.total).toBe(15);
  expect(first.stories).toHaveLength(2);
  expect(second.stories.map((story) => story.slug)).not.toContain(first.stories[0]!.slug);
});

test.each([
  [{ status: { $in: ['draft'] } }, 'filterQuery: "status" is not supported (supported: category.id, tags.name, locale)'],
  [{ 'category.id': { $eq: 1 } }, 'filterQuery.category.id: operator "$eq" is not supported (supported: $in, $any)'],
  [{ 'category.id': 1 }, 'filterQuery.category.id: must be an object such as {"$in": [...]}'],
  [{ 'category.id': { $in: [] } }, 'filterQuery.category.id.$in: must be a non-empty list'],
  [{ 'category.id': { $in: ['1'] } }, 'filterQuery.category.id: values must be category ids (positive whole numbers)'],
  [{ locale: { $in: ['de'] } }, 'filterQuery.locale: unknown locale "de"'],
  [{ $or: [] }, 'filterQuery: "$or" is not supported (supported: category.id, tags.name, locale)'],
])('an unsupported filterQuery %j is a 400 naming the part', async (filterQuery, message) => {
  const response = await post('fetch-stories', { page: 1, filterQuery });
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ message });
});

test.each([
  ['GET', 'fetch-stories', 405],
  ['DELETE', 'fetch-galleries', 405],
  ['GET', 'nope', 404],
  ['POST', 'nope', 404],
  ['GET', 'nope/deeper', 404],
])('%s /api/%s answers JSON {message} with %i', async (method, path, status) => {
  const response = await request(`https://news.test.example/api/${path}`, { method });
  expect(response.status).toBe(status);
  expect(response.headers.get('Content-Type')).toContain('application/json');
  const body = (await response.json()) as { message: unknown };
  expect(Object.keys(body)).toEqual(['message']);
  expect(typeof body.message).toBe('string');
});
