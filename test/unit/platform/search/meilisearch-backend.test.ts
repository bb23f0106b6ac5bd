// The Meilisearch adapter's own part against a fake transport: the official client builds the
// requests, a fake fetch records them and answers with bodies shaped like the documented examples
// of the Meilisearch API reference (POST /multi-search, POST /indexes/{uid}/facet-search and the
// error object; read 2026-11-22). What every backend must answer alike is the conformance table
// (test/worker/search/backend-conformance.test.ts); here: request shapes, errors, timeouts and
// the hit's underscore fields.
import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_END as E, HIGHLIGHT_START as S } from '#src/domain/search-query';
import { SearchEngineError } from '#src/platform/search/errors';
import { MeilisearchSearchBackend, normaliseMeilisearchHit } from '#src/platform/search/meilisearch-backend';
import { query, searchDocument } from './factories';

interface Sent {
  url: URL;
  method: string;
  headers: Headers;
  body: Record<string, unknown>;
}

function fakeMeilisearch(answer: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request: Sent = { url: new URL(String(input)), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: init?.body ? JSON.parse(String(init.body)) : null };
    sent.push(request);
    return answer(request);
  };
  return { sent, fetch: fetch as typeof globalThis.fetch };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** One result of a multi-search response, as documented (exhaustive pagination). */
function result(hits: Record<string, unknown>[], facetDistribution: Record<string, Record<string, number>>, totalHits = hits.length) {
  return { indexUid: 'stories', hits, query: 'solar farm', processingTimeMs: 1, hitsPerPage: 20, page: 1, totalPages: 1, totalHits, facetDistribution, facetStats: {} };
}

const DOCUMENTED_RESPONSE = {
  results: [
    result(
      [
        {
          ...searchDocument({ objectID: 'a-1', story_uuid: 'a', slug: 'story-a', section_id: 'header-key-facts', section_title: 'Key facts', text: 'Fifty solar megawatts for the farm.' }),
          _geo: { lat: 50.85, lng: 4.35 },
          _formatted: { title: `${S}Solar${E} ${S}farm${E} opens`, section_title: 'Key facts', text: `Fifty ${S}solar${E} megawatts for the ${S}farm${E}.`, published_at: '1772528400' },
          _matchesPosition: { title: [{ start: 0, length: 5 }, { start: 6, length: 4 }] },
          _rankingScore: 0.9,
        },
        // A second section of story a: an index without distinct would return it.
        { ...searchDocument({ objectID: 'a-0', story_uuid: 'a', slug: 'story-a' }), _formatted: {} },
        { ...searchDocument({ objectID: 'b-0', story_uuid: 'b', slug: 'story-b', title: 'Farm tour' }), _formatted: { title: `${S}Farm${E} tour` } },
      ],
      { category_ids: { '2': 1, '1': 2 }, year: { '2025': 1, '2026': 1 }, month: { '10': 1, '3': 1 } },
      2,
    ),
  ],
};

const backend = (fetch: typeof globalThis.fetch, timeoutMs?: number) =>
  new MeilisearchSearchBackend({ host: 'https://search.example.com', apiKey: 'search-key', indexName: 'stories', fetch, ...(timeoutMs ? { timeoutMs } : {}) });

