// oEmbed (ADR 0024): the provider endpoint, its discovery links, the embed cards other sites frame,
// and how the page cache keys its answers.
import { env } from 'cloudflare:workers';
import { expect, test } from 'vitest';
import { EMBED_HEIGHT, EMBED_WIDTH, MAX_OEMBED_URL_LENGTH, NOT_EMBEDDABLE, OEMBED_CACHE_AGE_SECONDS } from '#src/domain/oembed';
import { cacheRules } from '#src/http/cache-rules';
import { testLinkToken } from '../../fixtures/story-links';
import { renderFresh } from '../fresh-render';
import { ORIGIN, get, request } from '../request';

const GALLERY = '6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const EMPTY_GALLERY = '7b1f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const SANDBOX = 'sandbox="allow-popups allow-popups-to-escape-sandbox"';

const oembedPath = (url: string, extra = '') => `/oembed?url=${encodeURIComponent(url)}&format=json${extra}`;
const oembed = (url: string, extra = '') => get(oembedPath(url, extra));

interface OembedAnswer {
  version: string;
  type: string;
  title: string;
  author_name: string;
  provider_name: string;
  provider_url: string;
  cache_age: number;
  html: string;
  width: number;
  height: number;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
}

async function answer(url: string, extra = ''): Promise<OembedAnswer> {
  const response = await oembed(url, extra);
  expect(response.status, `${url}${extra}`).toBe(200);
  return (await response.json()) as OembedAnswer;
}

async function secretLink(slug: string): Promise<string> {
  const row = await env.DB.prepare('SELECT uuid FROM stories WHERE slug = ?').bind(slug).first<{ uuid: string }>();
  return `/s/${await testLinkToken(row!.uuid)}`;
}

const oembedLinks = (page: string) => [...page.matchAll(/<link rel="alternate" type="application\/json\+oembed"([^>]*)\/>/g)].map((match) => match[1]!);

test('a public story answers oEmbed 1.0 JSON: a rich, sandboxed iframe of its card, with author, provider and cover thumbnail', async () => {
  const response = await oembed(`${ORIGIN}/english-story-03`);
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.page);
  expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
  const json = (await response.json()) as OembedAnswer;
  expect(json).toEqual({
    version: '1.0',
    type: 'rich',
    title: 'English story number 03',
    author_name: 'Jane Press',
    provider_name: 'Acme Test Co',
    provider_url: `${ORIGIN}/`,
    cache_age: OEMBED_CACHE_AGE_SECONDS,
    html: expect.any(String),
    width: EMBED_WIDTH,
    height: EMBED_HEIGHT,
    thumbnail_url: expect.stringMatching(/^https:\/\/news\.test\.example\/media\/[0-9a-f-]{36}\/.*cover\.jpg$/),
    thumbnail_width: 120,
    thumbnail_height: 80,
  });
  expect(json.html).toBe(
    `<iframe src="${ORIGIN}/english-story-03/embed" width="${EMBED_WIDTH}" height="${EMBED_HEIGHT}" title="English story number 03" ${SANDBOX} loading="lazy" referrerpolicy="strict-origin-when-cross-origin" style="border: 0; max-width: 100%;"></iframe>`,
  );
});

