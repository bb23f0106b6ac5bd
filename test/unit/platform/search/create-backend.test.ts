import { describe, expect, it, vi } from 'vitest';
import type { SearchBackend } from '#src/domain/ports';
import type { SearchResults } from '#src/domain/search-query';
import { AlgoliaSearchBackend } from '#src/platform/search/algolia-backend';
import { composeSearchBackend, createEngineBackend } from '#src/platform/search/create-backend';
import { FallbackSearchBackend } from '#src/platform/search/fallback';
import { MeilisearchSearchBackend } from '#src/platform/search/meilisearch-backend';
import { readSearchSettings } from '#src/config/search';
import { query } from './factories';

const EMPTY: SearchResults = { hits: [], total: 0, facets: { category: [], year: [], month: [] } };

describe('createEngineBackend', () => {
  it('makes no engine for D1, and the configured adapter otherwise', () => {
    expect(createEngineBackend(readSearchSettings({}))).toBeNull();
    expect(createEngineBackend(readSearchSettings({ SEARCH_BACKEND: 'meilisearch', SEARCH_HOST: 'https://search.example.com', SEARCH_API_KEY: 'key' }))).toBeInstanceOf(MeilisearchSearchBackend);
    const algolia = createEngineBackend(readSearchSettings({ SEARCH_BACKEND: 'algolia', SEARCH_APP_ID: 'APPID', SEARCH_API_KEY: 'key' }));
    expect(algolia).toBeInstanceOf(AlgoliaSearchBackend);
    expect(algolia!.name).toBe('algolia');
  });
});

describe('composeSearchBackend', () => {
  const cache = (inner: SearchBackend): SearchBackend => ({
    search: (input) => inner.search(input).then((results) => ({ ...results, total: results.total + 100 })),
    searchFacetValues: (input) => inner.searchFacetValues(input),
  });
  const noFacetValues = async () => [];

  it('caches D1 alone when no engine is configured', async () => {
    const d1 = { search: vi.fn(async () => EMPTY), searchFacetValues: noFacetValues };
    const composed = composeSearchBackend({ engine: null, d1, cache });
    expect(composed).not.toBeInstanceOf(FallbackSearchBackend);
    expect((await composed.search(query())).total).toBe(100);
  });

  it('puts the cache inside the fallback, so a fallback answer is never cached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const d1 = { search: vi.fn(async () => EMPTY), searchFacetValues: noFacetValues };
    const engine = { name: 'meilisearch', search: vi.fn(async () => Promise.reject(new Error('down'))), searchFacetValues: noFacetValues };

    const results = await composeSearchBackend({ engine, d1, cache }).search(query());

    // D1's answer did not pass through the cache wrapper (its total would be 100).
    expect(results).toMatchObject({ total: 0, fellBack: true });
    expect(engine.search).toHaveBeenCalledTimes(1);
  });
});
