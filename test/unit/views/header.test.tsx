// The header's wide navigation as newsroom.yaml chooses it (bar with "More", or one dropdown),
// rendered from a real layout model; the worker tests cover the bar through the fixture content.
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import type { Category } from '#src/domain/category';
import type { NavigationLayout } from '#src/domain/newsroom';
import { readConfig } from '#src/config/site';
import { buildLayout } from '#src/pages/layout';
import { Layout } from '#src/views/components/layout';
import { ContextProviders } from '#src/views/contexts';
import { testSite } from '../jobs/site-fixture';

const names = ['Wind', 'Solar', 'Storage', 'Corporate', 'Sustainability', 'Careers', 'Events'];
const categories: Category[] = names.map((name, index) => ({
  id: index + 1,
  key: name.toLowerCase(),
  i18n: { en: { name, slug: name.toLowerCase(), description: '' } },
  public_stories_count: { en: 1 },
  is_featured: false,
  image: null,
}));

function header(navigation: NavigationLayout, current: string | null): string {
  const site = testSite({ categories, galleries_count: 2 }, { navigation_layout: navigation });
  const layout = buildLayout({ site, config: readConfig({} as CloudflareBindings), locale: 'en', path: '/', title: 'Home', description: '', pageTranslations: [], currentCategorySlug: current });
  const html = renderToStaticMarkup(
    <ContextProviders context={layout.context} siteDomains={layout.siteDomains}>
      <Layout layout={layout}>{null}</Layout>
    </ContextProviders>,
  );
  return html.slice(html.indexOf('<nav class="site-nav"'), html.indexOf('</nav>', html.indexOf('<nav class="site-nav"')) + 6);
}

const texts = (fragment: string) => [...fragment.matchAll(/<(?:a [^>]*|summary[^>]*)>([^<]+)</g)].map((match) => match[1]);

test('bar: the first three categories, the others under "More", the media gallery last', () => {
  expect(texts(header('bar', null))).toEqual(['Wind', 'Solar', 'Storage', 'More', 'Corporate', 'Sustainability', 'Careers', 'Events', 'Media gallery']);
  expect(header('bar', 'events')).toContain('<summary aria-current="true">More</summary>');
  expect(header('bar', 'wind')).toContain('<summary>More</summary>');
});

test('dropdown: every category under one "Categories" disclosure, the media gallery beside it', () => {
  const nav = header('dropdown', 'solar');
  expect(texts(nav)).toEqual(['Categories', ...names, 'Media gallery']);
  expect(nav).toContain('<summary aria-current="true">Categories</summary>');
  expect(nav).toContain('<a href="/category/solar" aria-current="page">Solar</a>');
});
