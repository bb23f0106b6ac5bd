/**
 * The isolate's own copies of the pages it served most recently from KV, in front of KV: a repeat
 * hit on a busy page costs no KV read at all (ADR 0030). Bounded by bytes and by count, the least
 * recently used dropped first.
 *
 * Safe because a page-cache key never names two different pages: it holds the content revision,
 * the build and the address, nothing deletes an entry, and a later copy under the same key is the
 * same page rendered again once the earlier one expired. An entry past its freshness is the
 * caller's to skip (`isFresh`), as it skips KV's; KV is then asked for a newer one.
 */
import type { StoredPage } from '#src/platform/kv/page-cache-store';

/** Per isolate (128 MB of memory): a few hundred pages of tens of KB. */
export const HOT_PAGES_MAX_BYTES = 8 * 1024 * 1024;
export const HOT_PAGES_MAX_ENTRIES = 500;

export class HotPages {
  private readonly pages = new Map<string, StoredPage>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = HOT_PAGES_MAX_BYTES,
    private readonly maxEntries = HOT_PAGES_MAX_ENTRIES,
  ) {}

  get(key: string): StoredPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      // Most recently used last: Map keeps insertion order.
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: StoredPage): void {
    this.delete(key);
    if (page.body.byteLength > this.maxBytes) return;
    this.pages.set(key, page);
    this.bytes += page.body.byteLength;
    for (const [oldest] of this.pages) {
      if (this.bytes <= this.maxBytes && this.pages.size <= this.maxEntries) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.body.byteLength;
  }

  get size(): number {
    return this.pages.size;
  }
}
