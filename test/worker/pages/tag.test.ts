// Tag pages `[/{locale}]/tag/{tag}` and their feeds through the real worker. The test content tags
// fourteen public English stories "wind power" (story 01 spells it "Wind Power"; the draft, private
// and embargoed stories have it too), story 02 also "solar/wind", the French story 03 "launch" and
// "énergie" (the English one has "launch" too), the Arabic one "إطلاق", the hostile story a tag
// full of markup, and only non-public stories "secret plans".
import { env } from 'cloudflare:workers';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect, test } from 'vitest';
import { cacheRules } from '#src/http/cache-rules';
import { testLinkToken } from '../../fixtures/story-links';
import { ORIGIN, get, request } from '../request';

const html = async (path: string) => (await get(path)).text();
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

/** The story addresses a list page shows, in order. */
const cardLinks = (page: string) => [...page.matchAll(/class="story-card-title"><a href="([^"]+)"/g)].map((match) => match[1]!);
const hreflangs = (page: string) => [...page.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((match) => `${match[1]} ${match[2]}`);

const WIND_POWER = ['01', '02', ...Array.from({ length: 12 }, (_, index) => String(index + 4).padStart(2, '0'))].map((n) => `/english-story-${n}`);
const HIDDEN = ['draft-story', 'private-story', 'embargoed-story'];

test('a tag page lists exactly the public stories of its language with the tag, newest first, 12 per page', async () => {
  const response = await get('/tag/wind%20power');
  expect(response.status).toBe(200);
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.page);
  const first = await response.text();
  expect(first).toContain('<h1 id="tag-title">Stories tagged “wind power”</h1>');
  expect(first).toContain('<title>Stories tagged “wind power” | Acme Test Co</title>');
  expect(cardLinks(first)).toHaveLength(12);
  expect(first).toContain('href="/tag/wind%20power?page=2" rel="next"');
  const second = await html('/tag/wind%20power?page=2');
  expect(second).toContain('href="/tag/wind%20power" rel="prev"');
  const listed = [...cardLinks(first), ...cardLinks(second)];
  expect(listed).toEqual([...WIND_POWER].reverse());
  for (const page of [first, second]) for (const hidden of HIDDEN) expect(page).not.toContain(hidden);
});

test('load more on a tag page asks the API for the tag’s next page, which lists the rest', async () => {
  const page = await html('/tag/wind%20power');
  const props = JSON.parse(page.match(/data-island="load-more" data-island-props="([^"]*)"/)![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as Record<string, unknown>;
  expect(props).toMatchObject({ tag: 'wind power', category: null, withHighlightedStory: false, pageHrefTemplate: '/tag/wind%20power?page={page}' });
  // The body the island posts (src/ui/load-more.tsx).
  const response = await request(`${ORIGIN}/api/fetch-stories`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ page: 2, pageSize: 12, withHighlightedStory: false, category: null, localeCode: 'en', filterQuery: { 'tags.name': { $in: [props.tag] } } }),
  });
  const body = (await response.json()) as { stories: { slug: string }[]; total: number };
  expect(body.total).toBe(14);
  expect(body.stories.map((story) => `/${story.slug}`)).toEqual(cardLinks(await html('/tag/wind%20power?page=2')));
});

test('a tag page has its canonical, breadcrumbs, feeds, hreflang to the same tag where it exists, and a switcher to every language', async () => {
  const page = await html('/tag/launch');
  expect(page).toContain(`<link rel="canonical" href="${ORIGIN}/tag/launch"/>`);
  expect(hreflangs(page)).toEqual([`en ${ORIGIN}/tag/launch`, `fr ${ORIGIN}/fr/tag/launch`, `x-default ${ORIGIN}/tag/launch`]);
  const switcher = page.slice(page.indexOf('class="language-switcher"'), page.indexOf('</nav>', page.indexOf('class="language-switcher"')));
  expect(switcher).toContain('href="/fr/tag/launch"');
  expect(switcher).toContain('href="/ar"');
  expect(page).toContain(`<link rel="alternate" type="application/rss+xml" title="Acme Test Co: Stories tagged “launch”" href="${ORIGIN}/tag/launch/feed"/>`);
  expect(page).toContain(`href="${ORIGIN}/tag/launch/feed/atom"`);
  expect(page).toContain(`href="${ORIGIN}/tag/launch/feed/json"`);
  expect(page).toContain(`href="${ORIGIN}/feed"`);
  const breadcrumbs = page.match(/"@type":"BreadcrumbList","itemListElement":(\[.*?\])/)?.[1];
  expect(breadcrumbs).toContain(`"name":"Stories tagged “launch”","item":"${ORIGIN}/tag/launch"`);
  expect(cardLinks(page)).toEqual(['/english-story-03']);
});

