/**
 * A page's HTML answer, React-rendered (src/views/render.tsx) with the page rule of the
 * Cache-Control table unless the caller's headers say otherwise (a private page).
 *
 * A route whose status is known before its data (the list pages, the media index, search) passes
 * the page as a promise: a browser then gets the start of the document at once and the rest when
 * the data arrives (docs/decisions/0049-stream-the-head-first.md). Everyone else waits for the
 * whole page, so its status stays true to the end: crawlers and feed readers (an outage is a 503,
 * never a 200 with a notice), the page cache's own renders, a HEAD, and a request the page cache
 * could still answer with an expired copy if the page failed (`holdFirstByte`).
 */
import type { Context } from 'hono';
import type { ReactElement } from 'react';
import type { AppEnv } from './app-env';
import type { DocumentShell } from '#src/pages/model';
import { renderDocument, streamDocument } from '#src/views/render';
import { cacheRules } from './cache-rules';
import { errorPage, reportUnexpected } from './error-page';

export interface HtmlPage {
  /** The start of the head (`layout.shell`, or `documentShell` before the data is read). */
  readonly shell: DocumentShell;
  /** The page, or the page once its data is read: then a browser gets the start first. */
  readonly page: ReactElement | Promise<ReactElement>;
  readonly status?: number;
  readonly headers?: Record<string, string>;
}

/**
 * A browser loading a page to show it (Fetch Metadata: `Sec-Fetch-Dest: document`), which draws
 * it as it arrives. Crawlers, feed readers and scripts send no such header.
 */
export function showsPageAsItArrives(request: Request): boolean {
  return request.method === 'GET' && request.headers.get('Sec-Fetch-Dest') === 'document';
}

export async function renderPage(c: Context<AppEnv>, html: HtmlPage): Promise<Response> {
  const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheRules.page, ...html.headers };
  if (html.page instanceof Promise && showsPageAsItArrives(c.req.raw) && c.var.holdFirstByte !== true) {
    const streamed = streamDocument(html.shell, html.page, (error) => {
      // The status was sent: the document ends with the error page's text, reported once.
      reportUnexpected(c, error);
      return errorPage(c, 500).page;
    });
    c.set('renderComplete', streamed.complete);
    return new Response(streamed.body, { status: 200, headers });
  }
  return new Response(await renderDocument(html.shell, await html.page), { status: html.status ?? 200, headers });
}
