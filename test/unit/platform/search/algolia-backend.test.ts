// The Algolia adapter's own part against a fake transport: the official v5 lite client builds the
// requests and runs its retry strategy; a fake requester (the client's own extension point)
// records them and answers with bodies shaped like the documented examples of the Algolia Search
// API (POST /1/indexes/*/queries, search for facet values, error bodies; read 2026-11-22). What
// every backend must answer alike is the conformance table
// (test/worker/search/backend-conformance.test.ts); here: request shapes, hosts, retries and
// cooldowns, errors, and the hit's highlight and snippet results.
import type { EndRequest, Response as AlgoliaResponse } from '@algolia/client-common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HIGHLIGHT_END as E, HIGHLIGHT_START as S } from '#src/domain/search-query';
import { AlgoliaSearchBackend, algoliaHost, normaliseAlgoliaHit } from '#src/platform/search/algolia-backend';
import { HOST_RETRY_COOLDOWN_MS } from '#src/platform/search/constants';
import { createHostStateCache } from '#src/platform/search/host-state-cache';
import { SearchEngineError } from '#src/platform/search/errors';
import { query, searchDocument } from './factories';

function fakeRequester(answer: (request: EndRequest) => AlgoliaResponse) {
  const sent: (EndRequest & { host: string; body: Record<string, unknown> })[] = [];
  return {
    sent,
    requester: {
      async send(request: EndRequest): Promise<AlgoliaResponse> {
        sent.push({ ...request, host: new URL(request.url).host, body: request.data ? JSON.parse(String(request.data)) : null });
        return answer(request);
      },
    },
  };
}

const ok = (body: unknown): AlgoliaResponse => ({ status: 200, content: JSON.stringify(body), isTimedOut: false });

/** One result of a multi-query response, as documented. */
function result(hits: Record<string, unknown>[], facets: Record<string, Record<string, number>>, nbHits = hits.length) {
  return { hits, nbHits, page: 0, nbPages: 1, hitsPerPage: 20, facets, exhaustiveNbHits: true, exhaustiveFacetsCount: true, query: 'solar farm', params: 'query=solar+farm', index: 'stories', processingTimeMS: 1 };
}

const DOCUMENTED_HIT = {
  ...searchDocument({ objectID: 'a-1', story_uuid: 'a', slug: 'story-a', section_id: 'header-key-facts', section_title: 'Key facts', text: 'Fifty solar megawatts for the farm.' }),
  _geoloc: { lat: 50.85, lng: 4.35 },
  _highlightResult: {
    title: { value: `${S}Solar${E} ${S}farm${E} opens`, matchLevel: 'full', fullyHighlighted: false, matchedWords: ['solar', 'farm'] },
    section_title: { value: 'Key facts', matchLevel: 'none', matchedWords: [] },
  },
  _snippetResult: { text: { value: `Fifty ${S}solar${E} megawatts for the ${S}farm${E}.`, matchLevel: 'full' } },
};

const DOCUMENTED_RESPONSE = {
  results: [
    result(
      [DOCUMENTED_HIT, { ...searchDocument({ objectID: 'b-0', story_uuid: 'b', slug: 'story-b', title: 'Farm tour' }), _highlightResult: { title: { value: `${S}Farm${E} tour`, matchLevel: 'partial', matchedWords: ['farm'] } } }],
      { category_ids: { '2': 1, '1': 2 }, year: { '2026': 2 }, month: { '3': 2 } },
    ),
  ],
};

const backend = (requester: ReturnType<typeof fakeRequester>['requester'], options: { host?: string } = {}) =>
  new AlgoliaSearchBackend({ appId: 'APPID', apiKey: 'search-key', indexName: 'stories', requester, hostsCache: createHostStateCache(), ...options });

afterEach(() => {
  vi.useRealTimers();
});

