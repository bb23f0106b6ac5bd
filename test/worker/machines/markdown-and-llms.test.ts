// Readable by machines through the real worker and the fixture content: Markdown
// alternates at `.md` addresses and by Accept negotiation (each form cached apart), llms.txt and
// llms-full.txt, and JSON Feed's content_text.
import { env } from 'cloudflare:workers';
import { expect, test } from 'vitest';
import { ORIGIN, request } from '../request';

const get = (path: string, accept?: string) => request(`${ORIGIN}${path}`, { redirect: 'manual', headers: accept ? { Accept: accept } : {} });
const MARKDOWN = 'text/markdown; charset=utf-8';
/** Any HTML start or end tag (a backslash-escaped `\<` is text); Markdown autolinks are not used. */
const HTML_TAG = /(?<!\\)<\/?[a-z][a-z0-9-]*(\s[^>]*)?>/i;
const NON_PUBLIC = ['draft-story', 'private-story', 'embargoed-story'];

async function markdown(path: string, accept?: string): Promise<{ response: Response; body: string }> {
  const response = await get(path, accept);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('Content-Type'), path).toBe(MARKDOWN);
  return { response, body: await response.text() };
}

test('a story’s Markdown alternate: title, date and language, the body without HTML, absolute links, its canonical page', async () => {
  const { response, body } = await markdown('/english-story-03.md');
  expect(body.startsWith('# English story number 03\n')).toBe(true);
  expect(body).not.toMatch(HTML_TAG);
  expect(body).toContain('Published on March 3, 2026 · English');
  expect(body).toContain('## Key facts');
  // An image is its original file, on an absolute address; decorative thumbnails are gone.
  expect(body).toContain('![A photo](https://news.test.example/media/d33a4856-9ed9-4700-b1c1-029a258abb3c/photo.jpg)');
  expect(body).toContain('| Metric | Value |');
  expect(body).toContain('[Watch the video: The launch film](https://vimeo.com/901455216)');
  expect(body).toContain('[Download Fact sheet (PDF · 24 byte)](https://news.test.example/media/91af74c0-2f11-4ee5-8382-db7e0ddd98c2/-/inline/no/factsheet.pdf)');
  expect(body).toContain('[jane@acme.example](mailto:jane@acme.example)');
  expect(body).toContain('## About Acme Test Co');
  expect(response.headers.get('Link')).toBe('<https://news.test.example/english-story-03>; rel="canonical"');
  expect(response.headers.get('Vary')).toBeNull();
  const html = await (await get('/english-story-03')).text();
  expect(html).toContain('<link rel="alternate" type="text/markdown" href="https://news.test.example/english-story-03.md"/>');
});

test.each(NON_PUBLIC)('the non-public story %s has no Markdown form, by address or by Accept', async (slug) => {
  expect((await get(`/${slug}.md`)).status).toBe(404);
  expect((await get(`/${slug}`, 'text/markdown')).status).toBe(404);
});

test('a hostile body and tag are text: markup escaped, emptied links unwrapped, no script address', async () => {
  const { body } = await markdown('/hostile-body.md');
  expect(body).not.toMatch(HTML_TAG);
  expect(body).not.toContain('javascript:');
  expect(body).toContain('Hello alert(\'x\') world.');
  expect(body).toContain('Click me and raw.');
  expect(body).toContain('[\\<em>x\\</em> & "y"](https://news.test.example/tag/');
});

test.each([
  ['text/markdown', true],
  ['text/markdown, text/html;q=0.9', true],
  ['text/html;q=0.5, text/markdown;q=0.8', true],
  ['text/html', false],
  ['text/html, text/markdown', false],
  ['*/*', false],
  ['text/markdown;q=0, */*', false],
])('Accept: %s at the HTML address gives Markdown: %s, and says Vary: Accept', async (accept, isMarkdown) => {
  const response = await get('/english-story-05', accept);
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe(isMarkdown ? MARKDOWN : 'text/html; charset=utf-8');
  expect(response.headers.get('Vary')).toContain('Accept');
  const body = await response.text();
  expect(body.startsWith(isMarkdown ? '# English story number 05' : '<!DOCTYPE html>')).toBe(true);
});

