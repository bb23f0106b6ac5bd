/**
 * The one HTML renderer: @hono/react-renderer, registered once for the whole app (src/app.tsx), so
 * error pages have it too. A route renders its view with `c.render(view)` and hands the answer to
 * `renderPage` (./render-page.ts), which sends the newsroom's cached document start first and the
 * package's output after its `<head>` (docs/decisions/0049-stream-the-head-first.md).
 *
 * `stream: {}` renders with React's `renderToReadableStream` and sets exactly the headers given:
 * none, as renderPage writes the page's own (and Workers choose the transfer encoding). No layout
 * component: every view renders its whole document (src/views/document.tsx). React's own report of
 * a render error is silenced: the error is thrown to renderPage or `app.onError`, which report it
 * once.
 */
import { reactRenderer } from '@hono/react-renderer';

export const htmlRenderer = reactRenderer(undefined, { stream: {}, readableStreamOptions: { onError: () => {} } });