describe('AlgoliaSearchBackend.search', () => {
  it('sends one POST /1/indexes/*/queries to the DSN host, key in headers, with the documented parameters and timeouts', async () => {
    const fake = fakeRequester(() => ok(DOCUMENTED_RESPONSE));

    await backend(fake.requester).search(query({ text: 'solar farm', page: 2, hitsPerPage: 3 }));

    expect(fake.sent).toHaveLength(1);
    const [request] = fake.sent;
    const url = new URL(request!.url);
    expect([request!.method, url.origin, url.pathname]).toEqual(['POST', 'https://appid-dsn.algolia.net', '/1/indexes/*/queries']);
    expect(request!.headers['x-algolia-api-key']).toBe('search-key');
    expect(request!.headers['x-algolia-application-id']).toBe('APPID');
    expect(url.searchParams.has('x-algolia-api-key')).toBe(false);
    expect([request!.connectTimeout, request!.responseTimeout]).toEqual([1000, 2000]);
    expect(request!.body).toEqual({
      requests: [
        {
          indexName: 'stories',
          query: 'solar farm',
          filters: 'culture:"en"',
          facets: ['category_ids', 'year', 'month'],
          distinct: true,
          facetingAfterDistinct: true,
          hitsPerPage: 3,
          page: 1,
          attributesToRetrieve: ['objectID', 'story_uuid', 'slug', 'title', 'summary', 'section_id', 'section_title', 'text', 'culture', 'published_at', 'thumbnail'],
          attributesToHighlight: ['title', 'section_title'],
          attributesToSnippet: ['text:24'],
          highlightPreTag: S,
          highlightPostTag: E,
          snippetEllipsisText: '…',
        },
      ],
    });
  });

  it('writes the filters as `culture:"…"` and `attribute=value`, with one facets-only query per filtered dimension', async () => {
    const fake = fakeRequester(() => ok({ results: [result([], {}), result([], {}), result([], {}), result([], {})] }));

    await backend(fake.requester).search(query({ categoryId: 2, year: 2026, month: 3 }));

    const requests = fake.sent[0]!.body.requests as Record<string, unknown>[];
    expect(requests.map((request) => [request.filters, request.facets, request.hitsPerPage])).toEqual([
      ['culture:"en" AND category_ids=2 AND year=2026 AND month=3', ['category_ids', 'year', 'month'], 20],
      ['culture:"en" AND year=2026 AND month=3', ['category_ids'], 0],
      ['culture:"en" AND category_ids=2 AND month=3', ['year'], 0],
      ['culture:"en" AND category_ids=2 AND year=2026', ['month'], 0],
    ]);
    expect(requests[1]).toMatchObject({ analytics: false, attributesToRetrieve: [], distinct: true, facetingAfterDistinct: true });
  });

  it('uses a configured host instead of the Algolia host list', async () => {
    const fake = fakeRequester(() => ok(DOCUMENTED_RESPONSE));

    await backend(fake.requester, { host: 'http://127.0.0.1:7700' }).search(query());

    expect(fake.sent.map((request) => new URL(request.url).origin)).toEqual(['http://127.0.0.1:7700']);
    expect(algoliaHost('https://search.example.com')).toEqual({ url: 'search.example.com', protocol: 'https', accept: 'readWrite' });
  });

  it('throws a SearchEngineError with the status of a documented error answer, without trying other hosts', async () => {
    const fake = fakeRequester(() => ({ status: 403, content: JSON.stringify({ message: 'Invalid Application-ID or API key', status: 403 }), isTimedOut: false }));

    const error = await backend(fake.requester).search(query()).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(SearchEngineError);
    expect(error).toMatchObject({ backend: 'algolia', status: 403, message: 'Invalid Application-ID or API key' });
    expect(fake.sent).toHaveLength(1);
  });

  it('retries the other hosts when one is down, and fails once all are unreachable', async () => {
    const fake = fakeRequester(() => ({ status: 503, content: 'Service Unavailable', isTimedOut: false }));

    await expect(backend(fake.requester).search(query())).rejects.toMatchObject({ name: 'SearchEngineError', status: null, message: expect.stringMatching(/^Unreachable hosts/) });
    expect(fake.sent.map((request) => request.host)).toEqual(['appid-dsn.algolia.net', ...fake.sent.slice(1).map((request) => request.host)]);
    expect(new Set(fake.sent.slice(1).map((request) => request.host))).toEqual(new Set(['appid-1.algolianet.com', 'appid-2.algolianet.com', 'appid-3.algolianet.com']));
  });

  it('skips a host that failed for 120 s, then tries it first again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    let dsnDown = true;
    const fake = fakeRequester((request) => (dsnDown && request.url.includes('-dsn.') ? { status: 500, content: 'down', isTimedOut: false } : ok(DOCUMENTED_RESPONSE)));
    const search = backend(fake.requester);

    await search.search(query());
    expect(fake.sent.map((request) => request.host)).toEqual(['appid-dsn.algolia.net', expect.stringMatching(/^appid-[123]\.algolianet\.com$/)]);

    dsnDown = false;
    fake.sent.length = 0;
    vi.setSystemTime(Date.now() + HOST_RETRY_COOLDOWN_MS - 1000);
    await search.search(query());
    expect(fake.sent.map((request) => request.host)).toEqual([expect.stringMatching(/algolianet\.com$/)]);

    fake.sent.length = 0;
    vi.setSystemTime(Date.now() + 2000);
    await search.search(query());
    expect(fake.sent.map((request) => request.host)).toEqual(['appid-dsn.algolia.net']);
  });

  it('tries a host that timed out last for 120 s, with longer timeouts', async () => {
    let timeOut = true;
    const fake = fakeRequester((request) => (timeOut && request.url.includes('-dsn.') ? { status: 0, content: 'Connection timeout', isTimedOut: true } : ok(DOCUMENTED_RESPONSE)));
    const search = backend(fake.requester);

    await search.search(query());
    timeOut = false;
    fake.sent.length = 0;
    await search.search(query());

    expect(fake.sent[0]!.host).toMatch(/algolianet\.com$/);
    // The client multiplies timeouts while a host is marked timed out; the fallback bounds the wait.
    expect(fake.sent[0]!.connectTimeout).toBeGreaterThan(1000);
  });
});

