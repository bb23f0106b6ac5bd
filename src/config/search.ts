/**
 * Search settings from environment variables (docs/spec-coverage.md section 3, "Search settings"), checked with
 * zod/mini so a deployment pointing at an engine with a field missing fails at start with the name
 * of that field, not with a 401 from the engine on the first visitor's search.
 *
 *   SEARCH_BACKEND    d1 (default) | meilisearch | algolia
 *   SEARCH_APP_ID     Algolia application id
 *   SEARCH_API_KEY    search-only key: the only key that may ever reach a browser
 *   SEARCH_HOST       Meilisearch URL; for Algolia an optional host override (proxy, tests)
 *   SEARCH_INDEX      index name, default `stories`
 *   SEARCH_ADMIN_KEY  write key, read by the import CLI alone (readSearchAdminSettings)
 *   SEARCH_WRITE_KEY  a key that may only add and delete documents of SEARCH_INDEX: the worker's
 *                     queue pushes stories the cron makes live with it (readSearchWriterSettings)
 *
 * The worker's settings type has no admin or write key at all, so neither can be serialised to a
 * page by accident: the queue reads the write key through its own function. Empty strings count as unset, because wrangler `[vars]` are often left as "".
 */
import * as z from 'zod/mini';

export const SEARCH_BACKENDS = ['d1', 'meilisearch', 'algolia'] as const;
export type SearchBackendName = (typeof SEARCH_BACKENDS)[number];

/** docs/spec-coverage.md section 3's Search settings entity: which engine, and how a browser reaches it. */
export interface SearchSettings {
  readonly searchBackend: SearchBackendName;
  readonly appId: string | null;
  readonly apiKey: string | null;
  readonly host: string | null;
}

export const DEFAULT_SEARCH_INDEX = 'stories';

/** Both engines accept these characters in index names; anything else is a typo. */
const INDEX_NAME = /^[A-Za-z0-9_-]{1,100}$/;

const optionalText = z.optional(z.string());

const SearchVarsSchema = z.object({
  SEARCH_BACKEND: z.optional(z.enum(SEARCH_BACKENDS, { error: `SEARCH_BACKEND must be one of ${SEARCH_BACKENDS.join(', ')}` })),
  SEARCH_APP_ID: optionalText,
  SEARCH_API_KEY: optionalText,
  SEARCH_HOST: z.optional(z.string().check(z.regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, 'SEARCH_HOST must be an http(s) URL such as https://search.example.com'))),
  SEARCH_INDEX: z.optional(z.string().check(z.regex(INDEX_NAME, 'SEARCH_INDEX may hold letters, digits, dashes and underscores only'))),
  SEARCH_ADMIN_KEY: optionalText,
  SEARCH_WRITE_KEY: optionalText,
});

/** The worker's view: which engine, how to reach it with the search-only key, which index. */
export interface ResolvedSearchSettings extends SearchSettings {
  readonly indexName: string;
}

/** The import CLI's view: the same, plus the key that may write to the index. */
export interface SearchAdminSettings extends ResolvedSearchSettings {
  readonly searchBackend: Exclude<SearchBackendName, 'd1'>;
  readonly adminKey: string;
}

export class SearchSettingsError extends Error {
  override readonly name = 'SearchSettingsError';
}

/** Which variables each engine cannot work without (SEARCH_ADMIN_KEY is checked by the CLI). */
const REQUIRED: Readonly<Record<SearchBackendName, readonly ('SEARCH_APP_ID' | 'SEARCH_API_KEY' | 'SEARCH_HOST')[]>> = {
  d1: [],
  meilisearch: ['SEARCH_HOST', 'SEARCH_API_KEY'],
  algolia: ['SEARCH_APP_ID', 'SEARCH_API_KEY'],
};

/** A worker's env object lives as long as its isolate: check it once, not on every request. */
const checked = new WeakMap<object, ResolvedSearchSettings>();

