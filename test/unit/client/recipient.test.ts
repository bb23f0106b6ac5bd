import { afterEach, expect, test, vi } from 'vitest';
import { identifyFromCampaign } from '#src/client/analytics/recipient';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.restoreAllMocks());

test('utm_id: the recipient is fetched from {host}/recipients?id= and identified', async () => {
  const fetcher = vi.fn(async () => json({ id: 'rcp_42' }));
  const identify = vi.fn();
  await identifyFromCampaign(new URL('https://news.example/story?utm_id=abc%2B1'), 'https://analytics.example/', identify, fetcher as unknown as typeof fetch);
  expect(fetcher).toHaveBeenCalledWith('https://analytics.example/recipients?id=abc%2B1', expect.anything());
  expect(identify).toHaveBeenCalledWith('rcp_42');
});

test.each([
  ['an HTTP error', () => json({ message: 'nope' }, 404)],
  ['an answer without id', () => json({})],
  ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
])('%s logs "Failed to fetch recipient with id: {id}" and identifies nobody', async (_name, answer) => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const identify = vi.fn();
  await identifyFromCampaign(new URL('https://news.example/?utm_id=abc'), 'https://analytics.example', identify, vi.fn(answer) as unknown as typeof fetch);
  expect(identify).not.toHaveBeenCalled();
  expect(error).toHaveBeenCalledWith('Failed to fetch recipient with id: abc');
});

test('without utm_id or without an analytics host nothing is fetched', async () => {
  const fetcher = vi.fn();
  await identifyFromCampaign(new URL('https://news.example/'), 'https://analytics.example', vi.fn(), fetcher);
  await identifyFromCampaign(new URL('https://news.example/?utm_id=abc'), null, vi.fn(), fetcher);
  expect(fetcher).not.toHaveBeenCalled();
});
