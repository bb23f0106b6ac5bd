/**
 * Index sync for the import CLI (Node): makes the Meilisearch or Algolia index hold exactly the
 * search documents of a content bundle, with the admin key.
 *
 * 1. Index settings are applied first, so documents are indexed with them from the start.
 * 2. The index's existing objectIDs are listed; those the bundle no longer produces (stories
 *    unpublished, made private or deleted; sections removed) are the ones to delete.
 * 3. Documents are sent in batches of 1000, then the stale ones are deleted, each task awaited
 *    (5000 ms, polled every 50 ms) before the next request, so a failure stops the sync at once.
 *
 * Additions go before deletions: a visitor searching during the sync may meet a story twice, never
 * not at all. Any failure throws a SearchSyncError naming the engine, index and step, and the CLI
 * then writes nothing to D1, so D1 never holds content the index refused.
 */
import { algoliasearch, type Algoliasearch } from 'algoliasearch';
import { Meilisearch, type EnqueuedTaskPromise } from 'meilisearch';
import type { ContentBundle } from '#src/domain/content-bundle';
import { algoliaHost } from '#src/platform/search/algolia-backend';
import { SEARCH_CLIENT_TIMEOUTS, SEARCH_SYNC_BATCH_SIZE, SEARCH_TASK_WAIT } from '#src/platform/search/constants';
import { ALGOLIA_INDEX_SETTINGS, buildSearchDocuments, MEILISEARCH_INDEX_SETTINGS, type SearchDocument } from '#src/platform/search/documents';
import type { SearchAdminSettings } from '#src/config/search';

export interface SearchSyncOptions {
  /** The media root of this import, for thumbnail addresses. */
  readonly cdnRoot: string;
  /** Shaped like the progress reporter's update: pass `createProgressReporter().update`. */
  readonly onProgress?: (percent: number, done: number, total: number) => void;
  readonly batchSize?: number;
  readonly taskWait?: { readonly timeoutMs: number; readonly intervalMs: number };
}

export interface SearchSyncResult {
  readonly backend: SearchAdminSettings['searchBackend'];
  readonly indexName: string;
  /** Documents sent (added or replaced). */
  readonly indexed: number;
  /** Stale documents deleted. */
  readonly deleted: number;
  /** Write requests made for documents (additions and deletions). */
  readonly batches: number;
}

export class SearchSyncError extends Error {
  override readonly name = 'SearchSyncError';
}

/** What the sync needs of an engine; each method returns once the engine's task is done. */
interface IndexWriter {
  applySettings(): Promise<void>;
  listObjectIds(): Promise<string[]>;
  addDocuments(documents: readonly SearchDocument[]): Promise<void>;
  deleteDocuments(objectIds: readonly string[]): Promise<void>;
}

type Step = 'applying index settings' | 'listing indexed documents' | 'adding documents' | 'deleting stale documents';

export async function syncSearchIndex(bundle: Pick<ContentBundle, 'categories' | 'stories'>, settings: SearchAdminSettings, options: SearchSyncOptions): Promise<SearchSyncResult> {
  const batchSize = options.batchSize ?? SEARCH_SYNC_BATCH_SIZE;
  const wait = options.taskWait ?? SEARCH_TASK_WAIT;
  const documents = buildSearchDocuments(bundle, { cdnRoot: options.cdnRoot });
  const writer = settings.searchBackend === 'meilisearch' ? meilisearchWriter(settings, batchSize, wait) : algoliaWriter(settings, batchSize, wait);
  const step = async <T>(name: Step, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      throw new SearchSyncError(`Search sync failed (${settings.searchBackend}, index "${settings.indexName}") while ${name}: ${message}`, { cause: error });
    }
  };

  await step('applying index settings', () => writer.applySettings());
  const existing = await step('listing indexed documents', () => writer.listObjectIds());
  const wanted = new Set(documents.map((document) => document.objectID));
  const stale = existing.filter((id) => !wanted.has(id));

  const total = documents.length + stale.length;
  let done = 0;
  let batches = 0;
  const progress = () => options.onProgress?.(total === 0 ? 100 : (done / total) * 100, done, total);
  progress();
  for (const batch of chunks(documents, batchSize)) {
    await step('adding documents', () => writer.addDocuments(batch));
    done += batch.length;
    batches += 1;
    progress();
  }
  for (const batch of chunks(stale, batchSize)) {
    await step('deleting stale documents', () => writer.deleteDocuments(batch));
    done += batch.length;
    batches += 1;
    progress();
  }
  return { backend: settings.searchBackend, indexName: settings.indexName, indexed: documents.length, deleted: stale.length, batches };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

