/**
 * Requests to the worker under test, as a browser sends them: to the fixture newsroom's host
 * (its `url`), redirects not followed, so a test sees the 301 and its Location itself.
 */
import { SELF } from 'cloudflare:test';

/** The fixture newsroom's origin (newsroom.url of test/fixtures/content). */
export const ORIGIN = 'https://news.test.example';

export function get(path: string, init: RequestInit = {}): Promise<Response> {
  return SELF.fetch(`${ORIGIN}${path}`, { redirect: 'manual', ...init });
}
