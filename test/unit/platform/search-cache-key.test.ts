import { expect, test } from 'vitest';
import type { SearchQuery } from '#src/domain/search-query';
import { searchCacheKey } from '#src/platform/kv/search-cache';

const query: SearchQuery = { text: 'Wind', locale: 'en', categoryId: null, year: null, month: null, page: 1, hitsPerPage: 20 } as SearchQuery;

test('a search cache key depends on the revision, the query and the backend that answers', async () => {
  const base = await searchCacheKey(7, query, 'd1:stories');
  expect(base).toMatch(/^search:7:[0-9a-f]{64}$/);
  expect(await searchCacheKey(7, { ...query, text: 'wind' }, 'd1:stories')).toBe(base);
  expect(await searchCacheKey(8, query, 'd1:stories')).not.toBe(base);
  expect(await searchCacheKey(7, { ...query, page: 2 }, 'd1:stories')).not.toBe(base);
  expect(await searchCacheKey(7, query, 'meilisearch:stories')).not.toBe(base);
  expect(await searchCacheKey(7, query, 'd1:other-index')).not.toBe(base);
});
