/**
 * A request the page cache cannot answer from a stored copy: the real app (createApp) under a
 * client build no copy was stored for (as right after a deploy), with its own copy of the site
 * context, so the page is rendered from D1 as it is now. The site has no
 * header or cookie that skips the cache (nothing a stranger could use), so tests that change D1
 * and look at the result ask this way.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { createApp } from '#src/app';
import { ORIGIN } from './request';

export async function renderFresh(path: string, init: RequestInit = {}, bindings: Cloudflare.Env = env): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await createApp({ build: `fresh-${crypto.randomUUID()}` }).request(`${ORIGIN}${path}`, { redirect: 'manual', ...init }, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}