/**
 * Reads and checks the search variables of a worker env or `process.env`. Throws a
 * SearchSettingsError naming every wrong or missing field.
 */
export function readSearchSettings(env: object): ResolvedSearchSettings {
  const known = checked.get(env);
  if (known) return known;
  const settings = resolve(env);
  checked.set(env, settings);
  return settings;
}

function resolve(env: object): ResolvedSearchSettings {
  const vars = parseVars(env);
  const searchBackend = vars.SEARCH_BACKEND ?? 'd1';
  const missing = REQUIRED[searchBackend].filter((name) => !vars[name]);
  if (missing.length > 0) {
    throw new SearchSettingsError(`Invalid search configuration: ${missing.map((name) => `${name} is required when SEARCH_BACKEND is ${searchBackend}`).join('; ')}`);
  }
  return {
    searchBackend,
    appId: vars.SEARCH_APP_ID ?? null,
    apiKey: vars.SEARCH_API_KEY ?? null,
    host: vars.SEARCH_HOST ? vars.SEARCH_HOST.replace(/\/+$/, '') : null,
    indexName: vars.SEARCH_INDEX ?? DEFAULT_SEARCH_INDEX,
  };
}

/** The CLI's settings: an external engine and its admin key are both required. */
export function readSearchAdminSettings(env: object): SearchAdminSettings {
  // Not memoised: process.env can change between reads, a worker's env cannot.
  const settings = resolve(env);
  if (settings.searchBackend === 'd1') {
    throw new SearchSettingsError('Invalid search configuration: SEARCH_BACKEND must be meilisearch or algolia to sync a search index (it is d1, which the import fills itself)');
  }
  const adminKey = parseVars(env).SEARCH_ADMIN_KEY;
  if (!adminKey) {
    throw new SearchSettingsError(`Invalid search configuration: SEARCH_ADMIN_KEY is required to sync the ${settings.searchBackend} index`);
  }
  return { ...settings, searchBackend: settings.searchBackend, adminKey };
}

/** The queue's view: the engine, its index, and the documents-only key. */
export interface SearchWriterSettings extends ResolvedSearchSettings {
  readonly searchBackend: Exclude<SearchBackendName, 'd1'>;
  readonly writeKey: string;
}

/**
 * The settings the go-live push writes with; null with the D1 backend (the import and the cron
 * keep FTS5 in step themselves) or without SEARCH_WRITE_KEY (the index is then filled by the
 * import's `--sync-search` alone).
 */
export function readSearchWriterSettings(env: object): SearchWriterSettings | null {
  const settings = readSearchSettings(env);
  if (settings.searchBackend === 'd1') return null;
  const writeKey = parseVars(env).SEARCH_WRITE_KEY;
  return writeKey ? { ...settings, searchBackend: settings.searchBackend, writeKey } : null;
}

/** What a browser may know (the spec's Search settings entity, docs/spec-coverage.md section 3): never an admin key. */
export function publicSearchSettings(settings: ResolvedSearchSettings): SearchSettings {
  return { searchBackend: settings.searchBackend, appId: settings.appId, apiKey: settings.apiKey, host: settings.host };
}

function parseVars(env: object): z.infer<typeof SearchVarsSchema> {
  // Only our variables, with "" as unset: other bindings (D1, KV) are objects zod need not see.
  const picked: Record<string, unknown> = {};
  for (const name of Object.keys(SearchVarsSchema.shape)) {
    const raw = (env as Record<string, unknown>)[name];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === undefined || value === null || value === '') continue;
    picked[name] = value;
  }
  const parsed = SearchVarsSchema.safeParse(picked);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => (issue.message.startsWith(String(issue.path[0])) ? issue.message : `${issue.path.join('.')}: ${issue.message}`));
    throw new SearchSettingsError(`Invalid search configuration: ${fields.join('; ')}`);
  }
  return parsed.data;
}