test('a title with markup and quotes is escaped in the embed markup and the card, and kept as text in the JSON', async () => {
  const hostile = `Wind "farm" <b>&</b> 'x' </iframe><script>alert(1)</script>`;
  const story = await env.DB.prepare("SELECT title FROM stories WHERE slug = 'english-story-05'").first<{ title: string }>();
  await env.DB.prepare("UPDATE stories SET title = ? WHERE slug = 'english-story-05'").bind(hostile).run();
  try {
    const json = (await (await renderFresh(oembedPath(`${ORIGIN}/english-story-05`))).json()) as OembedAnswer;
    expect(json.title).toBe(hostile);
    expect(json.html).toContain('title="Wind &quot;farm&quot; &lt;b&gt;&amp;&lt;/b&gt; &apos;x&apos; &lt;/iframe&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(json.html.match(/<iframe /g)).toHaveLength(1);
    expect(json.html).not.toContain('<script');
    const card = await (await renderFresh('/english-story-05/embed')).text();
    expect(card).not.toContain('<script');
    expect(card).toContain('Wind &quot;farm&quot; &lt;b&gt;&amp;&lt;/b&gt;');
  } finally {
    await env.DB.prepare("UPDATE stories SET title = ? WHERE slug = 'english-story-05'").bind(story!.title).run();
  }
});

test('the oEmbed answer and the JSON alternate’s `oembed` agree on title and thumbnail', async () => {
  const story = (await (await get('/english-story-03.json')).json()) as { oembed: { title: string; thumbnail_url: string; thumbnail_width: number; thumbnail_height: number } };
  const json = await answer(`${ORIGIN}/english-story-03`);
  expect({ title: json.title, thumbnail_url: json.thumbnail_url, thumbnail_width: json.thumbnail_width, thumbnail_height: json.thumbnail_height }).toEqual({
    title: story.oembed.title,
    thumbnail_url: story.oembed.thumbnail_url,
    thumbnail_width: story.oembed.thumbnail_width,
    thumbnail_height: story.oembed.thumbnail_height,
  });
});

test('a story in another language is provided by that language’s company; without an author, the company is the author; without a cover, no thumbnail', async () => {
  const json = await answer(`${ORIGIN}/histoire-francaise-03`);
  expect(json).toMatchObject({ title: 'Histoire française numéro 03', author_name: 'Acme Test SA', provider_name: 'Acme Test SA', provider_url: `${ORIGIN}/fr` });
  expect(json.html).toContain(`src="${ORIGIN}/histoire-francaise-03/embed"`);
  expect(json).not.toHaveProperty('thumbnail_url');
  expect(json).not.toHaveProperty('thumbnail_width');
});

test('a gallery answers with its card, in the language of its address', async () => {
  for (const [path, provider, home] of [
    [`/media/album/${GALLERY}`, 'Acme Test Co', `${ORIGIN}/`],
    [`/fr/media/album/${GALLERY}`, 'Acme Test SA', `${ORIGIN}/fr`],
  ] as const) {
    const json = await answer(`${ORIGIN}${path}`);
    expect(json).toMatchObject({ version: '1.0', type: 'rich', title: 'Launch day', author_name: provider, provider_name: provider, provider_url: home, width: EMBED_WIDTH, height: EMBED_HEIGHT });
    expect(json.html).toContain(`<iframe src="${ORIGIN}${path}/embed" `);
    expect(json.html).toContain(SANDBOX);
    expect(json.thumbnail_url).toMatch(/^https:\/\/news\.test\.example\/media\/[0-9a-f-]{36}\/.*photo\.jpg$/);
    expect(json.thumbnail_width).toBeLessThanOrEqual(1200);
  }
});

test('the address may carry a trailing slash, a query or a fragment', async () => {
  for (const url of [`${ORIGIN}/english-story-03/`, `${ORIGIN}/english-story-03?utm_source=mail`, `${ORIGIN}/english-story-03#top`, `${ORIGIN}/media/album/${GALLERY}/?x=1`, 'HTTPS://NEWS.TEST.EXAMPLE/english-story-03']) {
    expect((await answer(url)).title, url).toMatch(/English story number 03|Launch day/);
  }
});

test('maxwidth and maxheight shrink the embed and its thumbnail, never beyond what was asked', async () => {
  const small = await answer(`${ORIGIN}/english-story-03`, '&maxwidth=300&maxheight=100');
  expect([small.width, small.height]).toEqual([300, 100]);
  expect(small.html).toContain('width="300" height="100"');
  expect([small.thumbnail_width, small.thumbnail_height]).toEqual([120, 80]);

  const narrow = await answer(`${ORIGIN}/english-story-03`, '&maxwidth=60');
  expect([narrow.width, narrow.height]).toEqual([60, EMBED_HEIGHT]);
  expect([narrow.thumbnail_width, narrow.thumbnail_height]).toEqual([60, 40]);
  expect(narrow.thumbnail_url).not.toBe(small.thumbnail_url);

  const low = await answer(`${ORIGIN}/english-story-03`, '&maxheight=20');
  expect([low.width, low.height]).toEqual([EMBED_WIDTH, 20]);
  expect([low.thumbnail_width, low.thumbnail_height]).toEqual([30, 20]);

  const roomy = await answer(`${ORIGIN}/english-story-03`, '&maxwidth=5000&maxheight=5000');
  expect([roomy.width, roomy.height]).toEqual([EMBED_WIDTH, EMBED_HEIGHT]);

  const gallery = await answer(`${ORIGIN}/media/album/${GALLERY}`, '&maxwidth=50&maxheight=50');
  expect([gallery.width, gallery.height]).toEqual([50, 50]);
  expect(gallery.thumbnail_width).toBeLessThanOrEqual(50);
  expect(gallery.thumbnail_height).toBeLessThanOrEqual(50);
});

test.each([['abc'], ['-5'], ['0'], ['300px'], ['1e3'], ['12.5'], [''], ['%00']])('maxwidth=%s and maxheight alike are ignored: the card keeps its size', async (value) => {
  const json = await answer(`${ORIGIN}/english-story-03`, `&maxwidth=${value}&maxheight=${value}`);
  expect([json.width, json.height]).toEqual([EMBED_WIDTH, EMBED_HEIGHT]);
  expect([json.thumbnail_width, json.thumbnail_height]).toEqual([120, 80]);
});

test.each([
  ['another site', 'https://evil.example/english-story-03'],
  ['a scheme-relative address', '//evil.example/x'],
  ['a script address', 'javascript:alert(document.domain)'],
  ['a data address', 'data:text/html,<script>alert(1)</script>'],
  ['a relative path', '/english-story-03'],
  ['another scheme of our host', 'http://news.test.example/english-story-03'],
  ['another port of our host', 'https://news.test.example:8443/english-story-03'],
  ['a subdomain of our host', 'https://evil.news.test.example/english-story-03'],
  ['our host as a user name', 'https://news.test.example@evil.example/english-story-03'],
  ['credentials on our host', 'https://user:secret@news.test.example/english-story-03'],
  ['an unknown slug', `${ORIGIN}/no-such-story`],
  ['a draft', `${ORIGIN}/draft-story`],
  ['an embargoed story', `${ORIGIN}/embargoed-story`],
  ['a private story', `${ORIGIN}/private-story`],
  ['the homepage', `${ORIGIN}/`],
  ['a category page', `${ORIGIN}/category/products`],
  ['the media index', `${ORIGIN}/media`],
  ['a JSON alternate', `${ORIGIN}/english-story-03.json`],
  ['an embed card', `${ORIGIN}/english-story-03/embed`],
  ['a story ZIP', `${ORIGIN}/english-story-03/download`],
  ['an empty gallery', `${ORIGIN}/media/album/${EMPTY_GALLERY}`],
  ['a malformed gallery id', `${ORIGIN}/media/album/not-a-uuid`],
  ['a gallery under the default language’s prefix', `${ORIGIN}/en/media/album/${GALLERY}`],
  ['a gallery under a language the newsroom lacks', `${ORIGIN}/de/media/album/${GALLERY}`],
  ['a broken escape', `${ORIGIN}/%E0%A4%A`],
  ['an empty segment', `${ORIGIN}//english-story-03`],
  ['not an address', 'english story number 03'],
  ['markup', `"><script>alert(1)</script>`],
])('%s is a 404 with a fixed {message}, the address not echoed', async (_name, url) => {
  const response = await oembed(url);
  expect(response.status).toBe(404);
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.error);
  expect(response.headers.get('Location')).toBeNull();
  expect(await response.json()).toEqual({ message: NOT_EMBEDDABLE });
});