test.each([
  ['Markdown first, then HTML', '/english-story-06', ['text/markdown', 'text/html', 'text/markdown', 'text/html']],
  ['HTML first, then Markdown', '/english-story-07', ['text/html', 'text/markdown', 'text/html', 'text/markdown']],
])('%s: each form is cached apart and never served for the other', async (_, path, accepts) => {
  const seen: string[] = [];
  for (const accept of accepts) {
    const response = await get(path, accept);
    const body = await response.text();
    seen.push(`${accept} ${response.headers.get('X-Cache')} ${body.startsWith('<!DOCTYPE html>') ? 'html' : body.startsWith('# ') ? 'markdown' : 'other'}`);
  }
  expect(seen).toEqual(accepts.map((accept, index) => `${accept} ${index < 2 ? 'MISS' : 'HIT'} ${accept === 'text/html' ? 'html' : 'markdown'}`));
  const keys = (await env.PAGE_CACHE.list({ prefix: 'page:' })).keys.map((key) => key.name).filter((name) => name.endsWith(path) || name.endsWith(`${path}#markdown`));
  expect(keys.filter((name) => name.endsWith('#markdown'))).toHaveLength(1);
});

test.each([
  ['/index.md', '# Acme Test Co', 'https://news.test.example/english-story-15.md'],
  ['/fr/index.md', '# Acme Test SA', 'https://news.test.example/'],
  ['/category/products.md', '# Products', 'https://news.test.example/english-story-15.md'],
  ['/tag/wind%20power.md', '# Stories tagged', 'https://news.test.example/english-story-15.md'],
])('the list page %s has a Markdown form linking its stories’ Markdown', async (path, start, link) => {
  const { body } = await markdown(path);
  expect(body.startsWith(start)).toBe(true);
  expect(body).toContain(link);
  expect(body).not.toMatch(HTML_TAG);
  for (const slug of NON_PUBLIC) expect(body).not.toContain(slug);
});

test('the homepage, a category and a tag page link their Markdown form and negotiate it', async () => {
  for (const [page, alternate] of [
    ['/', '/index.md'],
    ['/category/products?page=2', '/category/products.md?page=2'],
    ['/fr', '/fr/index.md'],
  ] as const) {
    expect(await (await get(page)).text()).toContain(`<link rel="alternate" type="text/markdown" href="${ORIGIN}${alternate}"/>`);
    const negotiated = await get(page, 'text/markdown');
    expect(negotiated.headers.get('Content-Type'), page).toBe(MARKDOWN);
  }
});

test('llms.txt: the newsroom, a summary, sections of links that all resolve, only public stories', async () => {
  const { body } = await markdown('/llms.txt');
  expect(body.startsWith('# Acme Test Co\n\n> Acme Test Co makes testing delightful.')).toBe(true);
  for (const section of ['## Latest stories', '## Categories', '## Contact us', '## Feeds', '## Optional']) expect(body).toContain(section);
  for (const slug of NON_PUBLIC) expect(body).not.toContain(slug);
  const links = [...body.matchAll(/\]\((https:\/\/news\.test\.example[^)\s]*)\)/g)].map((match) => match[1]!);
  expect(links.length).toBeGreaterThan(10);
  for (const link of new Set(links)) {
    const response = await request(link, { redirect: 'manual' });
    expect(response.status, link).toBe(200);
    await response.arrayBuffer();
  }
  expect(body).toContain('https://news.test.example/fr/llms.txt');
  const fr = await markdown('/fr/llms.txt');
  expect(fr.body.startsWith('# Acme Test SA')).toBe(true);
});

test('llms-full.txt holds the latest public stories whole, in Markdown', async () => {
  const { body } = await markdown('/llms-full.txt');
  expect(body).toContain('# English story number 15');
  expect(body).toContain('## Key facts');
  expect(body).not.toMatch(HTML_TAG);
  for (const slug of NON_PUBLIC) expect(body).not.toContain(slug);
});

test('JSON Feed items carry the body as Markdown in content_text beside content_html', async () => {
  const feed = (await (await get('/feed/json')).json()) as { items: { url: string; content_html: string; content_text?: string }[] };
  const item = feed.items.find((candidate) => candidate.url.endsWith('/english-story-03'))!;
  expect(item.content_html).toContain('<h2');
  expect(item.content_text).toContain('## Key facts');
  expect(item.content_text).not.toMatch(HTML_TAG);
});
