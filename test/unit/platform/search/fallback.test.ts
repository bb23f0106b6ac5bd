import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchBackend } from '#src/domain/ports';
import type { FacetValueHit, SearchQuery, SearchResults } from '#src/domain/search-query';
import { SearchEngineError } from '#src/platform/search/errors';
import { FallbackSearchBackend, SEARCH_FALLBACK_NOTICE } from '#src/platform/search/fallback';
import { query } from './factories';

const D1_RESULTS: SearchResults = {
  hits: [{ uuid: 'd1', slug: 'from-d1', locale: 'en', title: 'From D1', highlightedTitle: 'From D1', snippet: '', published_at: 0 }],
  total: 1,
  facets: { category: [], year: [], month: [] },
};
const ENGINE_RESULTS: SearchResults = { ...D1_RESULTS, hits: [{ ...D1_RESULTS.hits[0]!, uuid: 'engine', slug: 'from-engine' }] };

function backend(search: (query: SearchQuery) => Promise<SearchResults>, facetValues: readonly FacetValueHit[] = []): SearchBackend & { calls: number } {
  const wrapped = {
    calls: 0,
    search(input: SearchQuery) {
      wrapped.calls += 1;
      return search(input);
    },
    async searchFacetValues() {
      wrapped.calls += 1;
      // Answers like search does: a failing engine fails both ways.
      await search(query());
      return facetValues;
    },
  };
  return wrapped;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('FallbackSearchBackend', () => {
  it('answers from the engine when it answers, without asking D1 or logging', async () => {
    const d1 = backend(async () => D1_RESULTS);

    const results = await new FallbackSearchBackend(backend(async () => ENGINE_RESULTS), d1).search(query());

    expect(results).toEqual(ENGINE_RESULTS);
    expect(results.fellBack).toBeUndefined();
    expect(d1.calls).toBe(0);
  });

  it('logs an engine failure as one JSON line and answers from D1 with the fallback notice', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const engine = backend(async () => {
      throw new SearchEngineError('meilisearch', 'Request to https://search.example.com/multi-search has failed: The provided API key is invalid.', 403, 'invalid_api_key');
    });

    const results = await new FallbackSearchBackend(engine, backend(async () => D1_RESULTS)).search(query());

    expect(results).toEqual({ ...D1_RESULTS, fellBack: true, notice: SEARCH_FALLBACK_NOTICE });
    expect(SEARCH_FALLBACK_NOTICE).toBe('search.fallback_notice');
    expect(log).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(log.mock.calls[0]![0]))).toEqual({
      event: 'search_fallback',
      backend: 'meilisearch',
      reason: 'error',
      status: 403,
      code: 'invalid_api_key',
      message: 'Request to https://search.example.com/multi-search has failed: The provided API key is invalid.',
    });
  });

  it('answers from D1 when the engine does not answer within the timeout', async () => {
    vi.useFakeTimers();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const hung = backend(() => new Promise<SearchResults>(() => undefined));

    const pending = new FallbackSearchBackend(hung, backend(async () => D1_RESULTS), { name: 'algolia' }).search(query());
    await vi.advanceTimersByTimeAsync(3000);

    expect(await pending).toMatchObject({ hits: D1_RESULTS.hits, fellBack: true, notice: SEARCH_FALLBACK_NOTICE });
    expect(JSON.parse(String(log.mock.calls[0]![0]))).toMatchObject({ backend: 'algolia', reason: 'timeout', status: null, message: 'no answer within 3000 ms' });
  });

  it('still waits for an engine that answers just before the timeout', async () => {
    vi.useFakeTimers();
    const slow = backend(() => new Promise<SearchResults>((resolve) => setTimeout(() => resolve(ENGINE_RESULTS), 2900)));

    const pending = new FallbackSearchBackend(slow, backend(async () => D1_RESULTS)).search(query());
    await vi.advanceTimersByTimeAsync(2900);

    expect(await pending).toEqual(ENGINE_RESULTS);
  });

  it('lets an engine that fails after the timeout fail quietly (no unhandled rejection)', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const late = backend(() => new Promise<SearchResults>((_, reject) => setTimeout(() => reject(new Error('late failure')), 5000)));

    const pending = new FallbackSearchBackend(late, backend(async () => D1_RESULTS), { timeoutMs: 100 }).search(query());
    await vi.advanceTimersByTimeAsync(100);
    expect((await pending).fellBack).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
  });

  it('lets a D1 failure through: there is nothing behind it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = backend(async () => {
      throw new Error('engine down');
    });

    await expect(new FallbackSearchBackend(failing, backend(async () => Promise.reject(new Error('D1 down')))).search(query())).rejects.toThrow('D1 down');
  });

  it('answers facet-value search the same way: the engine when it answers, D1 when it fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const engineValues = [{ value: 'Products', count: 3, highlighted: 'Products' }];
    const d1Values = [{ value: 'Produits', count: 1, highlighted: 'Produits' }];
    const input = { facet: 'categories' as const, facetQuery: 'pro', query: query() };

    expect(await new FallbackSearchBackend(backend(async () => ENGINE_RESULTS, engineValues), backend(async () => D1_RESULTS, d1Values)).searchFacetValues(input)).toEqual(engineValues);
    expect(log).not.toHaveBeenCalled();

    const down = backend(async () => Promise.reject(new SearchEngineError('meilisearch', 'down', 503, null)));
    expect(await new FallbackSearchBackend(down, backend(async () => D1_RESULTS, d1Values)).searchFacetValues(input)).toEqual(d1Values);
    expect(JSON.parse(String(log.mock.calls[0]![0]))).toMatchObject({ event: 'search_fallback', backend: 'meilisearch', reason: 'error', status: 503 });
  });
});
