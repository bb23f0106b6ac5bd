// The search index sync of the import CLI, with the real Meilisearch and Algolia clients over
// real HTTP against local fakes of their APIs (test/fixtures/fake-search-servers.ts): settings
// first, batches of 1000, each task polled until done, stale documents deleted, failures named.
// Then each adapter searches the synced index with the search-only key, over the same wire.
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BundleStory, ContentBundle } from '#src/domain/content-bundle';
import { loadContentFolder } from '#src/content/load-folder';
import { createMediaAddressing } from '#src/content/media-addressing';
import { SearchSyncError, syncSearchIndex } from '#src/content/search-sync';
import { HIGHLIGHT_END, HIGHLIGHT_START, normaliseSearchQuery } from '#src/domain/search-query';
import { AlgoliaSearchBackend } from '#src/platform/search/algolia-backend';
import { ALGOLIA_INDEX_SETTINGS, buildSearchDocuments, MEILISEARCH_INDEX_SETTINGS } from '#src/platform/search/documents';
import { MeilisearchSearchBackend } from '#src/platform/search/meilisearch-backend';
import type { SearchAdminSettings } from '#src/config/search';
import { startFakeAlgolia, startFakeMeilisearch, type FakeAlgolia, type FakeMeilisearch, type RecordedSearchRequest } from '../fixtures/fake-search-servers';

const root = join(import.meta.dirname, '../..');
const LONG_STORY_SECTIONS = 1500;

let meili: FakeMeilisearch;
let algolia: FakeAlgolia;
let fixture: ContentBundle;

/** The basic fixture plus one public story with 1500 sections: more than one batch. */
function bundleWithLongStory(): Pick<ContentBundle, 'categories' | 'stories'> {
  const template = fixture.stories.find((story) => story.slug === 'english-story-01')!;
  const long: BundleStory = {
    ...template,
    uuid: '0f0f0f0f-0000-4000-8000-000000000001',
    slug: 'long-story',
    title: 'A very long story',
    sections: Array.from({ length: LONG_STORY_SECTIONS }, (_, index) => ({ id: `header-part-${index}`, title: `Part ${index}`, text: `Paragraph ${index} of the long story.` })),
  };
  return { categories: fixture.categories, stories: [...fixture.stories, long] };
}

const storyUuid = (slug: string) => fixture.stories.find((story) => story.slug === slug)!.uuid;
const writes = (requests: RecordedSearchRequest[]) => requests.filter((request) => request.method !== 'GET');
const cdnRoot = '/media';

beforeAll(async () => {
  const loaded = loadContentFolder(join(root, 'test/fixtures/content/basic'), { addressing: createMediaAddressing(cdnRoot) });
  if (!loaded.ok) throw new Error('fixture content folder does not load');
  fixture = loaded.bundle;
  [meili, algolia] = await Promise.all([startFakeMeilisearch(), startFakeAlgolia()]);
});

beforeEach(() => {
  meili.reset();
  algolia.reset();
});

afterAll(async () => {
  await Promise.all([meili.close(), algolia.close()]);
});