test('a secret link is a 404, like the story behind it', async () => {
  for (const slug of ['draft-story', 'private-story', 'embargoed-story']) {
    const link = await secretLink(slug);
    expect((await get(link)).status).toBe(200);
    const response = await oembed(`${ORIGIN}${link}`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(link.slice(3));
  }
});

test('an address longer than any of ours is a 404 without a lookup', async () => {
  const response = await oembed(`${ORIGIN}/${'a'.repeat(MAX_OEMBED_URL_LENGTH)}`);
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ message: NOT_EMBEDDABLE });
});

test('no url is a 400; a format other than JSON (XML among them) is a 501; each a {message}', async () => {
  for (const path of ['/oembed', '/oembed?format=json', '/oembed?url=&format=json', '/oembed?url=%20']) {
    const response = await get(path);
    expect(response.status, path).toBe(400);
    expect(await response.json()).toEqual({ message: 'The url parameter is required' });
  }
  for (const format of ['xml', 'XML', 'yaml']) {
    const response = await get(`/oembed?url=${encodeURIComponent(`${ORIGIN}/english-story-03`)}&format=${format}`);
    expect(response.status, format).toBe(501);
    expect(await response.json()).toEqual({ message: 'Only format=json is supported' });
  }
  // JSON is the default format; its name in capitals is still JSON.
  expect((await get(`/oembed?url=${encodeURIComponent(`${ORIGIN}/english-story-03`)}`)).status).toBe(200);
  expect((await get(`/oembed?url=${encodeURIComponent(`${ORIGIN}/english-story-03`)}&format=JSON`)).status).toBe(200);
});

