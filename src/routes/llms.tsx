/**
 * `[/{locale}]/llms.txt` and `[/{locale}]/llms-full.txt`: public content of one language for
 * language models (their texts: src/pages/llms-text.ts), with conditional GET.
 */
import { Hono } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { cacheRules } from '#src/http/cache-rules';
import { conditionalResponse } from '#src/http/conditional-get';
import { requireSite } from '#src/http/require-site';
import { loadLlmsFull, loadLlmsIndex } from '#src/pages/llms-text';
import { MARKDOWN_CONTENT_TYPE } from '#src/pages/markdown-form';

export const llms = new Hono<AppEnv>()
  .get('/llms.txt', async (c) => {
    const body = await loadLlmsIndex(c.var.deps, requireSite(c), c.var.locale);
    return conditionalResponse(c.req.raw, body, { contentType: MARKDOWN_CONTENT_TYPE, cacheControl: cacheRules.page });
  })
  .get('/llms-full.txt', async (c) => {
    const { body, lastModified } = await loadLlmsFull(c.var.deps, requireSite(c), c.var.locale);
    return conditionalResponse(c.req.raw, body, { contentType: MARKDOWN_CONTENT_TYPE, cacheControl: cacheRules.page, lastModified: lastModified || null });
  });
