/**
 * Filling the page cache: a copy of a rendered response's body, read in the background and stored
 * in KV with the metadata a later hit replays (ADR 0011).
 */
import { KvPageCacheStore, type StoredPageMetadata } from '#src/platform/kv/page-cache-store';
import { warnKvFailure } from './content-revision';
import { entityTag } from '#src/http/conditional-get';
import { MAX_CACHED_BODY_BYTES, cacheLifetime } from './policy';

export interface PendingCopy {
  readonly key: string;
  readonly stream: ReadableStream<Uint8Array>;
  readonly status: number;
  readonly headers: [string, string][];
  readonly cacheControl: string | null;
  /** The route's own validator (feeds and sitemaps compute one): kept so revalidation agrees. */
  readonly etag: string | null;
  readonly storedAt: number;
  /** For a page streamed before its data: whether it was sent whole (one that failed is never stored). */
  readonly complete: Promise<boolean> | null;
}

/** Reads a stream whole, or returns null (cancelling it) once it passes `limit` bytes. */
async function readAtMost(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

export async function storeCopy(store: KvPageCacheStore, copy: PendingCopy): Promise<void> {
  try {
    const body = await readAtMost(copy.stream, MAX_CACHED_BODY_BYTES);
    if (!body || (copy.complete && !(await copy.complete))) return;
    const { freshSeconds, staleSeconds } = cacheLifetime(copy.cacheControl);
    const metadata: StoredPageMetadata = { v: 1, s: copy.status, h: copy.headers, t: copy.storedAt, f: freshSeconds, e: copy.etag ?? (await entityTag(body)) };
    await store.put(copy.key, body.buffer, metadata, freshSeconds + staleSeconds);
  } catch (error) {
    // A body that failed mid-stream is as uncacheable as a KV that refused it.
    warnKvFailure('put', error);
  }
}
