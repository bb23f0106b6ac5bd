/**
 * Picks the request's search backend from the checked settings. D1 is the embedded default; with
 * an engine configured, the engine answers (its results cached per query) and D1 stands behind it
 * through FallbackSearchBackend. The order matters: the cache sits inside the fallback, so a
 * fallback answer (and its notice) is never cached for an hour after the engine recovers.
 */
import type { SearchBackend } from '#src/domain/ports';
import { AlgoliaSearchBackend } from './algolia-backend';
import type { EngineSearchBackend } from './engine-backend';
import { FallbackSearchBackend } from './fallback';
import { MeilisearchSearchBackend } from './meilisearch-backend';
import type { ResolvedSearchSettings } from '#src/config/search';

/** The engine adapter for these settings, or null when D1 is the backend. */
export function createEngineBackend(settings: ResolvedSearchSettings): EngineSearchBackend<unknown> | null {
  switch (settings.searchBackend) {
    case 'd1':
      return null;
    case 'meilisearch':
      // readSearchSettings guarantees host and key for this backend.
      return new MeilisearchSearchBackend({ host: settings.host!, apiKey: settings.apiKey!, indexName: settings.indexName });
    case 'algolia':
      return new AlgoliaSearchBackend({ appId: settings.appId!, apiKey: settings.apiKey!, host: settings.host, indexName: settings.indexName });
  }
}

export interface ComposeInput {
  readonly engine: SearchBackend | null;
  readonly d1: SearchBackend;
  /** Wraps a backend in the per-query result cache (CachedSearchBackend with the revision). */
  readonly cache: (inner: SearchBackend) => SearchBackend;
}

export function composeSearchBackend({ engine, d1, cache }: ComposeInput): SearchBackend {
  if (!engine) return cache(d1);
  return new FallbackSearchBackend(cache(engine), d1, { name: (engine as { name?: string }).name });
}
