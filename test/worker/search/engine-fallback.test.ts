// With an engine configured that cannot be reached, search falls back to D1 with a visible
// notice, and the degraded page is not cacheable; never a 500.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect, test, vi } from 'vitest';
import { createApp } from '#src/app';
import { cacheRules } from '#src/http/cache-rules';

test('an unreachable Meilisearch falls back to the built-in search with a notice', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const app = createApp();
  const ctx = createExecutionContext();
  const response = await app.fetch(
    new Request('https://news.test.example/search?query=story'),
    { ...env, SEARCH_BACKEND: 'meilisearch', SEARCH_HOST: 'http://127.0.0.1:9', SEARCH_API_KEY: 'search-only' },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.error);
  const html = await response.text();
  expect(html).toContain('Our search service is unavailable right now');
  expect(html).toContain('We found 16 results for “story”');
  expect(errors).toHaveBeenCalled();
});

test('quick results from the fallback are not cached either, so they do not outlive the outage', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const ctx = createExecutionContext();
  const response = await createApp().fetch(
    new Request('https://news.test.example/api/search?query=story'),
    { ...env, SEARCH_BACKEND: 'meilisearch', SEARCH_HOST: 'http://127.0.0.1:9', SEARCH_API_KEY: 'search-only', RELEASE: 'fallback-api-test' },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.error);
  expect(response.headers.get('X-Cache')).toBe('MISS');
  expect(((await response.json()) as { total: number }).total).toBe(16);
  expect(errors).toHaveBeenCalled();
});

test('a misconfigured engine names the missing setting', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const app = createApp();
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request('https://news.test.example/'), { ...env, SEARCH_BACKEND: 'meilisearch' }, ctx);
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(500);
  expect(String(errors.mock.calls[0]?.[0])).toContain('SEARCH_HOST is required when SEARCH_BACKEND is meilisearch');
});