test('other languages have their tag pages under their prefix, in their own words and script', async () => {
  const french = await html('/fr/tag/launch');
  expect(french).toContain('<html lang="fr" dir="ltr">');
  expect(french).toContain('<h1 id="tag-title">Actualités avec le mot-clé « launch »</h1>');
  expect(cardLinks(french)).toEqual(['/histoire-francaise-03']);
  expect(cardLinks(await html('/fr/tag/%C3%A9nergie'))).toEqual(['/histoire-francaise-03']);
  const arabic = await html(`/ar/tag/${encodeURIComponent('إطلاق')}`);
  expect(arabic).toContain('<html lang="ar" dir="rtl">');
  expect(arabic).toContain('<h1 id="tag-title">الأخبار الموسومة بـ«إطلاق»</h1>');
  expect(cardLinks(arabic)).toEqual(['/arabic-story-03']);
  // The tag lives in Arabic only: every other language's switcher entry is its homepage.
  expect(hreflangs(arabic)).toEqual([`ar ${ORIGIN}/ar/tag/%D8%A5%D8%B7%D9%84%D8%A7%D9%82`]);
});

test('a tag with an encoded slash is one tag, reached through its one encoded segment', async () => {
  expect(cardLinks(await html('/tag/solar%2Fwind'))).toEqual(['/english-story-02']);
  expect((await get('/tag/solar/wind')).status).toBe(404);
});

test('a tag full of markup is escaped on its page and addressed by its encoded text', async () => {
  const path = `/tag/${encodeURIComponent('<em>x</em> & "y"')}`;
  const page = await html(path);
  expect(page).toContain('<h1 id="tag-title">Stories tagged “&lt;em&gt;x&lt;/em&gt; &amp; &quot;y&quot;”</h1>');
  expect(page).not.toContain('<em>x</em>');
  expect(cardLinks(page)).toEqual(['/hostile-body']);
});

test('another letter case of a known tag moves to its address, page and feed alike; of an unknown one it is a 404', async () => {
  const moved = await get('/tag/Wind%20Power?page=2');
  expect(moved.status).toBe(301);
  expect(moved.headers.get('Location')).toBe('/tag/wind%20power?page=2');
  const feed = await get('/fr/tag/LAUNCH/feed/atom');
  expect(feed.status).toBe(301);
  expect(feed.headers.get('Location')).toBe('/fr/tag/launch/feed/atom');
  expect((await get('/tag/Unknown%20Tag')).status).toBe(404);
  expect((await get('/tag/Unknown/feed')).status).toBe(404);
});

test.each([
  ['an unknown tag', '/tag/unknown'],
  ['a tag of non-public stories only', '/tag/secret%20plans'],
  ['a tag of another language', '/fr/tag/wind%20power'],
  ['a tag in a language the newsroom lacks', '/de/tag/launch'],
  ['a page beyond the last', '/tag/wind%20power?page=3'],
  ['a page that is not a number', '/tag/launch?page=two'],
  ['page zero', '/tag/launch?page=0'],
])('%s is a 404 (%s)', async (_, path) => {
  expect((await get(path)).status).toBe(404);
});

test.each([
  ['an encoded slash alone', '/tag/%2F'],
  ['dot segments inside one segment', '/tag/..%2F..%2Fetc%2Fpasswd'],
  ['dots among other text', '/tag/a..b'],
  ['a broken percent escape', '/tag/%E2%82'],
  ['a byte that is no UTF-8', '/tag/%FF'],
  ['a lone percent sign', '/tag/100%'],
  ['a NUL byte', '/tag/%00'],
  ['a direction override', '/tag/%E2%80%AEsolar'],
  ['a quote and a semicolon', `/tag/${encodeURIComponent("' OR 1=1; --")}`],
  ['a very long tag', `/tag/${'a'.repeat(4000)}`],
  ['a very long tag feed', `/tag/${'ü'.repeat(1000)}/feed/json`],
  ['an empty tag of a feed', '/tag//feed'],
])('odd input is a clean 404: %s', async (_, path) => {
  const response = await get(path);
  expect(response.status).toBe(404);
  expect(response.headers.get('Content-Type')).toContain('text/html');
});

