/**
 * Writes story documents to the configured Meilisearch or Algolia index from the worker (the
 * queue's go-live push), with SEARCH_WRITE_KEY: a key that may add and delete documents of that
 * one index and do nothing else (docs/operations.md says how to make one). So the worker calls
 * only the two document endpoints, through the same official clients the search pages use:
 *
 *   Meilisearch  POST /indexes/{index}/documents?primaryKey=objectID   (action documents.add)
 *                POST /indexes/{index}/documents/delete-batch          (action documents.delete)
 *   Algolia      POST /1/indexes/{index}/batch  updateObject | deleteObject  (ACL addObject, deleteObject)
 *
 * The engines apply writes as tasks; a write is done here once the engine accepted it. Polling the
 * task would need another right (Meilisearch's tasks.get, which reads every index's tasks), and
 * the documents are the ones the import builds and checks, so the push does not wait.
 */
import type { SearchDocument } from './documents';
import { createAlgoliaSearchClient } from './algolia-backend';
import { SEARCH_CLIENT_TIMEOUTS } from './constants';
import { describeClientError, SearchEngineError } from './errors';
import { createMeilisearchClient } from './meilisearch-backend';
import type { SearchWriterSettings } from '#src/config/search';

export interface SearchDocumentWriter {
  readonly backend: 'meilisearch' | 'algolia';
  readonly indexName: string;
  /** Adds the documents, replacing any of the same objectID. */
  addDocuments(documents: readonly SearchDocument[]): Promise<void>;
  /** Deletes these objectIDs; one the index does not hold is no error. */
  deleteDocuments(objectIds: readonly string[]): Promise<void>;
}

export function createSearchDocumentWriter(settings: SearchWriterSettings): SearchDocumentWriter {
  const { searchBackend: backend, indexName } = settings;
  const write = async (step: string, work: () => Promise<unknown>): Promise<void> => {
    try {
      await work();
    } catch (error) {
      const { message, status, code } = describeClientError(error);
      throw new SearchEngineError(backend, `${backend} index "${indexName}": ${step} failed: ${message}`, status, code, { cause: error });
    }
  };
  if (backend === 'meilisearch') {
    // readSearchSettings guarantees the host for this backend.
    const index = createMeilisearchClient({ host: settings.host!, apiKey: settings.writeKey, timeoutMs: SEARCH_CLIENT_TIMEOUTS.write }).index<SearchDocument>(indexName);
    return {
      backend,
      indexName,
      addDocuments: (documents) => write('adding documents', () => index.addDocuments([...documents], { primaryKey: 'objectID' })),
      deleteDocuments: (objectIds) => write('deleting documents', () => index.deleteDocuments([...objectIds])),
    };
  }
  const client = createAlgoliaSearchClient({ appId: settings.appId!, apiKey: settings.writeKey, host: settings.host });
  const batch = (requests: readonly { action: 'updateObject' | 'deleteObject'; body: Record<string, unknown> }[]) =>
    client.customPost({ path: `1/indexes/${encodeURIComponent(indexName)}/batch`, body: { requests } });
  return {
    backend,
    indexName,
    addDocuments: (documents) => write('adding documents', () => batch(documents.map((document) => ({ action: 'updateObject', body: { ...document } })))),
    deleteDocuments: (objectIds) => write('deleting documents', () => batch(objectIds.map((objectID) => ({ action: 'deleteObject', body: { objectID } })))),
  };
}
