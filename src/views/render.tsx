/**
 * HTML responses. Every page loads its data in one D1 batch before it renders, and no view
 * suspends, so nothing could arrive late: the whole document is rendered to one string before the
 * answer starts, its status is final, and a render that fails throws, so app.onError answers with
 * the 500 page (docs/decisions/0001-own-streaming-renderer.md).
 *
 * `renderToString`, not `renderToReadableStream`: with no Suspense boundary both give the same
 * bytes, and the stream encodes every small piece into its own chunk on the way, which made a
 * story page's render about a quarter more CPU. Unlike the stream it does not write the doctype,
 * so it is written here: every view rendered through here is a whole `<html>` document.
 */
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';

export interface RenderOptions {
  readonly status?: number;
  readonly headers?: Record<string, string>;
}

const DOCTYPE = '<!DOCTYPE html>';

export async function renderHtml(element: ReactElement, options: RenderOptions = {}): Promise<Response> {
  const html = DOCTYPE + renderToString(element);
  return new Response(html, {
    status: options.status ?? 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...options.headers },
  });
}
