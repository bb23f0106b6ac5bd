// Pre-rendering and the previous revision's copy, through the real worker: the import's
// own statements (runAtomically over the seed, with one story's title changed), the KV pointers
// the import writes, and the real scheduled handler. Each visitor is served by a new app (a
// fresh isolate: it reads the revision from KV, where one kept for seconds could be older), and
// its background work is waited for.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, expect, test } from 'vitest';
import { createApp } from '#src/app';
import { CACHE_POINTERS_SQL, runAtomically, type CachePointers } from '#src/platform/d1/import-statements';
import { KvPageCacheStore } from '#src/platform/kv/page-cache-store';
import worker from '#src/worker';
import { ORIGIN } from '../request';

const store = new KvPageCacheStore(env.PAGE_CACHE);

/** Imports the seed again with the newest English story renamed, as the CLI does: one batch, then the KV pointers. */
async function importChangedFolder(title: string, { withdrawal = false } = {}): Promise<CachePointers> {
  const newest = await newestStory('en');
  await runAtomically(env.DB, [
    ...env.TEST_SEED,
    { sql: 'UPDATE stories SET title = ?1 WHERE slug = ?2', params: [title, newest] },
    // What the import records when the new folder drops a public address.
    ...(withdrawal ? [{ sql: 'UPDATE content_revision SET last_withdrawal = revision WHERE id = 1', params: [] }] : []),
  ]);
  const pointers = (await env.DB.prepare(CACHE_POINTERS_SQL).first<CachePointers>())!;
  await store.writePointers(pointers);
  return pointers;
}

async function newestStory(locale?: string): Promise<string> {
  const row = await env.DB.prepare(`SELECT slug FROM stories WHERE status = 'published' AND visibility = 'public' ${locale ? 'AND locale = ?1' : ''} ORDER BY published_at DESC, id DESC LIMIT 1`)
    .bind(...(locale ? [locale] : []))
    .first<{ slug: string }>();
  return row!.slug;
}

async function runCron(): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '* * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const visit = async (path: string) => {
  const ctx = createExecutionContext();
  const response = await createApp().fetch(new Request(`${ORIGIN}${path}`, { redirect: 'manual' }), env, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, cache: response.headers.get('X-Cache'), body };
};

beforeEach(async () => {
  await env.PAGE_CACHE.delete('page-cache:prerendered');
});

test('after an import of a changed folder, the cron renders home, the feeds and the newest story: their first visitors get a HIT', async () => {
  const renamed = `Renamed ${crypto.randomUUID()}`;
  await importChangedFolder(renamed);
  await runCron();
  const slug = await newestStory();
  for (const path of ['/', '/feed', '/feed/atom', '/feed/json', '/fr', `/${slug}`]) {
    expect([path, (await visit(path)).cache]).toEqual([path, 'HIT']);
  }
  // The copies are the new revision's.
  expect((await visit('/')).body).toContain(renamed);
  // A page outside the top ones is rendered by its first visitor.
  expect((await visit('/category/products')).cache).not.toBe('HIT');
});

test('the cron pre-renders once per revision: a second run renders nothing', async () => {
  await importChangedFolder(`Renamed ${crypto.randomUUID()}`);
  await runCron();
  const marker = await store.readPrerendered();
  expect(marker).toMatch(/^\d+:/);
  const logged: string[] = [];
  const original = console.log;
  console.log = (line: string) => void logged.push(line);
  try {
    await runCron();
  } finally {
    console.log = original;
  }
  expect(logged.filter((line) => line.includes('"event":"prerender"'))).toEqual([]);
  expect(await store.readPrerendered()).toBe(marker);
});

test('a page the new revision has not rendered yet is answered with the previous copy at once, and the new one follows', async () => {
  const path = '/';
  await importChangedFolder(`Before ${crypto.randomUUID()}`);
  await visit(path);
  const before = await visit(path);
  expect(before.cache).toBe('HIT');

  const renamed = `After ${crypto.randomUUID()}`;
  await importChangedFolder(renamed);
  const first = await visit(path);
  expect(first.cache).toBe('STALE');
  expect(first.body).toBe(before.body);

  // The background render stored this revision's copy: the next visitors get it.
  const next = await visit(path);
  expect(next.cache).toBe('HIT');
  expect(next.body).toContain(renamed);
});

test('after an import that withdrew a public address, no previous copy is served: the page is rendered', async () => {
  const path = '/category/products';
  await importChangedFolder(`Before ${crypto.randomUUID()}`);
  await visit(path);
  expect((await visit(path)).cache).toBe('HIT');

  const pointers = await importChangedFolder(`After ${crypto.randomUUID()}`, { withdrawal: true });
  expect(pointers.lastWithdrawal).toBe(pointers.revision);
  expect((await visit(path)).cache).toBe('MISS');
});
