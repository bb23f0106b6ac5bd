// D1 sessions through the real worker: a form that writes answers with the session's bookmark in
// a short-lived cookie; the next request starts from it; anything else carries no cookie, and a
// cookie that is not a bookmark is ignored.
import { expect, test } from 'vitest';
import { BOOKMARK_COOKIE, isBookmark } from '#src/platform/d1/sessions';
import { ORIGIN, request } from '../request';

const UUID = '11111111-2222-4333-8444-555555555555';

const subscribe = (email: string, cookie?: string) =>
  request(`${ORIGIN}/en/newsroom/${UUID}/subscribe`, {
    method: 'POST',
    body: new URLSearchParams({ email }),
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) },
  });

const bookmarkOf = (response: Response) => response.headers.get('Set-Cookie')?.match(new RegExp(`${BOOKMARK_COOKIE}=([^;]+)`))?.[1];

test('a form that writes answers with its bookmark, for the next request to read at least that write', async () => {
  const response = await subscribe(`bookmark-${crypto.randomUUID()}@example.com`);
  expect(response.status).toBe(303);
  const cookie = response.headers.get('Set-Cookie')!;
  expect(cookie).toMatch(new RegExp(`^${BOOKMARK_COOKIE}=[^;]+; Path=/; Max-Age=120; HttpOnly; Secure; SameSite=Lax$`));
  const bookmark = bookmarkOf(response);
  expect(isBookmark(bookmark)).toBe(true);

  // The redirect target, read from that bookmark on.
  const next = await request(`${ORIGIN}${response.headers.get('Location')}`, { headers: { Cookie: `${BOOKMARK_COOKIE}=${bookmark}` } });
  expect(next.status).toBe(200);
  expect(next.headers.get('Set-Cookie')).toBeNull();
});

test.each(['not a bookmark', '../../etc', 'a'.repeat(300), "0000-'; DROP"])('a cookie that is not a bookmark (%s) is ignored', async (value) => {
  const response = await subscribe(`ignored-${crypto.randomUUID()}@example.com`, `${BOOKMARK_COOKIE}=${encodeURIComponent(value)}`);
  expect(response.status).toBe(303);
  expect(isBookmark(bookmarkOf(response))).toBe(true);
});

test('pages and the API set no cookie', async () => {
  for (const response of [
    await request(`${ORIGIN}/`),
    await request(`${ORIGIN}/api/fetch-stories`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ page: 1, pageSize: 1 }) }),
  ]) {
    expect(response.headers.get('Set-Cookie')).toBeNull();
    await response.arrayBuffer();
  }
});

test.each([
  ['0000000a-00000002-00004f7d-3bb2a5cfe2bd8a5ef1dd8c2f2c2d7e6f', true],
  ['00000001-00000000-00000000-0000000000000000', true],
  ['', false],
  ['zz', false],
  ['a-b-c-d-e-f-g-h-i', false],
  [undefined, false],
])('isBookmark(%j) is %s', (value, expected) => {
  expect(isBookmark(value)).toBe(expected);
});