test('story pages link each of their tags, once, to the tag page of their language', async () => {
  const first = await html('/english-story-01');
  expect(first).toContain('<ul class="story-tags"><li><a href="/tag/wind%20power">Wind Power</a></li></ul>');
  expect(await html('/english-story-02')).toContain('<ul class="story-tags"><li><a href="/tag/wind%20power">wind power</a></li><li><a href="/tag/solar%2Fwind">solar/wind</a></li></ul>');
  expect(await html('/histoire-francaise-03')).toContain('<ul class="story-tags"><li><a href="/fr/tag/launch">launch</a></li><li><a href="/fr/tag/%C3%A9nergie">énergie</a></li></ul>');
  expect(await html('/hostile-body')).toContain(`<a href="/tag/%3Cem%3Ex%3C%2Fem%3E%20%26%20%22y%22">&lt;em&gt;x&lt;/em&gt; &amp; &quot;y&quot;</a>`);
  // Every tag link of a public story answers.
  for (const [, href] of first.matchAll(/<ul class="story-tags">[\s\S]*?<\/ul>/g).next().value![0].matchAll(/href="([^"]+)"/g)) {
    expect((await get(href!)).status, href).toBe(200);
  }
});

test('a story behind its secret link shows its tags without links: its tag pages may not exist', async () => {
  const row = await env.DB.prepare('SELECT uuid FROM stories WHERE slug = ?').bind('private-story').first<{ uuid: string }>();
  const page = await html(`/s/${await testLinkToken(row!.uuid)}`);
  expect(page).toContain('<ul class="story-tags"><li>wind power</li><li>secret plans</li></ul>');
});

test('a tag’s RSS feed holds its public stories of the language, named and linked after the tag page', async () => {
  const response = await get('/tag/wind%20power/feed');
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8');
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.feed);
  const body = await response.text();
  expect(XMLValidator.validate(body)).toBe(true);
  const channel = xml.parse(body).rss.channel;
  expect(channel.title).toBe('Acme Test Co: Stories tagged “wind power”');
  expect(channel.link).toBe(`${ORIGIN}/tag/wind%20power`);
  const items = [channel.item].flat() as { link: string; 'content:encoded': string }[];
  expect(items.map((item) => item.link)).toEqual([...WIND_POWER].reverse().map((path) => `${ORIGIN}${path}`));
  for (const item of items) expect(item['content:encoded']).toBeTruthy();
  expect(body).not.toMatch(/draft-story|private-story|embargoed-story/);
});

test('a tag’s Atom and JSON feeds carry the same items, and name their own addresses', async () => {
  const atom = await (await get('/fr/tag/launch/feed/atom')).text();
  expect(XMLValidator.validate(atom)).toBe(true);
  const feed = xml.parse(atom).feed;
  const entries = [feed.entry].flat() as { title: string }[];
  expect(entries.map((entry) => entry.title)).toEqual(['Histoire française numéro 03']);
  expect([feed.link].flat()).toEqual(expect.arrayContaining([expect.objectContaining({ '@rel': 'self', '@href': `${ORIGIN}/fr/tag/launch/feed/atom` })]));
  const json = (await (await get('/tag/wind%20power/feed/json')).json()) as { version: string; title: string; home_page_url: string; feed_url: string; items: { url: string }[] };
  expect(json.version).toBe('https://jsonfeed.org/version/1.1');
  expect(json.title).toBe('Acme Test Co: Stories tagged “wind power”');
  expect(json.home_page_url).toBe(`${ORIGIN}/tag/wind%20power`);
  expect(json.feed_url).toBe(`${ORIGIN}/tag/wind%20power/feed/json`);
  expect(json.items).toHaveLength(14);
});

test.each(['/tag/unknown/feed', '/tag/secret%20plans/feed/atom', '/fr/tag/wind%20power/feed/json', '/de/tag/launch/feed', '/tag/%2F/feed'])('the feed %s is a 404', async (path) => {
  expect((await get(path)).status).toBe(404);
});

test('the pages sitemap lists tag pages, paired with the same tag in other languages', async () => {
  const entries = [xml.parse(await html('/sitemaps/en-pages.xml')).urlset.url].flat() as { loc: string; lastmod?: string; 'xhtml:link'?: { '@hreflang': string; '@href': string }[] }[];
  const entry = (path: string) => entries.find((candidate) => candidate.loc === `${ORIGIN}${path}`);
  expect(entry('/tag/wind%20power')).toMatchObject({ lastmod: '2026-03-15T09:00:00.000Z' });
  expect(entry('/tag/wind%20power')!['xhtml:link']).toBeUndefined();
  expect(entry('/tag/launch')!['xhtml:link']!.map((link) => `${link['@hreflang']} ${link['@href']}`)).toEqual([
    `en ${ORIGIN}/tag/launch`,
    `fr ${ORIGIN}/fr/tag/launch`,
    `x-default ${ORIGIN}/tag/launch`,
  ]);
  expect(entry('/tag/secret%20plans')).toBeUndefined();
  expect(entries.filter((candidate) => candidate.loc.includes('/tag/')).map((candidate) => candidate.loc)).toHaveLength(5);
});
