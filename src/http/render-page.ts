/**
 * A page's HTML answer: the view as @hono/react-renderer renders it (`c.render(view)`,
 * ./html-renderer.ts) after the newsroom's document start (src/views/render.tsx), with the page
 * rule of the Cache-Control table unless the caller's headers say otherwise (a private page).
 *
 * A route whose status is known before its data (`streamable`: a list page checked against the
 * newsroom's counts, the first page of a D1 search) passes the rendering as a promise of the data:
 * a browser then gets the start of the document at once and the rest when the data arrives
 * (docs/decisions/0049-stream-the-head-first.md). Everyone else waits for the whole page, so its
 * status stays true to the end: crawlers and feed readers (an outage is a 503, never a 200 with a
 * notice), the page cache's own renders, a HEAD, and a request the page cache could still answer
 * with an expired copy if the page failed (`holdFirstByte`).
 *
 * A streamed page's end may still be an error page, so what it sends says no shared cache may keep
 * it (`cacheRules.streamed`); the page cache alone learns whether it was sent whole and keeps only
 * that copy, under the page's own rule (src/page-cache/page-cache.ts).
 *
 * What the route knows about its page travels in the page it returns, and is applied here, where
 * its response is made: the page's language (its shell's: a story at the root path is in the
 * story's language, not the address's) becomes the request's, which the request log, the error
 * page of a page that fails from here on, and an error report name; the origins the page needs
 * beyond the newsroom's settings go into its Content-Security-Policy (./page-policy.ts).
 */
import type { Context } from 'hono';
import type { AppEnv } from './app-env';
import { NotFoundError } from '#src/domain/errors';
import type { DocumentShell } from '#src/pages/model';
import { renderDocument, streamDocument } from '#src/views/render';
import { cacheRules } from './cache-rules';
import type { CspSources } from './content-security-policy';
import { errorPage, reportUnexpected } from './error-page';
import { pagePolicy } from './page-policy';

export interface HtmlPage {
  /** The start of the head (`layout.shell`, or `documentShell` before the data is read). */
  readonly shell: DocumentShell;
  /** The page's document as the package renders it, `c.render(view)`, perhaps once its data is read. */
  readonly document: Response | Promise<Response>;
  /** Its status and headers are known before its data is read: a browser may get the start first. */
  readonly streamable?: boolean;
  readonly status?: number;
  readonly headers?: Record<string, string>;
  /**
   * Origins this page needs beyond the newsroom's settings: its video players' frames
   * (`playerSources`), Turnstile on a portal form, anyone framing an embed card.
   */
  readonly cspSources?: CspSources | null;
}

/**
 * A browser loading a page to show it (Fetch Metadata: `Sec-Fetch-Dest: document`), which draws
 * it as it arrives. Crawlers, feed readers and scripts send no such header.
 */
export function showsPageAsItArrives(request: Request): boolean {
  return request.method === 'GET' && request.headers.get('Sec-Fetch-Dest') === 'document';
}

export async function renderPage(c: Context<AppEnv>, html: HtmlPage): Promise<Response> {
  // Before the document is awaited: a page that fails now gets its error page in its own language.
  c.set('locale', html.shell.locale);
  const headers = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': cacheRules.page,
    ...html.headers,
    'Content-Security-Policy': pagePolicy(c, c.var.site, html.cspSources),
  };
  if (html.streamable === true && showsPageAsItArrives(c.req.raw) && c.var.holdFirstByte !== true) {
    const streamed = streamDocument(html.shell, Promise.resolve(html.document), (error) => endOfFailedPage(c, error));
    c.set('renderComplete', streamed.complete);
    c.set('wholePageCacheControl', headers['Cache-Control']);
    return new Response(streamed.body, { status: 200, headers: { ...headers, 'Cache-Control': cacheRules.streamed } });
  }
  return new Response(await renderDocument(html.shell, html.document), { status: html.status ?? 200, headers });
}

/**
 * The status was sent: the document ends with the page its failure calls for. A page that turned
 * out not to exist is no fault (never reported); anything else is reported once.
 */
function endOfFailedPage(c: Context<AppEnv>, error: unknown): Response | Promise<Response> {
  if (error instanceof NotFoundError) return c.render(errorPage(c, 404).page);
  reportUnexpected(c, error);
  return c.render(errorPage(c, 500).page);
}
