// Search over D1 FTS5: results page, facets, quick results, and hostile queries never 500.
import { SELF } from 'cloudflare:test';
import { expect, test } from 'vitest';

const get = (path: string) => SELF.fetch(`https://news.test.example${path}`, { redirect: 'manual' });

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
  'x'.repeat(10_000),
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
  ['/search?query=story&page=99', 404],
  ['/search?query=story&page=abc', 404],
])('%s → %i', async (path, status) => {
  expect((await get(path)).status).toBe(status);
});

test('malformed filters are ignored, unknown categories match nothing', async () => {
  expect(await (await get('/search?query=story&year=abc&month=13')).text()).toContain('We found 16 results');
  expect(await (await get('/search?query=story&category=nope')).text()).toContain('We found 0 results');
});
