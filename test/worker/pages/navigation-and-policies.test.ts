// The visitor's newsroom through the real worker and the fixture content: the header's
// two navigations, notices, the policies and where they are linked, featured categories.
import { expect, test } from 'vitest';
import { cacheRules } from '#src/http/cache-rules';
import { get } from '../request';

const UUID = '11111111-2222-4333-8444-555555555555';
const html = async (path: string) => {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return response.text();
};
const between = (text: string, start: string, end: string) => {
  const from = text.indexOf(start);
  expect(from, start).toBeGreaterThanOrEqual(0);
  return text.slice(from, text.indexOf(end, from + start.length) + end.length);
};
const linkTexts = (fragment: string) => [...fragment.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((match) => match[1]);

test('the wide navigation shows three categories, the rest under "More", then the media gallery', async () => {
  const page = await html('/');
  const bar = between(page, '<nav class="site-nav"', '</nav>');
  expect(linkTexts(bar)).toEqual(['Products', 'Company', 'Events', 'Awards', 'Research', 'Partner programmes', 'Media gallery']);
  const more = between(bar, '<li class="nav-dropdown">', '</details>');
  expect(more).toContain('<summary>More</summary>');
  expect(linkTexts(more)).toEqual(['Awards', 'Research', 'Partner programmes']);
});

test('the compact menu is a disclosure holding every category and the media gallery, without JavaScript', async () => {
  const page = await html('/category/research');
  const menu = between(page, '<details class="site-menu">', '</details>');
  expect(menu).toMatch(/<summary><span class="site-menu-icon" aria-hidden="true"><\/span>Menu<\/summary>/);
  expect(menu).toContain('<nav class="site-menu-panel" aria-label="Menu">');
  expect(linkTexts(menu)).toEqual(['Products', 'Company', 'Events', 'Awards', 'Research', 'Partner programmes', 'Media gallery']);
  expect(menu).toContain('<a href="/category/research" aria-current="page">Research</a>');
  // The chosen category under "More" marks "More" as holding the current page.
  const other = await html('/category/partners');
  expect(between(other, '<li class="nav-dropdown">', '</summary>')).toContain('<summary aria-current="true">More</summary>');
});

test.each(['/no-such-story', '/fr/nothing-here'])('the 404 page %s keeps the search box, the language switcher and the menu', async (path) => {
  const response = await get(path);
  expect(response.status).toBe(404);
  const page = await response.text();
  expect(page).toContain('class="header-search"');
  expect(page).toContain('<nav class="language-switcher"');
  expect(page).toContain('<details class="site-menu">');
});

test('a language with notices shows them above the header, in a labelled region, with their links; others show none', async () => {
  const fr = await html('/fr');
  const notices = between(fr, '<section class="notifications"', '</section>');
  expect(fr.indexOf('<section class="notifications"')).toBeLessThan(fr.indexOf('<header class="site-header">'));
  expect(notices).toMatch(/^<section class="notifications" aria-label="[^"]+"><div class="notification notification-warning">/);
  expect(notices).not.toMatch(/role="(alert|status)"/);
  expect(notices).toContain('<strong class="notification-title">Le site déménage le 1er décembre.</strong>');
  expect(notices).toContain('<a href="/fr/privacy-policy">En savoir plus</a>');
  expect(await html('/')).not.toContain('class="notifications"');
  // The story JSON alternate carries the language's notices (SPEC section 3, Language).
  const story = (await (await get('/english-story-01.json')).json()) as { language: { notifications: unknown[] } };
  expect(story.language.notifications).toEqual([]);
});

test('a policy written in the content folder is a page in its language, dated, with its breadcrumb', async () => {
  const response = await get('/privacy-policy');
  expect(response.status).toBe(200);
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.page);
  const page = await response.text();
  expect(page).toContain('<title>Privacy policy | Acme Test Co</title>');
  expect(page).toContain('<h1 id="policy-title">Privacy policy</h1>');
  expect(page).toContain('<time dateTime="2026-09-01T00:00:00.000Z">Last updated: September 1, 2026</time>');
  expect(page).toContain('<h2>Your rights</h2>');
  expect(page).toContain('"@type":"BreadcrumbList"');
  // Its alternates name only the languages that have the same page.
  expect(page).toContain('<link rel="alternate" hrefLang="fr" href="https://news.test.example/fr/privacy-policy"/>');
  expect(page).not.toContain('hrefLang="ar" href="https://news.test.example/ar/privacy-policy"');
  expect(await html('/fr/privacy-policy')).toContain('<h1 id="policy-title">Politique de confidentialité</h1>');
});

