import { describe, expect, test } from 'vitest';
import { HotPages } from '#src/page-cache/hot-pages';
import type { StoredPage } from '#src/platform/kv/page-cache-store';

const page = (bytes: number): StoredPage => ({ body: new ArrayBuffer(bytes), metadata: { v: 1, s: 200, h: [], t: 0, f: 60, e: '"x"' } });

describe('HotPages', () => {
  test('gives back what it was given, under its key only', () => {
    const hot = new HotPages(100, 10);
    const a = page(10);
    hot.set('a', a);
    expect(hot.get('a')).toBe(a);
    expect(hot.get('b')).toBeUndefined();
  });

  test.each([
    // [bytes per page, pages added, limits (bytes, entries), keys left]
    { sizes: [40, 40, 40], maxBytes: 100, maxEntries: 10, left: ['1', '2'] },
    { sizes: [10, 10, 10], maxBytes: 100, maxEntries: 2, left: ['1', '2'] },
    { sizes: [10, 200, 10], maxBytes: 100, maxEntries: 10, left: ['0', '2'] },
    { sizes: [100], maxBytes: 100, maxEntries: 10, left: ['0'] },
  ])('keeps within $maxBytes bytes and $maxEntries entries, oldest out first: $sizes leaves $left', ({ sizes, maxBytes, maxEntries, left }) => {
    const hot = new HotPages(maxBytes, maxEntries);
    sizes.forEach((bytes, index) => hot.set(String(index), page(bytes)));
    expect(sizes.map((_, index) => String(index)).filter((key) => hot.get(key))).toEqual(left);
  });

  test('a page read recently outlives one read earlier', () => {
    const hot = new HotPages(100, 2);
    hot.set('old', page(10));
    hot.set('newer', page(10));
    hot.get('old');
    hot.set('newest', page(10));
    expect([hot.get('old') !== undefined, hot.get('newer') !== undefined, hot.get('newest') !== undefined]).toEqual([true, false, true]);
  });

  test('setting a key again replaces its page and counts its bytes once', () => {
    const hot = new HotPages(100, 10);
    hot.set('a', page(60));
    hot.set('a', page(60));
    hot.set('b', page(40));
    expect(hot.size).toBe(2);
    hot.delete('a');
    expect(hot.get('a')).toBeUndefined();
    expect(hot.size).toBe(1);
  });
});
