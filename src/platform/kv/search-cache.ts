/**
 * Search results cached in KV per query (SPEC.md section 9). The key holds the content revision,
 * so an import makes every cached result unreachable at once: nothing is purged by hand.
 */
import type { SearchBackend } from '#src/domain/ports';
import type { SearchQuery, SearchResults } from '#src/domain/search-query';

export const SEARCH_CACHE_TTL_SECONDS = 3600;

export async function searchCacheKey(revision: number, query: SearchQuery): Promise<string> {
  const canonical = JSON.stringify([query.text.toLowerCase(), query.locale, query.categoryId, query.year, query.month, query.page, query.hitsPerPage]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `search:${revision}:${hex}`;
}

export class CachedSearchBackend implements SearchBackend {
  constructor(
    private readonly inner: SearchBackend,
    private readonly kv: KVNamespace,
    private readonly revision: number,
  ) {}

  async search(query: SearchQuery): Promise<SearchResults> {
    const key = await searchCacheKey(this.revision, query);
    const cached = await this.kv.get<SearchResults>(key, 'json');
    if (cached) return cached;
    const results = await this.inner.search(query);
    await this.kv.put(key, JSON.stringify(results), { expirationTtl: SEARCH_CACHE_TTL_SECONDS });
    return results;
  }
}