describe('AlgoliaSearchBackend.searchFacetValues', () => {
  it('sends a facet query to the same multi-query endpoint and returns the documented facet hits', async () => {
    const fake = fakeRequester(() => ok({ results: [{ facetHits: [{ value: 'Products', highlighted: `${S}Pro${E}ducts`, count: 3 }], exhaustiveFacetsCount: true, processingTimeMS: 1 }] }));

    const values = await backend(fake.requester).searchFacetValues({ facet: 'categories', facetQuery: 'pro', query: query({ month: 3 }) });

    expect(new URL(fake.sent[0]!.url).pathname).toBe('/1/indexes/*/queries');
    expect(fake.sent[0]!.body).toEqual({
      requests: [{ indexName: 'stories', type: 'facet', facet: 'categories', facetQuery: 'pro', query: 'solar farm', filters: 'culture:"en" AND month=3', distinct: true, facetingAfterDistinct: true, highlightPreTag: S, highlightPostTag: E }],
    });
    expect(values).toEqual([{ value: 'Products', count: 3, highlighted: `${S}Pro${E}ducts` }]);
  });
});

describe('normaliseAlgoliaHit', () => {
  it('turns highlight and snippet results into _formatted, _geoloc into _geo, markers into _matchesPosition', () => {
    const hit = normaliseAlgoliaHit(DOCUMENTED_HIT);

    expect(hit.objectID).toBe('a-1');
    expect(hit._geo).toEqual({ lat: 50.85, lng: 4.35 });
    expect(hit._formatted).toEqual({ title: `${S}Solar${E} ${S}farm${E} opens`, section_title: 'Key facts', text: `Fifty ${S}solar${E} megawatts for the ${S}farm${E}.` });
    expect(hit._matchesPosition).toEqual({ title: [{ start: 0, length: 5 }, { start: 6, length: 4 }] });
    expect(Object.keys(hit.document).filter((key) => key.startsWith('_'))).toEqual([]);
  });

  it('takes the first point of a list of _geoloc points', () => {
    expect(normaliseAlgoliaHit({ objectID: 'x', _geoloc: [{ lat: 1, lng: 2 }, { lat: 3, lng: 4 }] })._geo).toEqual({ lat: 1, lng: 2 });
  });
});
