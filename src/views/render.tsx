/**
 * Streaming HTML responses. React streams the document as it renders; crawlers (and anything that
 * will be cached) get the complete document by waiting for `allReady`. If rendering fails before
 * the shell is sent, the promise rejects and the caller answers with the 500 page instead.
 */
import type { ReactElement } from 'react';
import { renderToReadableStream } from 'react-dom/server';

const CRAWLER = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|lighthouse|headless/i;

export function isCrawler(userAgent: string | undefined | null): boolean {
  return CRAWLER.test(userAgent ?? '');
}

export interface RenderOptions {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  /** Wait for the whole document before sending (crawlers, cache fills). */
  readonly waitForAll?: boolean;
}

export async function renderHtml(element: ReactElement, options: RenderOptions = {}): Promise<Response> {
  let status = options.status ?? 200;
  const stream = await renderToReadableStream(element, {
    onError(error: unknown) {
      // Errors after the shell are streamed into Suspense fallbacks; the page is still wrong, so
      // it must not be cached as a 200 (the status is only changeable before the shell is sent).
      status = 500;
      console.error('Render error', error);
    },
  });
  if (options.waitForAll) await stream.allReady;
  return new Response(stream, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...options.headers },
  });
}
