import { expect, test } from 'vitest';
import { cacheRules } from '#src/http/cache-rules';
import { request } from '../request';

test('the homepage streams a complete English document with the spec sections', async () => {
  // A browser's navigation (Fetch Metadata), the one request a page is streamed to (ADR 0049).
  const response = await request('https://news.test.example/', { headers: { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
  // Its end could have been an error page: no shared cache may keep what it sent.
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.streamed);
  // Streamed: its D1 cost is in the request log line, not in a header sent before the queries.
  expect(response.headers.get('Server-Timing')).toBeNull();
  expect(response.headers.get('Set-Cookie')).toBeNull();
  const html = await response.text();
  expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
  expect(html).toContain('<html lang="en" dir="ltr">');
  expect(html).toContain('Latest stories');
  expect(html).toContain('All stories');
  expect(html).toContain('Contact us');
  expect(html).toContain('About Acme Test Co');
});
