import { expect, test } from 'vitest';
import { cacheRules } from '#src/http/cache-rules';
import { get } from '../request';


test('a category page lists its public stories of the language, 12 per page, with load more', async () => {
  const response = await get('/category/products');
  expect(response.status).toBe(200);
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.page);
  const html = await response.text();
  expect(html).toContain('<h1 id="category-title">Products</h1>');
  expect(html).toContain('Product news.');
  expect(html.match(/class="story-card"/g)).toHaveLength(12);
  expect(html).toContain('href="/category/products?page=2" rel="next"');
  expect(html).toContain('aria-current="page"');
  for (const hidden of ['draft-story', 'private-story', 'embargoed-story']) expect(html).not.toContain(hidden);
  const page2 = await (await get('/category/products?page=2')).text();
  expect(page2.match(/class="story-card"/g)).toHaveLength(3);
});

test('the translated category lives under its translated slug', async () => {
  const html = await (await get('/fr/category/produits')).text();
  expect(html).toContain('<html lang="fr" dir="ltr">');
  expect(html).toContain('<h1 id="category-title">Produits</h1>');
  expect(html).toContain('histoire-francaise-03');
});

test('the language switcher goes to the translated category, or to the homepage of a language without it', async () => {
  const html = await (await get('/category/products')).text();
  const switcher = html.slice(html.indexOf('class="language-switcher"'), html.indexOf('</nav>', html.indexOf('class="language-switcher"')));
  expect(switcher).toContain('href="/fr/category/produits"');
  expect(switcher).toContain('href="/ar"');
});

test.each(['/category/unknown', '/fr/category/products', '/ar/category/products', '/fr/category/company-news', '/category/products?page=3'])(
  '%s is a 404',
  async (path) => {
    expect((await get(path)).status).toBe(404);
  },
);
