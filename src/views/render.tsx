/**
 * HTML documents, rendered by React's `renderToReadableStream` and sent in two parts
 * (docs/decisions/0049-stream-the-head-first.md):
 *
 * 1. the start: the doctype, `<html lang dir>`, `<head>` and what the shell says (`DocumentStart`:
 *    charset, viewport, stylesheets, the browser bundle). It depends on the newsroom alone, so it is
 *    rendered once per shell and isolate and kept;
 * 2. the rest: the page's `Document`, rendered whole once its data is read (no view suspends, so
 *    React emits no inline script and the document reads the same without JavaScript). React
 *    writes it from the doctype on; its `<!DOCTYPE html><html …><head>`, already sent, is dropped,
 *    and the head it manages (its image preloads, then the page's title and metadata) follows the
 *    start.
 *
 * `renderDocument` answers once both parts are rendered, as one body, so a failure is still a
 * failure (the 500 page). `streamDocument` sends the start at once and the rest when the page's data arrives: a
 * failure then can no longer change the status, so the document ends with the fallback the caller
 * gives (the localized error page) and `complete` says it failed.
 */
import type { ReactElement } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { textDirection, toBcp47 } from '#src/i18n/locales';
import type { DocumentShell } from '#src/pages/model';
import { DocumentStart } from './document';

const encoder = new TextEncoder();
const HEAD_TAG = encoder.encode('<head>');

/** React's own report prints to the console; every failure here is thrown and reported by the caller. */
const quiet = { onError: () => {} };

/** Rendered starts by shell: a few per newsroom (one per language and theme). */
const starts = new Map<string, Uint8Array>();
const MAX_KEPT_STARTS = 256;

async function documentStart(shell: DocumentShell): Promise<Uint8Array> {
  const key = JSON.stringify(shell);
  const kept = starts.get(key);
  if (kept) return kept;
  // React writes the opening too, as it writes the page's own: the document up to `</head>`.
  const opened = (
    <html lang={toBcp47(shell.locale)} dir={textDirection(shell.locale)}>
      <head>
        <DocumentStart shell={shell} />
      </head>
    </html>
  );
  const html = await new Response(await renderToReadableStream(opened, quiet)).text();
  const start = encoder.encode(html.slice(0, html.indexOf('</head>')));
  if (starts.size >= MAX_KEPT_STARTS) starts.clear();
  starts.set(key, start);
  return start;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * The page's document after its `<head>` tag, rendered whole by React (a view that throws rejects
 * it): what comes before (React's doctype and `<html lang dir>`) the start already said. Its
 * chunks are joined into one, which costs a copy and saves a stream step per chunk on the way out.
 */
async function documentAfterHead(page: ReactElement): Promise<Uint8Array> {
  const rendered = await renderToReadableStream(page, quiet);
  const whole = new Uint8Array(await new Response(rendered).arrayBuffer());
  const at = indexOf(whole, HEAD_TAG);
  if (at === -1) throw new Error('A rendered page has no <head>: every page is a whole <html> document');
  return whole.subarray(at + HEAD_TAG.length);
}

function joined(start: Uint8Array, rest: Uint8Array): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(start.length + rest.length);
  bytes.set(start);
  bytes.set(rest, start.length);
  return bytes;
}

/** The whole document, rendered before this resolves: a view that throws rejects it, and nothing was sent. */
export async function renderDocument(shell: DocumentShell, page: ReactElement): Promise<Uint8Array<ArrayBuffer>> {
  const [start, rest] = await Promise.all([documentStart(shell), documentAfterHead(page)]);
  return joined(start, rest);
}

export interface StreamedDocument {
  readonly body: ReadableStream<Uint8Array>;
  /** True once the whole page was sent; false when it failed and the fallback ended it. */
  readonly complete: Promise<boolean>;
}

/**
 * The start of the document now, the page once `page` resolves. When reading or rendering the
 * page fails, `fallback(error)` is rendered instead (its own start is not sent again).
 */
export function streamDocument(shell: DocumentShell, page: Promise<ReactElement>, fallback: (error: unknown) => ReactElement): StreamedDocument {
  // Handled below, perhaps after it failed: not an unhandled rejection meanwhile.
  page.catch(() => {});
  let settle: (complete: boolean) => void = () => {};
  const complete = new Promise<boolean>((resolve) => (settle = resolve));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // Not awaited: the start is readable at once, the rest is queued as it is rendered.
      void (async () => {
        let whole = true;
        try {
          controller.enqueue(await documentStart(shell));
          let rest: Uint8Array;
          try {
            rest = await documentAfterHead(await page);
          } catch (error) {
            whole = false;
            rest = await documentAfterHead(fallback(error));
          }
          controller.enqueue(rest);
          controller.close();
        } catch (error) {
          whole = false;
          controller.error(error);
        }
        settle(whole);
      })();
    },
  });
  return { body, complete };
}
