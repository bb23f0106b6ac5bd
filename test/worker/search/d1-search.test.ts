// Search over D1 FTS5: results page, facets, quick results, and hostile queries never 500.
import { expect, test } from 'vitest';
import { get } from '../request';


test('the results page states the count and the query and lists matching public stories', async () => {
  const response = await get('/search?query=story');
  expect(response.status).toBe(200);
  expect(response.headers.get('X-Robots-Tag')).toBe('noindex');
  const html = await response.text();
  expect(html).toContain('We found 16 results for “story”');
  expect(html.match(/class="search-hit"/g)).toHaveLength(16);
  expect(html).toContain('<mark>');
  for (const hidden of ['draft-story', 'private-story', 'embargoed-story']) expect(html).not.toContain(hidden);
});

test('matches in the body are found and shown in a snippet', async () => {
  const html = await (await get('/search?query=paragraph')).text();
  expect(html).toContain('We found 1 result for “paragraph”');
  expect(html).toContain('href="/english-story-03"');
  expect(html).toContain('<span>Intro </span><mark>paragraph</mark>');
});

test('facets count Category, Year and Month, and their links keep the other filters', async () => {
  const html = await (await get('/search?query=story&year=2026')).text();
  expect(html).toContain('Products <span class="facet-count">(15)</span>');
  expect(html).toContain('Company <span class="facet-count">(1)</span>');
  expect(html).toContain('2026 <span class="facet-count">(16)</span>');
  expect(html).toContain('March <span class="facet-count">(15)</span>');
  expect(html).toContain('href="/search?query=story&amp;category=company-news&amp;year=2026"');
  const filtered = await (await get('/search?query=story&category=company-news')).text();
  expect(filtered).toContain('We found 1 result for “story”');
});

test('a facet with more categories than it lists offers a finder that works without JavaScript', async () => {
  const html = await (await get('/search?query=story&year=2026')).text();
  const facet = html.match(/<h2>Category<\/h2>([\s\S]*?)<\/section>/)![1]!;
  expect(facet.match(/class="facet-count"/g)).toHaveLength(5);
  expect(facet).not.toContain('Partner programmes');
  expect(facet).toContain('<form class="facet-finder" action="/search" method="get"><input type="hidden" name="query" value="story"/><input type="hidden" name="year" value="2026"/>');
  expect(facet).toContain('name="category_query"');

  const found = await (await get('/search?query=story&year=2026&category_query=partner')).text();
  expect(found).toContain('<a href="/search?query=story&amp;category=partners&amp;year=2026" rel="nofollow"><mark>Partner</mark><span> programmes </span><span class="facet-count">(1)</span></a>');
  expect(found).toContain('value="partner"');
  expect(found).toContain('<a href="/search?query=story&amp;year=2026" rel="nofollow">All categories</a>');
  // The results themselves do not change: the finder only looks for categories.
  expect(found).toContain('We found 16 results for “story”');
});

test('a finder that finds nothing says so; a chosen category beyond the first five stays listed', async () => {
  const none = await (await get('/search?query=story&category_query=%3Cscript%3E')).text();
  expect(none).toContain('<p role="status">No category matches “&lt;script&gt;”</p>');
  expect(none).not.toContain('<script>');

  const chosen = await (await get('/search?query=story&category=partners')).text();
  const facet = chosen.match(/<h2>Category<\/h2>([\s\S]*?)<\/section>/)![1]!;
  expect(facet).toContain('<a href="/search?query=story" aria-current="true" rel="nofollow">Partner programmes <span class="facet-count">(1)</span></a>');
  expect(facet.match(/class="facet-count"/g)).toHaveLength(6);
  expect(facet).toContain('<input type="hidden" name="category" value="partners"/>');
});

test('a search that spans few categories lists them all, with no finder', async () => {
  const html = await (await get('/search?query=speed')).text();
  expect(html).toContain('Company <span class="facet-count">(1)</span>');
  expect(html).not.toContain('facet-finder');
});

test('search only returns stories of the requested language', async () => {
  const fr = await (await get('/fr/search?query=histoire')).text();
  expect(fr).toContain('<html lang="fr"');
  expect(fr).toContain('Nous avons trouvé 2 résultats pour « histoire »');
  const ar = await (await get(`/ar/search?query=${encodeURIComponent('القصة')}`)).text();
  expect(ar).toContain('href="/arabic-story-03"');
  expect(await (await get('/search?query=histoire')).text()).toContain('We found 0 results');
});

test.each([
  '"unbalanced',
  'story AND OR NOT',
  'title:story',
  'story*',
  'NEAR(story number)',
  '^story',
  '-story',
  '(((story',
  "'; DROP TABLE stories; --",
  'ストーリー',
  'قصة عربية',
  '🙂',
  'x'.repeat(5_000),
  '%00%ff',
  '',
])('the query %j answers 200, never a 5xx', async (query) => {
  const response = await get(`/search?query=${encodeURIComponent(query)}`);
  expect(response.status).toBe(200);
});

test('quick results give the top 3 hits, the total and the full results address', async () => {
  const response = await get('/api/search?query=story&localeCode=en');
  expect(response.status).toBe(200);
  const json = (await response.json()) as { hits: { url: string }[]; total: number; url: string };
  expect(json.hits).toHaveLength(3);
  expect(json.total).toBe(16);
  expect(json.url).toBe('/search?query=story');
});

test.each([
  ['/api/search?query=x&localeCode=xx', 400],
  [`/api/search?query=${'x'.repeat(2000)}`, 400],
  // Past MAX_ADDRESS_BYTES: refused before any lookup or render.
  [`/search?query=${'x'.repeat(10_000)}`, 414],
  ['/search?query=story&page=99', 404],
  ['/search?query=story&page=abc', 404],
])('%s → %i', async (path, status) => {
  expect((await get(path)).status).toBe(status);
});

test('malformed filters are ignored, unknown categories match nothing', async () => {
  expect(await (await get('/search?query=story&year=abc&month=13')).text()).toContain('We found 16 results');
  expect(await (await get('/search?query=story&category=nope')).text()).toContain('We found 0 results');
});