test('story and gallery pages name their oEmbed answer in the head, and following it answers', async () => {
  for (const [path, title] of [
    ['/english-story-03', 'English story number 03'],
    ['/histoire-francaise-03', 'Histoire française numéro 03'],
    [`/media/album/${GALLERY}`, 'Launch day | Acme Test Co'],
    [`/fr/media/album/${GALLERY}`, 'Launch day | Acme Test SA'],
  ] as const) {
    const links = oembedLinks(await (await get(path)).text());
    expect(links, path).toEqual([` href="${ORIGIN}/oembed?url=${encodeURIComponent(`${ORIGIN}${path}`)}&amp;format=json" title="${title}"`]);
    const href = links[0]!.match(/href="([^"]+)"/)![1]!.replaceAll('&amp;', '&');
    const response = await request(href);
    expect(response.status, href).toBe(200);
  }
});

test('no other page names an oEmbed answer: lists, the media index, secret links, error pages', async () => {
  for (const path of ['/', '/fr', '/category/products', '/media', '/search?query=wind', '/tag/launch', '/no-such-story', await secretLink('private-story')]) {
    const page = await (await get(path)).text();
    expect(oembedLinks(page), path).toEqual([]);
    expect(page).not.toContain('json+oembed');
  }
});

test('a story’s embed card shows its newsroom, title, date, subtitle and cover, and opens the story in a new tab', async () => {
  const response = await get('/english-story-03/embed');
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.page);
  expect(response.headers.get('X-Robots-Tag')).toBe('noindex');
  const page = await response.text();
  expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
  expect(page).toContain('<html lang="en" dir="ltr">');
  expect(page).toContain('<title>English story number 03</title>');
  expect(page).toContain('<meta name="robots" content="noindex"/>');
  expect(page).toContain('<link rel="stylesheet" href="/styles/embed.css"/>');
  expect(page).toContain('<p class="embed-card-newsroom">Acme Test Co</p>');
  expect(page).toContain(`<a href="${ORIGIN}/english-story-03" target="_blank" rel="noopener">English story number 03<span class="visually-hidden"> (<!-- -->opens in a new tab<!-- -->)</span></a>`);
  expect(page).toContain('<time dateTime="2026-03-03T09:00:00.000Z">March 3, 2026</time>');
  expect(page).toContain('<p class="embed-card-summary">Pinned story</p>');
  expect(page).toMatch(/<img[^>]*class="embed-card-cover"/);
  expect(page).toContain('Read the story');
  // No script at all, nor the site's navigation: the frame is the card.
  expect(page).not.toContain('<script');
  expect(page).not.toContain('<nav');
  expect(page).not.toContain('/styles/site.css');
});

