// Who counts as one client for the rate limits, and which posts are cross-site.
import { expect, test } from 'vitest';
import { clientKey } from '#src/http/client-limits';
import { isCrossSitePost } from '#src/middleware/request-limits';

test.each([
  ['203.0.113.7', '203.0.113.7'],
  ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
  ['2001:db8:85a3:8d3:ffff:ffff:ffff:1', '2001:db8:85a3:8d3::/64'],
  ['2001:db8::1', '2001:db8:0:0::/64'],
  ['2001:0db8:0000:0000::2', '2001:db8:0:0::/64'],
  ['::1', '0:0:0:0::/64'],
])('%s is client %s', (address, key) => {
  expect(clientKey(address)).toBe(key);
});

const ORIGINS = ['https://news.example'];
const post = (headers: Record<string, string>) => new Request('https://news.example/en/newsroom/x/subscribe', { method: 'POST', headers });

test.each([
  ['same origin (Sec-Fetch-Site)', { 'Sec-Fetch-Site': 'same-origin' }, false],
  ['typed or bookmarked', { 'Sec-Fetch-Site': 'none' }, false],
  ['cross-site', { 'Sec-Fetch-Site': 'cross-site' }, true],
  ['a sibling subdomain', { 'Sec-Fetch-Site': 'same-site' }, true],
  ['a no-referrer page of ours', { 'Sec-Fetch-Site': 'same-origin', Origin: 'null' }, false],
  ['a foreign Origin without Sec-Fetch-Site', { Origin: 'https://evil.example' }, true],
  ['our Origin without Sec-Fetch-Site', { Origin: 'https://news.example' }, false],
  ['no browser headers at all', {}, false],
])('a post from %s is cross-site: %s', (_name, headers, expected) => {
  expect(isCrossSitePost(post(headers), ORIGINS)).toBe(expected);
});

test('only posts are judged', () => {
  expect(isCrossSitePost(new Request('https://news.example/', { headers: { 'Sec-Fetch-Site': 'cross-site' } }), ORIGINS)).toBe(false);
});
