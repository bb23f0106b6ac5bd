/**
 * HTML documents in two parts (docs/decisions/0049-stream-the-head-first.md):
 *
 * 1. the start: the doctype, `<html lang dir>`, `<head>` and what the shell says (`DocumentStart`:
 *    charset, viewport, stylesheets, the browser bundle). It depends on the newsroom alone, so it is
 *    rendered here once per shell and isolate and kept;
 * 2. the rest: the page's document as @hono/react-renderer rendered it (`c.render(view)`,
 *    src/http/html-renderer.ts), whole once its data is read (no view suspends, so React emits no
 *    inline script and the document reads the same without JavaScript). React writes it from the
 *    doctype on; its `<!DOCTYPE html><html …><head>`, already sent, is dropped, and the head it
 *    manages (its image preloads, then the page's title and metadata) follows the start.
 *
 * The package's answer is read here as a web `Response` only: views never import Hono.
 * `renderDocument` answers once both parts are rendered, as one body, so a failure is still a
 * failure (the 500 page). `streamDocument` sends the start at once and the rest when the page's
 * data arrives: a failure then can no longer change the status, so the document ends with the
 * fallback the caller gives (the localized error page) and `complete` says it failed.
 */
import { renderToReadableStream } from 'react-dom/server';
import { textDirection, toBcp47 } from '#src/i18n/locales';
import type { DocumentShell } from '#src/pages/model';
import { DocumentStart } from './document';

const encoder = new TextEncoder();
const HEAD_TAG = encoder.encode('<head>');

/** React's own report prints to the console; a failure of the start is thrown and reported by the caller. */
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
 * The page's document after its `<head>` tag, as the package rendered it (a view that throws
 * rejects it): what comes before (React's doctype and `<html lang dir>`) the start already said.
 * Its chunks are joined into one, which costs a copy and saves a stream step per chunk on the way out.
 */
async function documentAfterHead(rendered: Response | Promise<Response>): Promise<Uint8Array> {
  const whole = new Uint8Array(await (await rendered).arrayBuffer());
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
export async function renderDocument(shell: DocumentShell, rendered: Response | Promise<Response>): Promise<Uint8Array<ArrayBuffer>> {
  const [start, rest] = await Promise.all([documentStart(shell), documentAfterHead(rendered)]);
  return joined(start, rest);
}

export interface StreamedDocument {
  readonly body: ReadableStream<Uint8Array>;
  /** True once the whole page was sent; false when it failed and the fallback ended it. */
  readonly complete: Promise<boolean>;
}

/**
 * The start of the document now, the page once `rendered` resolves. When reading or rendering the
 * page fails, the document `fallback(error)` renders follows instead (its own start is not sent again).
 */
export function streamDocument(shell: DocumentShell, rendered: Promise<Response>, fallback: (error: unknown) => Response | Promise<Response>): StreamedDocument {
  // Handled below, perhaps after it failed: not an unhandled rejection meanwhile.
  rendered.catch(() => {});
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
            rest = await documentAfterHead(rendered);
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