describe('syncSearchIndex with Meilisearch', () => {
  const settings = (): SearchAdminSettings => ({ searchBackend: 'meilisearch', appId: null, apiKey: meili.searchKey, host: meili.url, indexName: 'stories', adminKey: meili.adminKey });

  it('applies the index settings, then sends documents in batches of 1000, each task polled until done', async () => {
    const bundle = bundleWithLongStory();
    const expected = buildSearchDocuments(bundle, { cdnRoot });
    const progress: [number, number, number][] = [];

    const result = await syncSearchIndex(bundle, settings(), { cdnRoot, onProgress: (...update) => progress.push(update) });

    expect(result).toEqual({ backend: 'meilisearch', indexName: 'stories', indexed: expected.length, deleted: 0, batches: 2 });
    expect(expected.length).toBeGreaterThan(LONG_STORY_SECTIONS);
    const sent = writes(meili.requests);
    expect(sent.map((request) => `${request.method} ${request.pathname}`)).toEqual(['PATCH /indexes/stories/settings', 'POST /indexes/stories/documents', 'POST /indexes/stories/documents']);
    expect(sent[0]!.body).toEqual(MEILISEARCH_INDEX_SETTINGS);
    expect(sent.slice(1).map((request) => (request.body as unknown[]).length)).toEqual([1000, expected.length - 1000]);
    expect(sent[1]!.query.primaryKey).toBe('objectID');
    expect(sent.every((request) => request.headers.authorization === `Bearer ${meili.adminKey}`)).toBe(true);
    // Between two writes, the first write's task is polled until it succeeds (2 × processing, then done).
    const order = meili.requests.map((request) => `${request.method} ${request.pathname}`);
    const firstBatch = order.indexOf('POST /indexes/stories/documents');
    expect(order.slice(firstBatch + 1, firstBatch + 4)).toEqual(['GET /tasks/2', 'GET /tasks/2', 'GET /tasks/2']);
    expect(order.filter((line) => line.startsWith('GET /tasks/'))).toHaveLength(9);
    expect([...meili.indexes.get('stories')!.documents.keys()].sort()).toEqual(expected.map((document) => document.objectID).sort());
    expect(progress[0]).toEqual([0, 0, expected.length]);
    expect(progress.at(-1)).toEqual([100, expected.length, expected.length]);
    expect(progress.map(([percent]) => percent)).toEqual([...progress.map(([percent]) => percent)].sort((a, b) => a - b));
  });

  it('deletes the documents of unpublished, private and deleted stories, and of removed sections', async () => {
    const kept = `${storyUuid('english-story-01')}-0`;
    const stale = [`${storyUuid('draft-story')}-0`, `${storyUuid('private-story')}-0`, '99999999-9999-4999-8999-999999999999-0', `${storyUuid('english-story-01')}-7`];
    meili.seed('stories', [kept, ...stale].map((objectID) => ({ objectID, story_uuid: objectID.slice(0, 36) })));

    const result = await syncSearchIndex(fixture, settings(), { cdnRoot });

    expect(result.deleted).toBe(4);
    const deletion = writes(meili.requests).find((request) => request.pathname === '/indexes/stories/documents/delete-batch');
    expect((deletion!.body as string[]).sort()).toEqual([...stale].sort());
    const ids = [...meili.indexes.get('stories')!.documents.keys()];
    expect(ids).toContain(kept);
    for (const id of stale) expect(ids).not.toContain(id);
  });

  it('lists existing objectIDs 1000 at a time and deletes stale ones in batches of 1000', async () => {
    meili.seed('stories', Array.from({ length: 2500 }, (_, index) => ({ objectID: `gone-${index}` })));

    const result = await syncSearchIndex(fixture, settings(), { cdnRoot });

    expect(result.deleted).toBe(2500);
    const listing = meili.requests.filter((request) => request.method === 'GET' && request.pathname === '/indexes/stories/documents');
    expect(listing.map((request) => [request.query.offset, request.query.limit, request.query.fields])).toEqual([
      ['0', '1000', 'objectID'],
      ['1000', '1000', 'objectID'],
      ['2000', '1000', 'objectID'],
    ]);
    const deletions = writes(meili.requests).filter((request) => request.pathname.endsWith('/delete-batch'));
    expect(deletions.map((request) => (request.body as string[]).length)).toEqual([1000, 1000, 500]);
  });

  it('fails with the engine reason when a task fails, and sends nothing after it', async () => {
    meili.failNextTask('documentAdditionOrUpdate', 'invalid_document_id', 'Document identifier `x y` is invalid.');

    const sync = syncSearchIndex(bundleWithLongStory(), settings(), { cdnRoot });

    await expect(sync).rejects.toThrow(SearchSyncError);
    await expect(sync).rejects.toThrow(/meilisearch, index "stories"\) while adding documents: task 2 \(documentAdditionOrUpdate\) failed: Document identifier `x y` is invalid\. \(invalid_document_id\)/);
    expect(writes(meili.requests).filter((request) => request.pathname === '/indexes/stories/documents')).toHaveLength(1);
  });

  it('fails when a task is not done within the wait timeout', async () => {
    meili.stallTasks();

    const sync = syncSearchIndex(fixture, settings(), { cdnRoot, taskWait: { timeoutMs: 150, intervalMs: 10 } });

    await expect(sync).rejects.toThrow(/while applying index settings: timeout of 150ms has exceeded on task 1/);
    expect(writes(meili.requests)).toHaveLength(1);
  });

  it('refuses to write with the search-only key', async () => {
    await expect(syncSearchIndex(fixture, { ...settings(), adminKey: meili.searchKey }, { cdnRoot })).rejects.toThrow(/while applying index settings: .*API key is invalid/);
    expect(meili.indexes.size).toBe(0);
  });

  it('leaves an index the Meilisearch adapter searches over HTTP with the search-only key', async () => {
    await syncSearchIndex(fixture, settings(), { cdnRoot });
    const backend = new MeilisearchSearchBackend({ host: meili.url, apiKey: meili.searchKey, indexName: 'stories' });

    const results = await backend.search(normaliseSearchQuery({ text: 'number 03', locale: 'en' }));

    expect(results.hits.map((hit) => hit.slug)).toEqual(['english-story-03']);
    expect(results.hits[0]!.highlightedTitle).toContain(`${HIGHLIGHT_START}number`);
    expect(results.total).toBe(1);
    expect(results.facets.category).toEqual([
      { value: 1, count: 1 },
      { value: 2, count: 1 },
    ]);
    const search = meili.requests.at(-1)!;
    expect([search.method, search.pathname, search.headers.authorization]).toEqual(['POST', '/multi-search', `Bearer ${meili.searchKey}`]);

    const values = await backend.searchFacetValues({ facet: 'categories', facetQuery: 'prod', query: normaliseSearchQuery({ text: 'story', locale: 'en' }) });
    expect(values).toEqual([{ value: 'Products', count: 15, highlighted: `${HIGHLIGHT_START}Prod${HIGHLIGHT_END}ucts` }]);
    expect(meili.requests.at(-1)!.pathname).toBe('/indexes/stories/facet-search');
  });
});

