/**
 * The page cache's storage in Workers KV: one entry per page (the body as the value, status,
 * headers, ETag and the time it was stored as metadata), plus the `content-revision` key that
 * page keys include. This class only moves bytes; what may be cached and for how long is decided
 * by the policy in page-cache/policy.ts.
 *
 * Why metadata and not a JSON envelope: `getWithMetadata` returns both in one read, and the body
 * stays raw bytes (no base64, no parsing on a hit). KV caps metadata at 1024 bytes of JSON, so a
 * page whose headers do not fit is simply not stored.
 *
 * @see https://developers.cloudflare.com/kv/api/write-key-value-pairs/#metadata
 */

/**
 * The KV key holding the page cache's pointers, written by the import and the cron after their
 * commit (see ADR 0011): the content revision, the last withdrawal's revision (no copy from before
 * it may be served) and when they changed, in one value, so a reader never pairs a revision with
 * another moment's withdrawal. A bare number (a backfill, an older deploy) is a revision with the
 * rest unknown.
 */
export const CONTENT_REVISION_KEY = 'content-revision';
/**
 * The last pointers the page cache learned, kept without a TTL: when `content-revision` has
 * expired (it was only backfilled) and D1 is down, pages stored under it can still be found.
 */
export const LAST_KNOWN_REVISION_KEY = 'content-revision:last-known';
/** The revision and build whose busiest pages the cron last pre-rendered (src/page-cache/prerender.ts). */
export const PRERENDERED_KEY = 'page-cache:prerendered';
/** KV refuses metadata larger than this (serialized JSON). */
export const MAX_METADATA_BYTES = 1024;
/** KV refuses an `expirationTtl` below a minute. */
export const MIN_KV_TTL_SECONDS = 60;

/** What is stored beside a page's body. Short field names: they count against the 1024 bytes. */
export interface StoredPageMetadata {
  /** Entry format version: entries of another format are ignored (read as a miss). */
  readonly v: 1;
  /** HTTP status (only 200 is stored today; kept so the format does not assume it). */
  readonly s: number;
  /** Response headers to replay, lower-case names. */
  readonly h: readonly (readonly [string, string])[];
  /** When the page was stored, in ms since the epoch: the basis of `Age` and freshness. */
  readonly t: number;
  /** Seconds after `t` during which the entry is fresh; after that it is only served on error. */
  readonly f: number;
  /** The page's ETag, quotes included: the route's own, else a strong hash of the body. */
  readonly e: string;
}

/** The page cache's pointers as one KV value holds them. */
export interface RevisionPointers {
  readonly revision: number;
  /** The last withdrawal's revision; null when unknown (then no older copy may be served). */
  readonly lastWithdrawal: number | null;
  /** When the import or the cron committed them (ms since the epoch); null when unknown. */
  readonly changedAt: number | null;
}

export interface StoredPage {
  readonly body: ArrayBuffer;
  readonly metadata: StoredPageMetadata;
}

function isStoredPageMetadata(value: unknown): value is StoredPageMetadata {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Partial<StoredPageMetadata>;
  return m.v === 1 && typeof m.s === 'number' && Array.isArray(m.h) && typeof m.t === 'number' && typeof m.f === 'number' && typeof m.e === 'string';
}

export class KvPageCacheStore {
  constructor(private readonly kv: KVNamespace) {}

  /** The stored page, or null when absent, expired or written in another format. */
  async get(key: string): Promise<StoredPage | null> {
    const { value, metadata } = await this.kv.getWithMetadata<unknown>(key, 'arrayBuffer');
    if (value === null || !isStoredPageMetadata(metadata)) return null;
    return { body: value, metadata };
  }

  /**
   * Stores a page for `ttlSeconds` (KV deletes it afterwards). Returns false, storing nothing,
   * when the metadata would exceed KV's limit.
   */
  async put(key: string, body: ArrayBuffer, metadata: StoredPageMetadata, ttlSeconds: number): Promise<boolean> {
    if (new TextEncoder().encode(JSON.stringify(metadata)).byteLength > MAX_METADATA_BYTES) return false;
    await this.kv.put(key, body, { expirationTtl: Math.max(MIN_KV_TTL_SECONDS, Math.ceil(ttlSeconds)), metadata });
    return true;
  }

  /** The pointers the import or the cron recorded, or null when the key is missing or malformed. */
  async readPointers(): Promise<RevisionPointers | null> {
    return parsePointers(await this.kv.get(CONTENT_REVISION_KEY));
  }

  /** The content revision alone (the health check). */
  async readRevision(): Promise<number | null> {
    return (await this.readPointers())?.revision ?? null;
  }

  /** The last pointers learned (see LAST_KNOWN_REVISION_KEY), or null. */
  async readLastKnownPointers(): Promise<RevisionPointers | null> {
    return parsePointers(await this.kv.get(LAST_KNOWN_REVISION_KEY));
  }

  /**
   * Records the pointers. The import and the cron write them without a TTL; the middleware
   * backfills them from D1 with a short TTL so that a deployment whose import forgot KV still
   * converges.
   */
  async writeRevisionPointers(pointers: RevisionPointers, ttlSeconds?: number): Promise<void> {
    await this.kv.put(CONTENT_REVISION_KEY, JSON.stringify(pointers), ttlSeconds === undefined ? {} : { expirationTtl: Math.max(MIN_KV_TTL_SECONDS, Math.ceil(ttlSeconds)) });
  }

  async writeLastKnownPointers(pointers: RevisionPointers): Promise<void> {
    await this.kv.put(LAST_KNOWN_REVISION_KEY, JSON.stringify(pointers));
  }

  async readPrerendered(): Promise<string | null> {
    return this.kv.get(PRERENDERED_KEY);
  }

  async writePrerendered(marker: string): Promise<void> {
    await this.kv.put(PRERENDERED_KEY, marker);
  }

  /** Both pointers, stamped now, after an import or a go-live commits (never before: see the import CLI). */
  async writePointers(pointers: { revision: number; lastWithdrawal: number }): Promise<void> {
    await this.writeRevisionPointers(stampPointers(pointers));
  }
}

/** The one KV value for pointers D1 just committed. */
export function stampPointers(pointers: { revision: number; lastWithdrawal: number }, now = Date.now()): RevisionPointers {
  return { revision: pointers.revision, lastWithdrawal: pointers.lastWithdrawal, changedAt: now };
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function parsePointers(value: string | null): RevisionPointers | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return isCount(Number(text)) ? { revision: Number(text), lastWithdrawal: null, changedAt: null } : null;
  try {
    const parsed = JSON.parse(text) as Partial<RevisionPointers>;
    if (!isCount(parsed.revision)) return null;
    return { revision: parsed.revision, lastWithdrawal: isCount(parsed.lastWithdrawal) ? parsed.lastWithdrawal : null, changedAt: isCount(parsed.changedAt) ? parsed.changedAt : null };
  } catch {
    return null;
  }
}
