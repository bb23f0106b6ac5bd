/**
 * The fake Meilisearch and Algolia APIs (test/fixtures/fake-search-engines.ts) standing in for the
 * engines inside workerd, holding the documents the index sync builds from the same fixture
 * content as the D1 seed. workerd cannot start the Node HTTP servers of fake-search-servers.ts,
 * so the global fetch, which both official clients call, is routed to the fakes by origin: the
 * adapters run their real client code, and any other fetch fails the test.
 */
import { env } from 'cloudflare:workers';
import { vi } from 'vitest';
import { ALGOLIA_INDEX_SETTINGS, MEILISEARCH_INDEX_SETTINGS, type SearchDocument } from '#src/platform/search/documents';
import { createFakeAlgolia, createFakeMeilisearch, type FakeEngineBase } from '../../fixtures/fake-search-engines';

declare global {
  namespace Cloudflare {
    interface Env {
      /** scripts/build/build-test-seed.ts: buildSearchDocuments over the bundle the D1 seed comes from. */
      TEST_SEARCH_DOCUMENTS: SearchDocument[];
    }
  }
}

export const MEILISEARCH_HOST = 'http://meilisearch.test';
export const ALGOLIA_HOST = 'http://algolia.test';
export const SEARCH_INDEX = 'stories';

export interface EngineStandIns {
  readonly meilisearch: FakeEngineBase;
  readonly algolia: FakeEngineBase;
}

/** Both fake engines holding the fixture's documents, answering the worker's fetches to their hosts. */
export function startEngineStandIns(): EngineStandIns {
  const documents = env.TEST_SEARCH_DOCUMENTS as unknown as Record<string, unknown>[];
  const meilisearch = createFakeMeilisearch();
  meilisearch.seed(SEARCH_INDEX, documents, MEILISEARCH_INDEX_SETTINGS);
  const algolia = createFakeAlgolia();
  algolia.seed(SEARCH_INDEX, documents, ALGOLIA_INDEX_SETTINGS);
  const byOrigin = new Map<string, FakeEngineBase>([
    [MEILISEARCH_HOST, meilisearch],
    [ALGOLIA_HOST, algolia],
  ]);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const engine = byOrigin.get(url.origin);
    // No network: anything else fetched would be a test that passes by accident.
    if (!engine) throw new Error(`unexpected fetch to ${url.href}`);
    return engine.fetch(input, init);
  });
  return { meilisearch, algolia };
}

/** The engine's search requests (multi-search / multi-query), with the queries each carried. */
export function searchesSent(engine: FakeEngineBase): unknown[][] {
  return engine.requests
    .filter((request) => request.method === 'POST' && (request.pathname === '/multi-search' || request.pathname === '/1/indexes/*/queries'))
    .map((request) => {
      const body = request.body as { queries?: unknown[]; requests?: unknown[] };
      return body.queries ?? body.requests ?? [];
    });
}