function meilisearchWriter(settings: SearchAdminSettings, batchSize: number, wait: { timeoutMs: number; intervalMs: number }): IndexWriter {
  if (!settings.host) throw new SearchSyncError('Search sync failed: SEARCH_HOST is required for meilisearch');
  const client = new Meilisearch({ host: settings.host, apiKey: settings.adminKey, timeout: SEARCH_CLIENT_TIMEOUTS.write });
  const index = client.index<SearchDocument>(settings.indexName);
  const done = async (enqueued: EnqueuedTaskPromise): Promise<void> => {
    const task = await enqueued.waitTask({ timeout: wait.timeoutMs, interval: wait.intervalMs });
    if (task.status !== 'succeeded') {
      const reason = task.error ? `${task.error.message} (${task.error.code})` : 'no reason given';
      throw new Error(`task ${task.uid} (${task.type}) ${task.status}: ${reason}`);
    }
  };
  return {
    applySettings: () => done(index.updateSettings(MEILISEARCH_INDEX_SETTINGS)),
    async listObjectIds() {
      const ids: string[] = [];
      for (let offset = 0; ; offset += batchSize) {
        const page = await index.getDocuments<{ objectID: string }>({ fields: ['objectID'], limit: batchSize, offset });
        ids.push(...page.results.map((document) => String(document.objectID)));
        if (page.results.length < batchSize || offset + batchSize >= page.total) return ids;
      }
    },
    addDocuments: (documents) => done(index.addDocuments([...documents], { primaryKey: 'objectID' })),
    deleteDocuments: (objectIds) => done(index.deleteDocuments([...objectIds])),
  };
}

function algoliaWriter(settings: SearchAdminSettings, batchSize: number, wait: { timeoutMs: number; intervalMs: number }): IndexWriter {
  if (!settings.appId) throw new SearchSyncError('Search sync failed: SEARCH_APP_ID is required for algolia');
  const client: Algoliasearch = algoliasearch(settings.appId, settings.adminKey, {
    timeouts: { ...SEARCH_CLIENT_TIMEOUTS },
    ...(settings.host ? { hosts: [algoliaHost(settings.host)] } : {}),
  });
  const indexName = settings.indexName;
  // The client's own waitForTask backs off up to 5 s between polls; the spec wants a steady 50 ms (docs/spec-coverage.md section 9).
  const done = async (taskID: number): Promise<void> => {
    const deadline = Date.now() + wait.timeoutMs;
    for (;;) {
      const task = await client.getTask({ indexName, taskID });
      if (task.status === 'published') return;
      if (Date.now() + wait.intervalMs > deadline) throw new Error(`task ${taskID} was not published within ${wait.timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, wait.intervalMs));
    }
  };
  return {
    async applySettings() {
      const { taskID } = await client.setSettings({ indexName, indexSettings: ALGOLIA_INDEX_SETTINGS });
      await done(taskID);
    },
    async listObjectIds() {
      const ids: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.browse<{ objectID: string }>({ indexName, browseParams: { attributesToRetrieve: ['objectID'], hitsPerPage: batchSize, ...(cursor ? { cursor } : {}) } });
        ids.push(...page.hits.map((hit) => hit.objectID));
        cursor = page.cursor;
      } while (cursor);
      return ids;
    },
    async addDocuments(documents) {
      const { taskID } = await client.batch({ indexName, batchWriteParams: { requests: documents.map((body) => ({ action: 'updateObject', body: { ...body } })) } });
      await done(taskID);
    },
    async deleteDocuments(objectIds) {
      const { taskID } = await client.batch({ indexName, batchWriteParams: { requests: objectIds.map((objectID) => ({ action: 'deleteObject', body: { objectID } })) } });
      await done(taskID);
    },
  };
}
