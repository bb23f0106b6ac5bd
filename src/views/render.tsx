/**
 * HTML responses. Every page loads its data in one D1 batch before it renders, and no view
 * suspends, so nothing could arrive late: the whole document is rendered (React's `allReady`)
 * before the answer starts, its status is final, and a render that fails rejects, so
 * app.onError answers with the 500 page (docs/decisions/0001-own-streaming-renderer.md).
 */
import type { ReactElement } from 'react';
import { renderToReadableStream } from 'react-dom/server';

export interface RenderOptions {
  readonly status?: number;
  readonly headers?: Record<string, string>;
}

export async function renderHtml(element: ReactElement, options: RenderOptions = {}): Promise<Response> {
  // Without a Suspense boundary every render error fails the whole render: the promise rejects
  // and app.onError logs and reports it once, so React's own report (console.error) is muted.
  const stream = await renderToReadableStream(element, { onError: () => undefined });
  await stream.allReady;
  return new Response(stream, {
    status: options.status ?? 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...options.headers },
  });
}
