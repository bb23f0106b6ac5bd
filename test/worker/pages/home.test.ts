import { expect, test } from 'vitest';
import { cacheRules } from '#src/http/cache-rules';
import { request } from '../request';

test('the homepage streams a complete English document with the spec sections', async () => {
  const response = await request('https://news.test.example/');
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.page);
  expect(response.headers.get('Set-Cookie')).toBeNull();
  const html = await response.text();
  expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
  expect(html).toContain('<html lang="en" dir="ltr">');
  expect(html).toContain('Latest stories');
  expect(html).toContain('All stories');
  expect(html).toContain('Contact us');
  expect(html).toContain('About Acme Test Co');
});