describe('syncSearchIndex with Algolia', () => {
  const settings = (): SearchAdminSettings => ({ searchBackend: 'algolia', appId: algolia.appId, apiKey: algolia.searchKey, host: algolia.url, indexName: 'stories', adminKey: algolia.adminKey });

  it('applies the index settings, then sends records in batches of 1000, each task polled until published', async () => {
    const bundle = bundleWithLongStory();
    const expected = buildSearchDocuments(bundle, { cdnRoot });
    const progress: number[] = [];

    const result = await syncSearchIndex(bundle, settings(), { cdnRoot, onProgress: (percent) => progress.push(percent) });

    expect(result).toEqual({ backend: 'algolia', indexName: 'stories', indexed: expected.length, deleted: 0, batches: 2 });
    const sent = writes(algolia.requests).filter((request) => request.pathname !== '/1/indexes/stories/browse');
    expect(sent.map((request) => `${request.method} ${request.pathname}`)).toEqual(['PUT /1/indexes/stories/settings', 'POST /1/indexes/stories/batch', 'POST /1/indexes/stories/batch']);
    expect(sent[0]!.body).toEqual(ALGOLIA_INDEX_SETTINGS);
    const batches = sent.slice(1).map((request) => (request.body as { requests: { action: string; body: { objectID: string } }[] }).requests);
    expect(batches.map((requests) => requests.length)).toEqual([1000, expected.length - 1000]);
    expect(new Set(batches.flat().map((request) => request.action))).toEqual(new Set(['updateObject']));
    expect(sent.every((request) => request.headers['x-algolia-api-key'] === algolia.adminKey && request.headers['x-algolia-application-id'] === algolia.appId)).toBe(true);
    const order = algolia.requests.map((request) => `${request.method} ${request.pathname}`);
    const firstBatch = order.indexOf('POST /1/indexes/stories/batch');
    expect(order.slice(firstBatch + 1, firstBatch + 4)).toEqual(Array(3).fill('GET /1/indexes/stories/task/2'));
    expect(algolia.indexes.get('stories')!.documents.size).toBe(expected.length);
    expect(progress.at(-1)).toBe(100);
  });

  it('browses existing objectIDs with a cursor and deletes the stale ones', async () => {
    const kept = `${storyUuid('english-story-02')}-0`;
    algolia.seed('stories', [kept, ...Array.from({ length: 1200 }, (_, index) => `gone-${index}`)].map((objectID) => ({ objectID })));

    const result = await syncSearchIndex(fixture, settings(), { cdnRoot });

    expect(result.deleted).toBe(1200);
    const browse = algolia.requests.filter((request) => request.pathname === '/1/indexes/stories/browse');
    expect(browse).toHaveLength(2);
    expect(browse[0]!.body).toEqual({ attributesToRetrieve: ['objectID'], hitsPerPage: 1000 });
    expect((browse[1]!.body as { cursor?: string }).cursor).toEqual(expect.any(String));
    const deletions = writes(algolia.requests)
      .filter((request) => request.pathname === '/1/indexes/stories/batch')
      .map((request) => (request.body as { requests: { action: string }[] }).requests)
      .filter((requests) => requests[0]!.action === 'deleteObject');
    expect(deletions.map((requests) => requests.length)).toEqual([1000, 200]);
    const ids = [...algolia.indexes.get('stories')!.documents.keys()];
    expect(ids).toContain(kept);
    expect(ids.some((id) => id.startsWith('gone-'))).toBe(false);
  });

  it('fails with the engine message when a batch is refused, and sends nothing after it', async () => {
    algolia.failNextTask('documentAdditionOrUpdate', 'record_too_big', 'Record at the position 0 objectID=x is too big size=20000/10000 bytes.');

    const sync = syncSearchIndex(bundleWithLongStory(), settings(), { cdnRoot });

    await expect(sync).rejects.toThrow(/algolia, index "stories"\) while adding documents: Record at the position 0 objectID=x is too big/);
    expect(algolia.requests.filter((request) => request.pathname === '/1/indexes/stories/batch')).toHaveLength(1);
  });

  it('fails when a task is not published within the wait timeout', async () => {
    algolia.stallTasks();

    await expect(syncSearchIndex(fixture, settings(), { cdnRoot, taskWait: { timeoutMs: 150, intervalMs: 10 } })).rejects.toThrow(
      /while applying index settings: task 1 was not published within 150 ms/,
    );
  });

  it('refuses to write with the search-only key', async () => {
    await expect(syncSearchIndex(fixture, { ...settings(), adminKey: algolia.searchKey }, { cdnRoot })).rejects.toThrow(/while applying index settings: Invalid Application-ID or API key/);
  });

  it('leaves an index the Algolia adapter searches over HTTP with the search-only key', async () => {
    await syncSearchIndex(fixture, settings(), { cdnRoot });
    const backend = new AlgoliaSearchBackend({ appId: algolia.appId, apiKey: algolia.searchKey, host: algolia.url, indexName: 'stories' });

    const results = await backend.search(normaliseSearchQuery({ text: 'number 03', locale: 'en', categoryId: 2 }));

    expect(results.hits.map((hit) => hit.slug)).toEqual(['english-story-03']);
    expect(results.hits[0]!.highlightedTitle).toContain(`${HIGHLIGHT_START}number`);
    // The category facet is counted without its own filter, by the second query of the request.
    expect(results.facets.category).toEqual([
      { value: 1, count: 1 },
      { value: 2, count: 1 },
    ]);
    const search = algolia.requests.at(-1)!;
    expect([search.method, search.pathname, search.headers['x-algolia-api-key']]).toEqual(['POST', '/1/indexes/*/queries', algolia.searchKey]);
    expect((search.body as { requests: unknown[] }).requests).toHaveLength(2);

    const values = await backend.searchFacetValues({ facet: 'categories', facetQuery: 'prod', query: normaliseSearchQuery({ text: 'story', locale: 'en' }) });
    expect(values).toEqual([{ value: 'Products', count: 15, highlighted: `${HIGHLIGHT_START}Prod${HIGHLIGHT_END}ucts` }]);
  });
});
