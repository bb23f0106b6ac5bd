// `npx tsx scripts/measure/renderer-first-byte.tsx [latency ms]`: how soon each way of rendering
// a page through Hono sends its first byte when the page's data takes `latency` ms (default 100),
// and what the document it sends is like. The measurement behind ADR 0049: @hono/react-renderer
// alone (`c.render` with `stream: true`, awaiting the data first as views take complete props, and
// with the data read inside a <Suspense> boundary), against the composition the worker uses: the
// package registered as src/http/html-renderer.ts registers it, its output sent after this
// project's cached document start (src/views/render.tsx), which leaves before the data; and the
// same start followed by React's `renderToReadableStream` called directly (the renderer before).
//
// Runs in Node on Hono's own `app.request`, so no network or workerd is measured: only when each
// renderer lets the first byte go. Prints a table; asserts nothing.
import { reactRenderer } from '@hono/react-renderer';
import { Hono } from 'hono';
import { Suspense, use } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { htmlRenderer } from '#src/http/html-renderer';
import type { DocumentShell } from '#src/pages/model';
import { streamDocument } from '#src/views/render';

const latency = Number(process.argv[2] ?? 100);
const REQUESTS = 20;

type Model = { title: string; stories: string[] };
const readData = (): Promise<Model> =>
  new Promise((resolve) => setTimeout(() => resolve({ title: 'Newsroom', stories: Array.from({ length: 12 }, (_, i) => `Story ${i + 1}`) }), latency));

const shell: DocumentShell = { locale: 'en', stylesheets: ['/styles/site.css'], colorScheme: 'light dark', themeColor: null, clientScript: true };

function List({ model }: { model: Model }) {
  return (
    <ul>
      {model.stories.map((story) => (
        <li key={story}>{story}</li>
      ))}
    </ul>
  );
}

function Page({ model }: { model: Model }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{model.title}</title>
        <link rel="stylesheet" href="/styles/site.css" />
      </head>
      <body>
        <main>
          <List model={model} />
        </main>
      </body>
    </html>
  );
}

/** The list read inside the view (`use`), under a Suspense boundary: the shell can go first. */
function SuspendedList({ data }: { data: Promise<Model> }) {
  return <List model={use(data)} />;
}

const app = new Hono();
app.use('/package/*', reactRenderer(({ children }) => <>{children}</>, { stream: true }));
// @hono/react-renderer as its documentation shows it: the handler reads, then renders complete props.
app.get('/package/await', async (c) => c.render(<Page model={await readData()} />, { title: '' }));
// The same package with the data read inside a Suspense boundary.
app.get('/package/suspense', (c) => {
  const data = readData();
  return c.render(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>Newsroom</title>
        <link rel="stylesheet" href="/styles/site.css" />
      </head>
      <body>
        <main>
          <Suspense fallback={<p>…</p>}>
            <SuspendedList data={data} />
          </Suspense>
        </main>
      </body>
    </html>,
    { title: '' },
  );
});
// The renderer before the composition (ADR 0049's first form): the same start, then React's
// `renderToReadableStream` called directly.
app.get('/direct', (c) => {
  const document = readData().then(async (model) => new Response(await renderToReadableStream(<Page model={model} />)));
  const fallback = async () => new Response(await renderToReadableStream(<Page model={{ title: 'Error', stories: [] }} />));
  return c.body(streamDocument(shell, document, fallback).body, 200, { 'Content-Type': 'text/html; charset=utf-8' });
});
// The worker's composition: the package as the app registers it, the start sent before the data,
// the package's output (`c.render`, once the data is read) after its `<head>`.
app.use('/composed', htmlRenderer);
app.get('/composed', (c) => {
  const document = readData().then((model) => c.render(<Page model={model} />));
  const fallback = () => c.render(<Page model={{ title: 'Error', stories: [] }} />);
  return c.body(streamDocument(shell, document, fallback).body, 200, { 'Content-Type': 'text/html; charset=utf-8' });
});

async function measure(path: string) {
  const firstBytes: number[] = [];
  let html = '';
  for (let i = 0; i < REQUESTS; i++) {
    const sent = performance.now();
    const response = await app.request(path);
    const reader = response.body!.getReader();
    const first = await reader.read();
    firstBytes.push(performance.now() - sent);
    const decoder = new TextDecoder();
    html = decoder.decode(first.value, { stream: true });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      html += decoder.decode(value, { stream: true });
    }
  }
  firstBytes.sort((a, b) => a - b);
  const inlineScripts = (html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).length;
  // Without JavaScript, is the list visible where the page puts it?
  const listInPlace = /<main><ul>/.test(html);
  const heads = (html.match(/<head>/g) ?? []).length;
  return { path, firstByteP50: firstBytes[Math.floor(REQUESTS / 2)]!.toFixed(2), inlineScripts, heads, listShownWithoutJavaScript: listInPlace };
}

console.log(`Data read in ${latency} ms, ${REQUESTS} requests each (Node ${process.version}, app.request):`);
console.table([await measure('/package/await'), await measure('/package/suspense'), await measure('/direct'), await measure('/composed')]);
