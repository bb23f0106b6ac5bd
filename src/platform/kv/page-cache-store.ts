/**
 * The page cache's storage in Workers KV: one entry per page (the body as the value, status,
 * headers, ETag and the time it was stored as metadata), plus the `content-revision` key that
 * page keys include. This class only moves bytes; what may be cached and for how long is decided
 * by the policy in middleware/page-cache-policy.ts.
 *
 * Why metadata and not a JSON envelope: `getWithMetadata` returns both in one read, and the body
 * stays raw bytes (no base64, no parsing on a hit). KV caps metadata at 1024 bytes of JSON, so a
 * page whose headers do not fit is simply not stored.
 *
 * @see https://developers.cloudflare.com/kv/api/write-key-value-pairs/#metadata
 */

/** The KV key holding the current content revision, written by the import (see ADR 0011). */
export const CONTENT_REVISION_KEY = 'content-revision';
/**
 * The last revision the page cache learned from D1, kept without a TTL: when `content-revision`
 * has expired (it was only backfilled) and D1 is down, pages stored under it can still be found.
 */
export const LAST_KNOWN_REVISION_KEY = 'content-revision:last-known';
/**
 * The last revision that withdrew a public address (D1's content_revision.last_withdrawal): stale
 * copies of older revisions are never served. Written with the revision by the import and the cron.
 */
export const LAST_WITHDRAWAL_KEY = 'content-revision:last-withdrawal';
/** The revision and build whose busiest pages the cron last pre-rendered (src/jobs/warm-page-cache.ts). */
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

  /** The content revision the import recorded, or null when the key is missing or malformed. */
  async readRevision(): Promise<number | null> {
    return parseRevision(await this.kv.get(CONTENT_REVISION_KEY));
  }

  /** The last revision learned from D1 (see LAST_KNOWN_REVISION_KEY), or null. */
  async readLastKnownRevision(): Promise<number | null> {
    return parseRevision(await this.kv.get(LAST_KNOWN_REVISION_KEY));
  }

  /**
   * Records the content revision. The import writes it without a TTL; the middleware backfills
   * it from D1 with a short TTL so that a deployment whose import forgot KV still converges.
   */
  async writeRevision(revision: number, ttlSeconds?: number): Promise<void> {
    await this.kv.put(CONTENT_REVISION_KEY, String(revision), ttlSeconds === undefined ? {} : { expirationTtl: Math.max(MIN_KV_TTL_SECONDS, Math.ceil(ttlSeconds)) });
  }

  async writeLastKnownRevision(revision: number): Promise<void> {
    await this.kv.put(LAST_KNOWN_REVISION_KEY, String(revision));
  }

  /** The last withdrawal's revision, or null when unknown (then no older copy may be served). */
  async readLastWithdrawal(): Promise<number | null> {
    return parseRevision(await this.kv.get(LAST_WITHDRAWAL_KEY));
  }

  async writeLastWithdrawal(revision: number): Promise<void> {
    await this.kv.put(LAST_WITHDRAWAL_KEY, String(revision));
  }

  async readPrerendered(): Promise<string | null> {
    return this.kv.get(PRERENDERED_KEY);
  }

  async writePrerendered(marker: string): Promise<void> {
    await this.kv.put(PRERENDERED_KEY, marker);
  }

  /** Both pointers, after an import or a go-live commits (never before: see the import CLI). */
  async writePointers(pointers: { revision: number; lastWithdrawal: number }): Promise<void> {
    await this.writeLastWithdrawal(pointers.lastWithdrawal);
    await this.writeRevision(pointers.revision);
  }
}

function parseRevision(value: string | null): number | null {
  if (value === null) return null;
  const revision = Number(value.trim());
  return Number.isSafeInteger(revision) && revision >= 0 ? revision : null;
}
