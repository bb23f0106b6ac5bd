// HTTP contracts of the pages in this foundation: status, headers, then a few DOM facts.
import { expect, test } from 'vitest';
import { cacheRules } from '#src/http/cache-rules';
import { renderFresh } from '../fresh-render';
import { get } from '../request';


test.each([
  ['/fr', 'fr', 'ltr', 'Dernières actualités'],
  ['/ar', 'ar', 'rtl', 'أحدث الأخبار'],
])('%s serves the homepage in its language and direction', async (path, lang, dir, heading) => {
  const response = await get(path);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<html lang="${lang}" dir="${dir}">`);
  expect(html).toContain(heading);
});

test('the default language under its own prefix redirects to the unprefixed address', async () => {
  const response = await get('/en?page=2');
  expect(response.status).toBe(301);
  expect(response.headers.get('Location')).toBe('/?page=2');
});

test.each(['/de', '/xx', '/zz-abcd', '/fr/nothing-here', '/no-such-story', '/english-story-01/extra'])(
  '%s is a 404 page, never a 500',
  async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('Cache-Control')).toBe(cacheRules.error);
    const html = await response.text();
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('class="error-page');
  },
);

test('the 404 page of a language speaks that language', async () => {
  const html = await (await get('/fr/category/inconnue')).text();
  expect(html).toContain('La page que vous recherchez n’existe pas...');
});

test('a trailing slash redirects to the address without it', async () => {
  const response = await get('/fr/');
  expect(response.status).toBe(301);
  expect(response.headers.get('Location')).toBe('/fr');
});

test('the homepage lists 12 stories, highlights the pinned one and links to the next page', async () => {
  const html = await (await get('/')).text();
  const grid = html.slice(html.indexOf('id="story-grid"'));
  expect(grid.match(/class="story-card"/g)).toHaveLength(12);
  expect(html).toContain('story-card story-card-highlighted');
  expect(html.slice(html.indexOf('story-card-highlighted'), html.indexOf('id="story-grid"'))).toContain('English story number 03');
  expect(grid).not.toContain('English story number 03');
  expect(html).toContain('href="/?page=2" rel="next"');
});

test('page 2 holds the rest and no further link; page 3 does not exist', async () => {
  const page2 = await (await get('/?page=2')).text();
  const grid = page2.slice(page2.indexOf('id="story-grid"'));
  // 16 public English stories: 1 highlighted + 12 on page 1 + 3 on page 2.
  expect(grid.match(/class="story-card"/g)).toHaveLength(3);
  expect(page2).not.toContain('rel="next"');
  expect((await get('/?page=3')).status).toBe(404);
  expect((await get('/?page=0')).status).toBe(404);
  expect((await get('/?page=abc')).status).toBe(404);
});

test.each(['draft-story', 'private-story', 'embargoed-story'])('the %s never appears in lists and has no public page', async (slug) => {
  for (const path of ['/', '/?page=2', '/fr', '/ar']) {
    expect(await (await get(path)).text()).not.toContain(slug);
  }
  expect((await get(`/${slug}`)).status).toBe(404);
});

test('a story page shows its content in its own language, with its translations', async () => {
  const response = await get('/english-story-03');
  expect(response.status).toBe(200);
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.page);
  expect(response.headers.get('X-Robots-Tag')).toBeNull();
  const html = await response.text();
  expect(html).toContain('<h1 class="story-title">English story number 03</h1>');
  expect(html).toContain('Pinned story');
  expect(html).toContain('By Jane Press');
  expect(html).toContain('March 3, 2026');
  expect(html).toContain('id="header-key-facts"');
  expect(html).toContain('href="/histoire-francaise-03"');
  expect(html).toContain('href="/arabic-story-03"');
  expect(html).toContain('<link rel="alternate" hrefLang="x-default" href="https://news.test.example/english-story-03"/>');
  expect(html).toContain('About Acme Test Co');
});

test('a French story is rendered in French with French dates', async () => {
  const html = await (await get('/histoire-francaise-03')).text();
  expect(html).toContain('<html lang="fr" dir="ltr">');
  expect(html).toContain('Publié le 3 mars 2026');
});

test('an Arabic story is rendered right to left', async () => {
  const html = await (await get('/arabic-story-03')).text();
  expect(html).toContain('<html lang="ar" dir="rtl">');
});

test('a public translation of a private story does not link back to it', async () => {
  const html = await (await get('/histoire-privee-traduite')).text();
  expect(html).not.toContain('private-story');
});

test('a hostile story body comes out without scripts, handlers or javascript: links', async () => {
  const html = await (await get('/hostile-body')).text();
  const body = html.slice(html.indexOf('class="story-body"'), html.indexOf('</article>'));
  expect(body).not.toMatch(/<script/i);
  expect(body).not.toMatch(/onerror|onclick/i);
  expect(body).not.toMatch(/javascript:/i);
  expect(body).toContain('Hello');
});

test('no page holds an inline executable script: only data blocks and the external module', async () => {
  for (const path of ['/', '/fr', '/english-story-03']) {
    const html = await (await get(path)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      if (/type="application\/(ld\+)?json"/.test(attributes!)) continue;
      expect(attributes).toMatch(/^ type="module" src="\/assets\/main-[A-Z0-9]+\.js"$/);
      expect(body).toBe('');
    }
  }
});

test('every page links the hashed client entry and carries its browser configuration', async () => {
  const html = await (await get('/')).text();
  const entry = html.match(/<script type="module" src="(\/assets\/main-[A-Z0-9]+\.js)"/)?.[1];
  expect(entry).toBeDefined();
  const config = JSON.parse(html.match(/<script type="application\/json" id="newsroom-client">([\s\S]*?)<\/script>/)![1]!);
  expect(config).toMatchObject({ localeCode: 'en', analytics: { policy: expect.any(String) }, messages: { required: 'This field is required', invalidEmail: 'Introduce a valid email address' } });
  // Nothing internal or secret: only the allowlisted keys.
  expect(Object.keys(config).sort()).toEqual(['analytics', 'bcp47', 'errorReporting', 'lightbox', 'localeCode', 'messages', 'oneTrust', 'pageStatus', 'timeZone']);
  // No DSN in the tests: reporting is off, and the page says which status it was sent with.
  expect([config.errorReporting, config.pageStatus]).toEqual([null, 200]);
});

test('pages report the database round trips they cost', async () => {
  // A rendered page, not a stored one.
  const response = await renderFresh('/');
  expect(response.headers.get('Server-Timing')).toMatch(/d1;desc="round trips: 2, statements: \d+"/);
});

test('media are served under a CDN-shaped path, with or without effects, from static assets', async () => {
  const html = await (await get('/english-story-03')).text();
  const src = html.match(/<img[^>]+src="(\/media\/[^"]+)"/)?.[1];
  expect(src).toBeDefined();
  const uuid = src!.split('/')[2];
  const response = await get(`/media/${uuid}/-/preview/10x10/-/format/auto/not-the-name-but-ok.jpg`);
  // The asset exists only when the import copied it; in tests the assets folder may be empty,
  // so both answers are acceptable here, but never a 500.
  expect([200, 404]).toContain(response.status);
  expect((await get('/media/not-a-uuid/x.jpg')).status).toBe(404);
});

test('a page is stored in the page cache and served from it the second time, without D1', async () => {
  const first = await get('/category/company-news');
  expect(['MISS', 'HIT']).toContain(first.headers.get('X-Cache'));
  await first.text();
  const second = await get('/category/company-news');
  expect(second.headers.get('X-Cache')).toBe('HIT');
  expect(second.headers.get('Server-Timing') ?? '').not.toContain('d1;');
  expect(second.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
  expect(second.headers.get('Set-Cookie')).toBeNull();
  expect(await second.text()).toContain('<h1 id="category-title">Company</h1>');
});
