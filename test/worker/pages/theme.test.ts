// The newsroom's theme (newsroom.yaml `theme:`) as pages deliver it: a hashed stylesheet of
// custom properties linked after the site's, the CSP untouched; and cards without a cover.
import { env } from 'cloudflare:workers';
import { expect, test } from 'vitest';
import { cacheRules } from '#src/http/cache-rules';
import { contentSecurityPolicy } from '#src/http/content-security-policy';
import { renderFresh } from '../fresh-render';
import { get } from '../request';


/** The stylesheets a page links, in order. */
const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"\/>/g)].map((match) => match[1]!);

/** Runs `body` with the newsroom row changed, then puts the row back. */
async function withNewsroom(change: string, body: () => Promise<void>): Promise<void> {
  const before = await env.DB.prepare('SELECT theme, newsroom_logo FROM newsroom WHERE id = 1').first<{ theme: string | null; newsroom_logo: string | null }>();
  await env.DB.prepare(`UPDATE newsroom SET ${change} WHERE id = 1`).run();
  try {
    await body();
  } finally {
    await env.DB.prepare('UPDATE newsroom SET theme = ?, newsroom_logo = ? WHERE id = 1').bind(before!.theme, before!.newsroom_logo).run();
  }
}

test.each(['/', '/fr', '/english-story-01', '/media', '/no-such-story'])('%s links the theme stylesheet after the site stylesheet', async (path) => {
  const html = await (await get(path)).text();
  const links = stylesheets(html);
  expect(links[0]).toBe('/styles/site.css');
  expect(links[1]).toMatch(/^\/theme-[0-9a-z]+\.css$/);
  expect(links).toHaveLength(2);
});

test('the theme stylesheet is CSS with a year-long immutable life, carrying the fixture’s colours', async () => {
  const [, href] = stylesheets(await (await get('/')).text());
  const response = await get(href!);
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('text/css; charset=utf-8');
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.theme);
  expect(response.headers.get('Cache-Control')).toContain('immutable');
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(response.headers.get('Set-Cookie')).toBeNull();
  const css = await response.text();
  for (const declaration of [
    '--accent: #8a1c4a;',
    '--accent-ink: #ffffff;',
    '--header-bg: #fffaf0;',
    '--header-link: #1a1a2e;',
    '--footer-bg: #243b53;',
    '--footer-text: #ffffff;',
    '--logo-height: 48px;',
  ]) {
    expect(css).toContain(declaration);
  }
  // Only custom properties: the theme cannot restyle anything the stylesheet does not expose.
  expect(css.replace(/@media screen and \(prefers-color-scheme: dark\)/, '').match(/^\s*[a-z][a-z-]*\s*:/gm)).toBeNull();
  expect(css).toMatch(/@media screen and \(prefers-color-scheme: dark\) \{\s*:root \{\s*--accent: #[0-9a-f]{6};/);
});

test('an older theme address gets the current theme, cacheable only briefly', async () => {
  const [, href] = stylesheets(await (await get('/')).text());
  const response = await get('/theme-0ld.css');
  expect(response.status).toBe(200);
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.page);
  expect(await response.text()).toBe(await (await get(href!)).text());
});

test('the page’s Content-Security-Policy is unchanged: styles from the site only, no inline styles', async () => {
  const response = await get('/');
  const csp = response.headers.get('Content-Security-Policy')!;
  expect(csp).toBe(contentSecurityPolicy({}));
  expect(csp).toContain("style-src 'self';");
  const html = await response.text();
  expect(html).not.toMatch(/<style[\s>]/);
  expect(html).not.toMatch(/\sstyle="/);
});

test('a newsroom without a theme links no theme stylesheet, and the address is not found', async () => {
  await withNewsroom('theme = NULL', async () => {
    const html = await (await renderFresh('/')).text();
    expect(stylesheets(html)).toEqual(['/styles/site.css']);
    expect((await renderFresh('/theme-abc.css')).status).toBe(404);
  });
});

test('a different theme is a different address', async () => {
  const [, before] = stylesheets(await (await renderFresh('/')).text());
  await withNewsroom(`theme = '{"accent":"#1d4ed8"}'`, async () => {
    const [, after] = stylesheets(await (await renderFresh('/')).text());
    expect(after).toMatch(/^\/theme-[0-9a-z]+\.css$/);
    expect(after).not.toBe(before);
    const css = await (await renderFresh(after!)).text();
    expect(css).toContain('--accent: #1d4ed8;');
    expect(css).not.toContain('--header-bg');
  });
});

// ---------------------------------------------------------------------------------------------
// Cards without a cover

test('a card without a cover shows the newsroom’s logo, decorative, in the cover’s box', async () => {
  const html = await (await get('/fr')).text();
  const card = html.slice(html.indexOf('<article class="story-card'), html.indexOf('</article>'));
  expect(card).toMatch(/<a class="story-card-media" href="[^"]+" tabindex="-1" aria-hidden="true"><span class="story-card-placeholder"><img class="story-card-logo" src="[^"]+" srcSet="[^"]+" sizes="\d+px" width="\d+" height="\d+" alt=""/);
  // The title stays the link text.
  expect(card).toMatch(/<h\d class="story-card-title"><a href="[^"]+">[^<]+<\/a>/);
});

test('without a logo, a card without a cover shows the newsroom’s name instead', async () => {
  await withNewsroom('newsroom_logo = NULL', async () => {
    const html = await (await renderFresh('/fr')).text();
    expect(html).toContain('<span class="story-card-placeholder"><span class="story-card-placeholder-name">Test Newsroom</span></span>');
    expect(html).not.toContain('story-card-logo');
  });
});

test('cards with a cover show the cover, not the logo', async () => {
  const html = await (await get('/')).text();
  const grid = html.slice(html.indexOf('id="story-grid"'));
  const firstCard = grid.slice(0, grid.indexOf('</article>'));
  expect(firstCard).not.toContain('story-card-placeholder');
});