describe('MeilisearchSearchBackend.search', () => {
  it('sends one POST /multi-search with the search-only key and the documented query fields', async () => {
    const fake = fakeMeilisearch(() => json(DOCUMENTED_RESPONSE));

    await backend(fake.fetch).search(query({ text: 'solar farm', page: 2, hitsPerPage: 3 }));

    expect(fake.sent).toHaveLength(1);
    const [request] = fake.sent;
    expect([request!.method, request!.url.href]).toEqual(['POST', 'https://search.example.com/multi-search']);
    expect(request!.headers.get('authorization')).toBe('Bearer search-key');
    expect(request!.body).toEqual({
      queries: [
        {
          indexUid: 'stories',
          q: 'solar farm',
          matchingStrategy: 'all',
          filter: 'culture = "en"',
          facets: ['category_ids', 'year', 'month'],
          sort: ['published_at:desc'],
          distinct: 'story_uuid',
          hitsPerPage: 3,
          page: 2,
          attributesToRetrieve: ['objectID', 'story_uuid', 'slug', 'title', 'summary', 'section_id', 'section_title', 'text', 'culture', 'published_at', 'thumbnail'],
          attributesToHighlight: ['title', 'section_title', 'text'],
          highlightPreTag: S,
          highlightPostTag: E,
          attributesToCrop: ['text'],
          cropLength: 24,
          cropMarker: '…',
          showMatchesPosition: true,
        },
      ],
    });
  });

  it('writes the filters as `attribute = value`, with one facets-only query per filtered dimension', async () => {
    const fake = fakeMeilisearch(() => json({ results: [result([], {}), result([], {}), result([], {})] }));

    await backend(fake.fetch).search(query({ locale: 'pt-br', categoryId: 2, month: 3 }));

    const queries = fake.sent[0]!.body.queries as Record<string, unknown>[];
    expect(queries.map((q) => [q.filter, q.facets, q.hitsPerPage, q.matchingStrategy])).toEqual([
      ['culture = "pt-br" AND category_ids = 2 AND month = 3', ['category_ids', 'year', 'month'], 20, 'all'],
      ['culture = "pt-br" AND month = 3', ['category_ids'], 0, 'all'],
      ['culture = "pt-br" AND category_ids = 2', ['month'], 0, 'all'],
    ]);
  });

  it('throws a SearchEngineError with the status and code of a documented error answer', async () => {
    const fake = fakeMeilisearch(() => json({ message: 'The provided API key is invalid.', code: 'invalid_api_key', type: 'auth', link: 'https://docs.meilisearch.com/errors#invalid_api_key' }, 403));

    const error = await backend(fake.fetch).search(query()).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(SearchEngineError);
    expect(error).toMatchObject({ backend: 'meilisearch', status: 403, code: 'invalid_api_key' });
  });

  it('throws a SearchEngineError without status when the network fails', async () => {
    const fake = fakeMeilisearch(() => Promise.reject(new TypeError('fetch failed')));
    await expect(backend(fake.fetch).search(query())).rejects.toMatchObject({ name: 'SearchEngineError', backend: 'meilisearch', status: null });
  });

  it('gives up on a request after the client timeout (the read timeout by default)', async () => {
    // A fetch that only ends when the client aborts it.
    const hanging = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))) as typeof globalThis.fetch;

    const error = await backend(hanging, 20).search(query()).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ name: 'SearchEngineError', backend: 'meilisearch', status: null });
    expect((error as Error).message).toBe('Request to https://search.example.com/multi-search has failed: request timed out after 20ms');
  });

  it('gives up when the server has not begun to answer within the connect timeout (1 s by default), well before the read timeout', async () => {
    const hanging = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))) as typeof globalThis.fetch;
    const started = Date.now();
    const connectOnly = new MeilisearchSearchBackend({ host: 'https://search.example.com', apiKey: 'k', indexName: 'stories', fetch: hanging, timeoutMs: 5_000, connectTimeoutMs: 30 });

    const error = await connectOnly.search(query()).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ name: 'SearchEngineError', backend: 'meilisearch', status: null });
    expect((error as Error).message).toContain('connect timeout of 30ms');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a server that answered at once may take longer than the connect timeout to send its body', async () => {
    const slowBody = (async () =>
      new Response(
        new ReadableStream({
          async start(controller) {
            await new Promise((resolve) => setTimeout(resolve, 80));
            controller.enqueue(new TextEncoder().encode(JSON.stringify(DOCUMENTED_RESPONSE)));
            controller.close();
          },
        }),
        { headers: { 'Content-Type': 'application/json' } },
      )) as typeof globalThis.fetch;
    const client = new MeilisearchSearchBackend({ host: 'https://search.example.com', apiKey: 'k', indexName: 'stories', fetch: slowBody, timeoutMs: 5_000, connectTimeoutMs: 20 });

    await expect(client.search(query())).resolves.toMatchObject({ total: expect.any(Number) });
  });
});

describe('MeilisearchSearchBackend.searchFacetValues', () => {
  it('sends POST /indexes/{index}/facet-search with the current search and marks the typed prefix', async () => {
    const fake = fakeMeilisearch(() => json({ facetHits: [{ value: 'Products', count: 3 }], facetQuery: 'pro', processingTimeMs: 0 }));

    const values = await backend(fake.fetch).searchFacetValues({ facet: 'categories', facetQuery: 'pro', query: query({ year: 2026, categoryId: 1 }) });

    expect([fake.sent[0]!.method, fake.sent[0]!.url.pathname]).toEqual(['POST', '/indexes/stories/facet-search']);
    expect(fake.sent[0]!.body).toEqual({ facetName: 'categories', facetQuery: 'pro', q: 'solar farm', matchingStrategy: 'all', filter: 'culture = "en" AND year = 2026' });
    expect(values).toEqual([{ value: 'Products', count: 3, highlighted: `${S}Pro${E}ducts` }]);
  });
});

describe('normaliseMeilisearchHit', () => {
  it('moves the underscore fields out of the document into the normalised hit', () => {
    const raw = DOCUMENTED_RESPONSE.results[0]!.hits[0]!;

    const hit = normaliseMeilisearchHit(raw);

    expect(hit.objectID).toBe('a-1');
    expect(hit._geo).toEqual({ lat: 50.85, lng: 4.35 });
    expect(hit._matchesPosition).toEqual({ title: [{ start: 0, length: 5 }, { start: 6, length: 4 }] });
    expect(hit._formatted).toEqual({ title: `${S}Solar${E} ${S}farm${E} opens`, section_title: 'Key facts', text: `Fifty ${S}solar${E} megawatts for the ${S}farm${E}.`, published_at: '1772528400' });
    expect(Object.keys(hit.document).filter((key) => key.startsWith('_'))).toEqual([]);
    expect(hit.document.slug).toBe('story-a');
  });

  it('leaves _geo out when the document has no valid point', () => {
    expect('_geo' in normaliseMeilisearchHit({ objectID: 'x', _geo: { lat: 'north', lng: null } })).toBe(false);
  });
});