test('a gallery’s embed card counts its images and videos in the language of its address', async () => {
  const en = await (await get(`/media/album/${GALLERY}/embed`)).text();
  expect(en).toContain('<title>Launch day</title>');
  expect(en).toContain(`href="${ORIGIN}/media/album/${GALLERY}" target="_blank"`);
  expect(en).toContain('2 images · 2 videos');
  expect(en).toContain('View the gallery');
  const ar = await (await get(`/ar/media/album/${GALLERY}/embed`)).text();
  expect(ar).toContain('<html lang="ar" dir="rtl">');
  expect(ar).toContain(`href="${ORIGIN}/ar/media/album/${GALLERY}" target="_blank"`);
});

test('embed cards may be framed by any site; every other page still may not', async () => {
  for (const path of ['/english-story-03/embed', `/fr/media/album/${GALLERY}/embed`]) {
    // Twice: the second answer comes from the page cache, which must replay the same policy.
    for (let round = 0; round < 2; round++) {
      const response = await get(path);
      expect(response.status).toBe(200);
      const policy = response.headers.get('Content-Security-Policy')!;
      expect(policy, path).toContain('frame-ancestors *');
      expect(policy).not.toContain("frame-ancestors 'none'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-src 'none'");
      expect(response.headers.get('X-Frame-Options'), path).toBeNull();
    }
  }
  for (const path of ['/english-story-03', `/media/album/${GALLERY}`, '/', '/no-such-story/embed', '/draft-story/embed', '/embargoed-story/embed', `/media/album/${EMPTY_GALLERY}/embed`]) {
    const response = await get(path);
    expect(response.headers.get('X-Frame-Options'), path).toBe('DENY');
    expect(response.headers.get('Content-Security-Policy'), path).toContain("frame-ancestors 'none'");
  }
  const oembedAnswer = await oembed(`${ORIGIN}/english-story-03`);
  expect(oembedAnswer.headers.get('X-Frame-Options')).toBe('DENY');
});

test('a non-public story has no embed card, nor does a secret link', async () => {
  for (const path of ['/draft-story/embed', '/private-story/embed', '/embargoed-story/embed', '/no-such-story/embed', `${await secretLink('private-story')}/embed`]) {
    expect((await get(path)).status, path).toBe(404);
  }
});

test('the page cache keys oEmbed answers by url, format, maxwidth and maxheight only', async () => {
  const url = `${ORIGIN}/english-story-03`;
  // A size no other test asks for: this test's first request is its own miss.
  const first = await oembed(url, '&maxwidth=321');
  expect(first.headers.get('X-Cache')).toBe('MISS');
  const body = await first.text();
  expect(JSON.parse(body).width).toBe(321);
  // Other parameters change nothing and share the copy: they cannot poison it either.
  for (const extra of ['&maxwidth=321&callback=alert', '&utm_source=x&maxwidth=321', '&maxwidth=321&page=2&html=%3Cscript%3E']) {
    const hit = await oembed(url, extra);
    expect(hit.headers.get('X-Cache'), extra).toBe('HIT');
    expect(await hit.text()).toBe(body);
  }
  // Each keyed parameter is its own answer.
  const other = await oembed(url, '&maxwidth=322');
  expect(other.headers.get('X-Cache')).toBe('MISS');
  expect((JSON.parse(await other.text()) as OembedAnswer).width).toBe(322);
  const taller = await oembed(url, '&maxwidth=321&maxheight=99');
  expect(taller.headers.get('X-Cache')).toBe('MISS');
  expect((JSON.parse(await taller.text()) as OembedAnswer).height).toBe(99);
  const gallery = await oembed(`${ORIGIN}/media/album/${GALLERY}`, '&maxwidth=321');
  expect(gallery.headers.get('X-Cache')).toBe('MISS');
  expect((JSON.parse(await gallery.text()) as OembedAnswer).title).toBe('Launch day');
  // Errors are never stored.
  for (let round = 0; round < 2; round++) expect((await oembed(`${ORIGIN}/no-such-story`, '&maxwidth=321')).headers.get('X-Cache')).toBe('MISS');
});
