/**
 * Requests to the worker under test, as a browser sends them, through the pool's SELF (the
 * static-asset router, then the worker). `get` asks the fixture newsroom's host (its `url`) for a
 * path, redirects not followed, so a test sees the 301 and its Location itself; `request` asks
 * any address with the options given.
 *
 * Both read the answer's body whole before returning it: the worker's work after a response (the
 * page cache's copy, the request log) waits until its body is read, and the project's files share
 * one workerd, which waits for that work after each file (fresh-newsroom.ts).
 */
import { SELF } from 'cloudflare:test';

/** The fixture newsroom's origin (newsroom.url of test/fixtures/content). */
export const ORIGIN = 'https://news.test.example';

/** Statuses whose response has no body (the Fetch standard's null body statuses). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export async function request(url: string, init?: RequestInit): Promise<Response> {
  const response = await SELF.fetch(url, init);
  const body = await response.arrayBuffer();
  return new Response(NULL_BODY_STATUSES.has(response.status) ? null : body, response);
}

export function get(path: string, init: RequestInit = {}): Promise<Response> {
  return request(`${ORIGIN}${path}`, { redirect: 'manual', ...init });
}

