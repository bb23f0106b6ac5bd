/**
 * Search results cached in KV per query (docs/spec-coverage.md section 9). The key holds the content revision,
 * so an import makes every cached result unreachable at once: nothing is purged by hand. The
 * cache is an optimisation, never a dependency: a KV read or write that fails is logged and the
 * search is answered by the backend behind it.
 */
import type { SearchBackend } from '#src/domain/ports';
import { describeError } from '#src/domain/errors';
import type { FacetValueHit, FacetValueQuery, SearchQuery, SearchResults } from '#src/domain/search-query';
import { sha256Hex } from '#src/domain/sha256';
import { logFailure } from '#src/log';

export const SEARCH_CACHE_TTL_SECONDS = 3600;

/**
 * `source` names what answers (backend and index): switching `SEARCH_BACKEND` or the index must
 * not serve the previous backend's results at the same content revision.
 */
export async function searchCacheKey(revision: number, query: SearchQuery, source = 'd1'): Promise<string> {
  const canonical = JSON.stringify([source, query.text.toLowerCase(), query.locale, query.categoryId, query.year, query.month, query.page, query.hitsPerPage]);
  return `search:${revision}:${await sha256Hex(canonical)}`;
}

export class CachedSearchBackend implements SearchBackend {
  constructor(
    private readonly inner: SearchBackend,
    private readonly kv: KVNamespace,
    private readonly revision: number,
    private readonly source = 'd1',
  ) {}

  async search(query: SearchQuery): Promise<SearchResults> {
    const key = await searchCacheKey(this.revision, query, this.source);
    try {
      const cached = await this.kv.get<SearchResults>(key, 'json');
      if (cached) return cached;
    } catch (error) {
      warn('get', error);
    }
    const results = await this.inner.search(query);
    try {
      await this.kv.put(key, JSON.stringify(results), { expirationTtl: SEARCH_CACHE_TTL_SECONDS });
    } catch (error) {
      warn('put', error);
    }
    return results;
  }

  /** Not cached: typed letters vary without end, and the page that shows them is cached whole. */
  searchFacetValues(input: FacetValueQuery): Promise<readonly FacetValueHit[]> {
    return this.inner.searchFacetValues(input);
  }
}

function warn(operation: string, error: unknown): void {
  logFailure('Search cache: KV failed; continuing without it', { operation, error: describeError(error) }, 'warn');
}
