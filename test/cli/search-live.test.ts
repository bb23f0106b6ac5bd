// Optional live smoke test against a real Meilisearch or Algolia, skipped unless credentials are
// set (README, "Search engines"): syncs a tiny fixture into a throwaway index with the import
// CLI's sync, searches it through the worker's adapter, checks a hit with its section link and
// the facet counts, then deletes the index. It talks to the network, so it never runs by default.
//
//   SEARCH_LIVE_BACKEND    meilisearch | algolia
//   SEARCH_LIVE_HOST       Meilisearch URL (Algolia: optional host override)
//   SEARCH_LIVE_APP_ID     Algolia application id
//   SEARCH_LIVE_ADMIN_KEY  a key that may create, write and delete indexes
//   SEARCH_LIVE_API_KEY    optional search-only key for the searches (default: the admin key)
import { join } from 'node:path';
import { algoliasearch } from 'algoliasearch';
import { Meilisearch } from 'meilisearch';
import { afterAll, describe, expect, it } from 'vitest';
import type { ContentBundle } from '#src/domain/content-bundle';
import { loadContentFolder } from '#src/content/load-folder';
import { createMediaAddressing } from '#src/content/media-addressing';
import { syncSearchIndex } from '#src/content/search-sync';
import type { SearchBackend } from '#src/domain/ports';
import { HIGHLIGHT_START, normaliseSearchQuery } from '#src/domain/search-query';
import { AlgoliaSearchBackend, algoliaHost } from '#src/platform/search/algolia-backend';
import type { SectionSearchResultHit } from '#src/platform/search/hits';
import { describeClientError } from '#src/platform/search/errors';
import { MeilisearchSearchBackend } from '#src/platform/search/meilisearch-backend';
import { readSearchAdminSettings, type SearchAdminSettings } from '#src/config/search';

const live = process.env;
const configured = Boolean(live.SEARCH_LIVE_BACKEND && live.SEARCH_LIVE_ADMIN_KEY && (live.SEARCH_LIVE_HOST || live.SEARCH_LIVE_APP_ID));

/** Lower case, digits and dashes only: a valid index name in both engines, never a real one. */
const indexName = `newsroom-live-test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
/** Real engines take longer than the CLI's 5 s to create an index and apply settings. */
const TASK_WAIT = { timeoutMs: 60_000, intervalMs: 250 };

/** Three public stories in two languages and one private story, from the test content folder. */
function tinyBundle(): Pick<ContentBundle, 'categories' | 'stories'> {
  const loaded = loadContentFolder(join(import.meta.dirname, '../fixtures/content/basic'), { addressing: createMediaAddressing('/media') });
  if (!loaded.ok) throw new Error('fixture content folder does not load');
  const slugs = ['english-story-01', 'english-story-03', 'histoire-francaise-03', 'private-story'];
  return { categories: loaded.bundle.categories, stories: loaded.bundle.stories.filter((story) => slugs.includes(story.slug)) };
}

function adapter(settings: SearchAdminSettings): SearchBackend {
  const apiKey = live.SEARCH_LIVE_API_KEY || settings.adminKey;
  return settings.searchBackend === 'meilisearch'
    ? new MeilisearchSearchBackend({ host: settings.host!, apiKey, indexName })
    : new AlgoliaSearchBackend({ appId: settings.appId!, apiKey, host: settings.host, indexName });
}

/** Deletes the throwaway index and checks that it is gone. */
async function deleteIndex(settings: SearchAdminSettings): Promise<void> {
  if (settings.searchBackend === 'meilisearch') {
    const client = new Meilisearch({ host: settings.host!, apiKey: settings.adminKey });
    await client.deleteIndex(indexName).waitTask({ timeout: TASK_WAIT.timeoutMs });
    const missing = await client.getIndex(indexName).then(() => null, describeClientError);
    expect(missing?.code).toBe('index_not_found');
  } else {
    const client = algoliasearch(settings.appId!, settings.adminKey, settings.host ? { hosts: [algoliaHost(settings.host)] } : {});
    const { taskID } = await client.deleteIndex({ indexName });
    await client.waitForTask({ indexName, taskID });
    expect(await client.indexExists({ indexName })).toBe(false);
  }
}

describe.skipIf(!configured)('live search engine (SEARCH_LIVE_BACKEND)', () => {
  const settings = configured
    ? readSearchAdminSettings({
        SEARCH_BACKEND: live.SEARCH_LIVE_BACKEND,
        SEARCH_HOST: live.SEARCH_LIVE_HOST || undefined,
        SEARCH_APP_ID: live.SEARCH_LIVE_APP_ID || undefined,
        SEARCH_API_KEY: live.SEARCH_LIVE_API_KEY || live.SEARCH_LIVE_ADMIN_KEY,
        SEARCH_ADMIN_KEY: live.SEARCH_LIVE_ADMIN_KEY,
        SEARCH_INDEX: indexName,
      })
    : null;
  let deleted = false;

  afterAll(async () => {
    // Whatever failed above, the throwaway index does not outlive the run.
    if (settings && !deleted) await deleteIndex(settings).catch((error: unknown) => console.error(`could not delete live index ${indexName}:`, error));
  }, 120_000);

  it('syncs a tiny fixture, finds a story by its section with facet counts, and deletes the index', { timeout: 180_000 }, async () => {
    const bundle = tinyBundle();

    const synced = await syncSearchIndex(bundle, settings!, { cdnRoot: '/media', taskWait: TASK_WAIT });

    // english-story-01 (lead), english-story-03 (lead, Key facts), histoire-francaise-03 (lead); not the private story.
    expect(synced).toMatchObject({ backend: settings!.searchBackend, indexName, indexed: 4, deleted: 0 });
    const backend = adapter(settings!);

    const found = await backend.search(normaliseSearchQuery({ text: 'speed', locale: 'en' }));
    expect(found.total).toBe(1);
    const [hit] = found.hits as SectionSearchResultHit[];
    expect(hit).toMatchObject({ slug: 'english-story-03', sectionId: 'header-key-facts' });
    expect(hit!.snippet).toContain(`${HIGHLIGHT_START}Speed`);
    expect(found.facets).toEqual({ category: [{ value: 1, count: 1 }, { value: 2, count: 1 }], year: [{ value: 2026, count: 1 }], month: [{ value: 3, count: 1 }] });

    // A category filter: one hit, and the category counts still show the other category.
    const filtered = await backend.search(normaliseSearchQuery({ text: 'story', locale: 'en', categoryId: 2 }));
    expect(filtered.hits.map((story) => story.slug)).toEqual(['english-story-03']);
    expect(filtered.facets.category).toEqual([{ value: 1, count: 2 }, { value: 2, count: 1 }]);

    // Only public stories of the requested language.
    expect((await backend.search(normaliseSearchQuery({ text: 'private', locale: 'en' }))).total).toBe(0);
    expect((await backend.search(normaliseSearchQuery({ text: 'histoire', locale: 'fr' }))).hits.map((story) => story.slug)).toEqual(['histoire-francaise-03']);

    await deleteIndex(settings!);
    deleted = true;
  });
});
