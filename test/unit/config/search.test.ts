import { describe, expect, it } from 'vitest';
import { SEARCH_CLIENT_TIMEOUTS, HOST_RETRY_COOLDOWN_MS, SEARCH_SYNC_BATCH_SIZE, SEARCH_TASK_WAIT } from '#src/platform/search/constants';
import { publicSearchSettings, readSearchAdminSettings, readSearchSettings, readSearchWriterSettings, SearchSettingsError } from '#src/config/search';

describe('readSearchSettings', () => {
  it('defaults to the D1 backend and the stories index when nothing is set', () => {
    expect(readSearchSettings({})).toEqual({ searchBackend: 'd1', appId: null, apiKey: null, host: null, indexName: 'stories' });
  });

  it('counts empty and blank variables as unset, as wrangler [vars] often leave them', () => {
    expect(readSearchSettings({ SEARCH_BACKEND: '', SEARCH_HOST: '  ', SEARCH_INDEX: '' })).toMatchObject({ searchBackend: 'd1', host: null, indexName: 'stories' });
  });

  it('ignores bindings that are not search variables (D1, KV objects)', () => {
    expect(readSearchSettings({ DB: { prepare() {} }, PAGE_CACHE: {}, SEARCH_BACKEND: 'd1' }).searchBackend).toBe('d1');
  });

  it('reads a Meilisearch configuration, without the trailing slash of the host', () => {
    const settings = readSearchSettings({ SEARCH_BACKEND: 'meilisearch', SEARCH_HOST: 'https://search.example.com/', SEARCH_API_KEY: 'search-key', SEARCH_INDEX: 'newsroom_stories' });
    expect(settings).toEqual({ searchBackend: 'meilisearch', appId: null, apiKey: 'search-key', host: 'https://search.example.com', indexName: 'newsroom_stories' });
  });

  it('reads an Algolia configuration, the host being optional', () => {
    expect(readSearchSettings({ SEARCH_BACKEND: 'algolia', SEARCH_APP_ID: 'APPID', SEARCH_API_KEY: 'search-key' })).toEqual({
      searchBackend: 'algolia',
      appId: 'APPID',
      apiKey: 'search-key',
      host: null,
      indexName: 'stories',
    });
  });

  it('names the missing host for Meilisearch', () => {
    expect(() => readSearchSettings({ SEARCH_BACKEND: 'meilisearch', SEARCH_API_KEY: 'key' })).toThrow(
      new SearchSettingsError('Invalid search configuration: SEARCH_HOST is required when SEARCH_BACKEND is meilisearch'),
    );
  });

  it('names every missing field at once for Algolia', () => {
    expect(() => readSearchSettings({ SEARCH_BACKEND: 'algolia' })).toThrow(
      'SEARCH_APP_ID is required when SEARCH_BACKEND is algolia; SEARCH_API_KEY is required when SEARCH_BACKEND is algolia',
    );
  });

  it('refuses an unknown backend, listing the known ones', () => {
    expect(() => readSearchSettings({ SEARCH_BACKEND: 'elastic' })).toThrow('SEARCH_BACKEND must be one of d1, meilisearch, algolia');
  });

  it('refuses a host that is not an http(s) URL and an index name with odd characters', () => {
    expect(() => readSearchSettings({ SEARCH_BACKEND: 'meilisearch', SEARCH_API_KEY: 'key', SEARCH_HOST: 'search.example.com' })).toThrow('SEARCH_HOST must be an http(s) URL');
    expect(() => readSearchSettings({ SEARCH_INDEX: 'stories; drop' })).toThrow('SEARCH_INDEX may hold letters, digits, dashes and underscores only');
  });

  it('never returns the admin key to the worker, even when the variable is set', () => {
    const settings = readSearchSettings({ SEARCH_BACKEND: 'algolia', SEARCH_APP_ID: 'APPID', SEARCH_API_KEY: 'search-key', SEARCH_ADMIN_KEY: 'admin-key' });
    expect(JSON.stringify(settings)).not.toContain('admin-key');
    expect(publicSearchSettings(settings)).toEqual({ searchBackend: 'algolia', appId: 'APPID', apiKey: 'search-key', host: null });
  });
});

describe('readSearchAdminSettings', () => {
  const meilisearch = { SEARCH_BACKEND: 'meilisearch', SEARCH_HOST: 'http://127.0.0.1:7700', SEARCH_API_KEY: 'search-key' };

  it('adds the admin key for the import CLI', () => {
    expect(readSearchAdminSettings({ ...meilisearch, SEARCH_ADMIN_KEY: 'admin-key' })).toMatchObject({ searchBackend: 'meilisearch', adminKey: 'admin-key', apiKey: 'search-key' });
  });

  it('names the missing admin key', () => {
    expect(() => readSearchAdminSettings(meilisearch)).toThrow('SEARCH_ADMIN_KEY is required to sync the meilisearch index');
  });

  it('refuses to sync when D1 is the backend', () => {
    expect(() => readSearchAdminSettings({ SEARCH_ADMIN_KEY: 'admin-key' })).toThrow('SEARCH_BACKEND must be meilisearch or algolia to sync a search index');
  });
});

describe('readSearchWriterSettings (the go-live push)', () => {
  const algolia = { SEARCH_BACKEND: 'algolia', SEARCH_APP_ID: 'APPID', SEARCH_API_KEY: 'search-key' };

  it('gives the engine, its index and the documents-only key', () => {
    expect(readSearchWriterSettings({ ...algolia, SEARCH_INDEX: 'news', SEARCH_WRITE_KEY: 'write-key' })).toMatchObject({ searchBackend: 'algolia', indexName: 'news', writeKey: 'write-key' });
  });

  it('is off without the key (the import fills the index alone) and with D1 search', () => {
    expect(readSearchWriterSettings({ ...algolia, SEARCH_WRITE_KEY: '' })).toBeNull();
    expect(readSearchWriterSettings({ SEARCH_WRITE_KEY: 'write-key' })).toBeNull();
  });

  it('keeps the write key out of the settings pages and the cache fingerprint read', () => {
    const env = { ...algolia, SEARCH_WRITE_KEY: 'write-key' };
    expect(JSON.stringify(readSearchSettings(env))).not.toContain('write-key');
  });
});

describe('search constants (docs/spec-coverage.md section 9)', () => {
  it('are the documented client timeouts, host cooldown, task wait and batch size', () => {
    expect(SEARCH_CLIENT_TIMEOUTS).toEqual({ connect: 1000, read: 2000, write: 30000 });
    expect(HOST_RETRY_COOLDOWN_MS).toBe(120_000);
    expect(SEARCH_TASK_WAIT).toEqual({ timeoutMs: 5000, intervalMs: 50 });
    expect(SEARCH_SYNC_BATCH_SIZE).toBe(1000);
  });
});

describe('readSearchSettings on a worker env', () => {
  it('checks an env object once and returns the same settings for it afterwards', () => {
    const env = { SEARCH_BACKEND: 'meilisearch', SEARCH_HOST: 'https://search.example.com', SEARCH_API_KEY: 'key' };
    expect(readSearchSettings(env)).toBe(readSearchSettings(env));
  });
});