test('a policy kept elsewhere redirects there; a language with neither has no policy page', async () => {
  const cookie = await get('/cookie-policy');
  expect(cookie.status).toBe(302);
  expect(cookie.headers.get('Location')).toBe('https://acme.example/cookies');
  for (const path of ['/ar/privacy-policy', '/fr/cookie-policy', '/ar/cookie-policy', '/privacy-policy/extra', '/privacy-policies']) {
    expect((await get(path)).status, path).toBe(404);
  }
});

test('the footer, the consent bar and the subscribe forms link the policies of the page language', async () => {
  const en = await html('/');
  const footer = between(en, '<ul class="privacy-links">', '</ul>');
  expect(footer).toContain('<a href="/privacy-policy">Privacy policy</a>');
  expect(footer).toContain('<a href="https://acme.example/cookies">Cookie policy</a>');
  expect(between(en, '<p class="consent-bar-text">', '</p>')).toContain('<a href="https://acme.example/cookies">Read our cookie policy</a>');
  expect(between(en, '<form class="footer-subscribe"', '</form>')).toContain('<p class="subscribe-disclaimer">By subscribing, you agree to our <a href="/privacy-policy">privacy policy</a>.</p>');
  const portal = await html(`/en/newsroom/${UUID}/subscribe`);
  expect(between(portal, '<main', '</main>')).toContain('<a href="/privacy-policy">privacy policy</a>');
  // French: its own privacy page, no cookie policy, so the consent bar links the privacy policy.
  const fr = await html('/fr');
  expect(between(fr, '<p class="consent-bar-text">', '</p>')).toMatch(/<a href="\/fr\/privacy-policy">[^<]+<\/a><\/p>$/);
  expect(between(fr, '<p class="consent-bar-text">', '</p>')).not.toContain('Read our cookie policy');
  expect(between(fr, '<ul class="privacy-links">', '</ul>')).not.toContain('acme.example/cookies');
  // Arabic has no policy: no disclaimer without its link, no policy links.
  const ar = await html('/ar');
  expect(ar).not.toContain('subscribe-disclaimer');
  expect(ar).not.toMatch(/privacy-policy|cookie-policy|acme\.example\/cookies/);
});

test('the homepage shows featured categories as tiles with image, name, description and count, on page 1 only', async () => {
  const en = await html('/');
  const tiles = between(en, '<section class="container featured-categories"', '</section>');
  expect(tiles).toContain('<h2 id="featured-categories-title" class="section-title">Featured categories</h2>');
  expect(linkTexts(tiles.replace(/<img[^>]*>/g, '').replace(/<span[^>]*>/g, '').replace(/<\/span>/g, ''))).toEqual(['Products', 'Company']);
  expect(tiles).toMatch(/<a href="\/category\/products"><img [^>]*alt=""/);
  expect(tiles).toContain('<p class="category-tile-description">Product news.</p><p class="category-tile-count">15 stories</p>');
  expect(tiles).toContain('<p class="category-tile-count">1 story</p>');
  // Company has no image: the brand stands in.
  expect(between(tiles, '<a href="/category/company-news">', '</a>')).toContain('placeholder');
  // French: only the featured categories translated and with public stories there.
  expect(linkTexts(between(await html('/fr'), '<ul class="category-tiles">', '</ul>').replace(/<img[^>]*>/g, '').replace(/<\/?span[^>]*>/g, ''))).toEqual(['Produits']);
  expect(await html('/?page=2')).not.toContain('featured-categories');
});

test('every page offers every language: the same page where it exists, else that language’s homepage; hreflang names only the real ones', async () => {
  const switcher = (page: string) => [...between(page, '<nav class="language-switcher"', '</nav>').matchAll(/<a href="([^"]+)" hrefLang="([^"]+)"/g)].map((match) => `${match[2]} ${match[1]}`);
  // An English-only category.
  const company = await html('/category/company-news');
  expect(switcher(company)).toEqual(['en /category/company-news', 'fr /fr', 'ar /ar']);
  expect(company).not.toContain('hrefLang="fr" href="https://news.test.example/fr"');
  // A policy in English and French only.
  expect(switcher(await html('/privacy-policy'))).toEqual(['en /privacy-policy', 'fr /fr/privacy-policy', 'ar /ar']);
  // A story: SPEC section 5's translation switcher, its linkable translations only (none here).
  expect(await html('/english-story-01')).not.toContain('<nav class="language-switcher"');
  expect(switcher(await html('/english-story-03'))).toEqual(['en /english-story-03', 'fr /histoire-francaise-03', 'ar /arabic-story-03']);
});
