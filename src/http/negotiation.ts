/**
 * Markdown answers: a page's Markdown form, at its `.md` address or at its HTML address
 * for a client whose Accept header prefers it (`prefersMarkdown`). Pages that negotiate say
 * `Vary: Accept` in both forms; the page cache keys on the same answer, so neither form can be
 * served for the other. The Markdown names its HTML page as canonical.
 */
import type { Context } from 'hono';
import type { ReactElement } from 'react';
import type { AppEnv } from './app-env';
import { prefersMarkdown } from '#src/domain/content-negotiation';
import { cacheRules } from './cache-rules';
import { MARKDOWN_CONTENT_TYPE } from '#src/pages/markdown-form';
import type { HeadModel } from '#src/pages/head';
import { conditionalResponse } from './conditional-get';
import { renderPage } from './render-page';

/** `Vary` of every page that has a Markdown form: caches must keep the two forms apart. */
export const NEGOTIATED_HEADERS = { Vary: 'Accept' } as const;

export function wantsMarkdown(c: Context<AppEnv>): boolean {
  return prefersMarkdown(c.req.header('Accept'));
}

/**
 * @param negotiated true at the HTML address (the answer depends on Accept), false at `.md`.
 */
export function markdownResponse(c: Context<AppEnv>, markdown: string, head: HeadModel, options: { negotiated: boolean; lastModified?: number | null }): Promise<Response> {
  return conditionalResponse(c.req.raw, markdown, {
    contentType: MARKDOWN_CONTENT_TYPE,
    cacheControl: cacheRules.page,
    lastModified: options.lastModified ?? null,
    headers: {
      ...(options.negotiated ? NEGOTIATED_HEADERS : {}),
      ...(head.canonical ? { Link: `<${head.canonical}>; rel="canonical"` } : {}),
      ...(head.indexable ? {} : { 'X-Robots-Tag': 'noindex' }),
    },
  });
}

/**
 * A page with a Markdown form, at its HTML address: the form the client's Accept prefers, both
 * saying `Vary: Accept`. The HTML is only rendered, and the Markdown only written, when asked for.
 */
export function negotiatedPage(
  c: Context<AppEnv>,
  page: { head: HeadModel; html: () => ReactElement; markdown: () => string; headers?: Record<string, string>; lastModified?: number | null },
): Promise<Response> {
  if (wantsMarkdown(c)) return markdownResponse(c, page.markdown(), page.head, { negotiated: true, lastModified: page.lastModified });
  return renderPage(page.html(), { headers: { ...NEGOTIATED_HEADERS, ...page.headers } });
}
