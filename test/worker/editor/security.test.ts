// The security regression suite, the editor's part:
// /admin is the press team's, never the readers' site: each request replayed from outside
// through the real worker, with the safe outcome.
import { env } from 'cloudflare:workers';
import { describe, expect, test } from 'vitest';
import { KEY_PREFIX } from '#src/page-cache/key';
import manifest from '#src/admin/admin-manifest.generated.json';
import { adminContentSecurityPolicy, GITHUB_AVATARS_ORIGIN } from '#src/admin/admin-headers';
import { GITHUB_API_ORIGIN } from '#src/platform/github/oauth-client';
import { get } from '../request';


/** The directives of a Content-Security-Policy, by name. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map((policy ?? '').split(';').map((part) => part.trim().split(/\s+/)).filter((words) => words[0]).map(([name, ...values]) => [name!, values]));
}

async function pageKeys(): Promise<string[]> {
  return (await env.PAGE_CACHE.list({ prefix: `${KEY_PREFIX}:` })).keys.map((key) => key.name);
}

describe('the editor page is never cached, indexed, framed or a Referer source', () => {
  for (const path of ['/admin/', '/admin/config.yml', '/admin']) {
    test(`${path} is private, no-store, noindex and sends no Referer`, async () => {
      const response = await get(path);
      await response.arrayBuffer();
      expect(response.status).toBe(path === '/admin' ? 301 : 200);
      expect(response.headers.get('Cache-Control')).toBe('private, no-store');
      expect(response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
      expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
      // The GitHub sign-in popup answers this window (src/admin/oauth-page.ts).
      expect(response.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin-allow-popups');
      expect(response.headers.get('X-Cache')).toBeNull();
    });
  }

  test('/admin moves permanently to /admin/', async () => {
    const response = await get('/admin');
    expect(response.headers.get('Location')).toBe('/admin/');
  });

  test('asking for the editor twice stores nothing in the page cache', async () => {
    const before = await pageKeys();
    for (let i = 0; i < 2; i++) await (await get('/admin/')).arrayBuffer();
    await (await get('/admin/config.yml')).arrayBuffer();
    expect(await pageKeys()).toEqual(before);
  });
});

/** `'sha256-…'` of a text, as a policy names an inline script. */
async function hashSource(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

describe("the editor's own Content-Security-Policy", () => {
  test('allows scripts, styles and fonts from this site only (and the page\'s import map, by its hash), the GitHub API and its avatars', async () => {
    const response = await get('/admin/');
    const html = await response.text();
    const importMap = html.match(/<script type="importmap">(.*?)<\/script>/)?.[1] ?? '';
    const policy = directives(response.headers.get('Content-Security-Policy'));
    // This site's scripts, and the page's import map by its hash.
    expect(policy.get('script-src')).toEqual(["'self'", manifest.importMapSource]);
    expect(manifest.importMapSource).toBe(await hashSource(importMap));
    // The story preview's frame is loaded from a blob: address; nothing else may be framed.
    expect(policy.get('frame-src')).toEqual(['blob:']);
    expect(policy.get('font-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'blob:', 'data:', GITHUB_AVATARS_ORIGIN]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'blob:', GITHUB_API_ORIGIN]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
  });

  test('names no CDN the editor would call by itself (jsDelivr, unpkg, GitHub status)', async () => {
    const policy = (await get('/admin/')).headers.get('Content-Security-Policy') ?? '';
    for (const host of ['jsdelivr', 'unpkg', 'githubstatus']) expect(policy).not.toContain(host);
    // Nor any wildcard that would let them in.
    const sources = [...directives(policy).values()].flat();
    expect(sources.filter((source) => source === 'https:' || source.includes('*'))).toEqual([]);
  });

  test('shows images from the media CDN only when media are served from it, and uploads to Uploadcare only when the editor does', () => {
    const withCdn = directives(adminContentSecurityPolicy({ mediaCdnOrigin: 'https://ucarecdn.com' }));
    expect(withCdn.get('img-src')).toContain('https://ucarecdn.com');
    expect(withCdn.get('connect-src')).toEqual(["'self'", 'blob:', GITHUB_API_ORIGIN]);
    const uploading = directives(adminContentSecurityPolicy({ mediaCdnOrigin: 'https://ucarecdn.com', uploadOrigin: 'https://upload.uploadcare.com' }));
    expect(uploading.get('connect-src')).toEqual(["'self'", 'blob:', GITHUB_API_ORIGIN, 'https://upload.uploadcare.com']);
    // Never the REST API, which takes the secret key.
    expect(adminContentSecurityPolicy({ mediaCdnOrigin: 'https://ucarecdn.com', uploadOrigin: 'https://upload.uploadcare.com' })).not.toContain('api.uploadcare.com');
    const without = adminContentSecurityPolicy({ mediaCdnOrigin: null });
    expect(without).not.toContain('uploadcare');
  });

  test('is not the readers\' policy: a public page keeps its own, which allows no inline styles', async () => {
    const response = await get('/');
    await response.arrayBuffer();
    expect(directives(response.headers.get('Content-Security-Policy')).get('style-src')).not.toContain("'unsafe-inline'");
  });
});

describe('the page and its configuration', () => {
  test('the page loads the hashed editor bundle and the admin script, told where Sveltia\'s translations and the content folder\'s media are, and nothing of the readers\' site', async () => {
    const html = await (await get('/admin/')).text();
    expect(response200(html)).toContain(`<script src="${manifest.editor}"></script>`);
    expect(manifest.editorLocales).toBe(`${manifest.editor.slice(0, -'sveltia-cms.js'.length)}locales/`);
    expect(html).toContain(`<script src="${manifest.script}" data-editor-translations="${manifest.editorLocales}" data-media-folder="/content/demo/media"></script>`);
    expect(html).toContain(`href="${manifest.stylesheet}"`);
    expect(html).not.toContain('/assets/');
    expect(html).not.toContain('/styles/site.css');
  });

  // That the copy is served and Sveltia's preview loads through the map: test/e2e/admin-preview.test.mjs.
  test('its one inline script is the import map sending Sveltia’s Immutable.js import to our copy, allowed by its hash', async () => {
    const html = await (await get('/admin/')).text();
    const inline = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter((match) => !/\bsrc=/.test(match[1]!));
    expect(inline.map((match) => match[1])).toEqual([' type="importmap"']);
    const importMap = inline[0]![2]!;
    expect(manifest.importMapSource).toBe(await hashSource(importMap));
    const imports = (JSON.parse(importMap) as { imports: Record<string, string> }).imports;
    expect(Object.keys(imports)).toEqual([expect.stringMatching(/^https:\/\/unpkg\.com\/immutable@\d+\.\d+\.\d+\/dist\/immutable\.es\.js$/)]);
    expect(Object.values(imports)).toEqual([expect.stringMatching(/^\/admin-assets\/immutable\.es-[0-9a-f]{12}\.js$/)]);
  });

  test('config.yml names the collections and the newsroom languages', async () => {
    const text = await (await get('/admin/config.yml')).text();
    const config = JSON.parse(text.replace(/^#.*\n/, '')) as { backend: { name: string }; collections: { name: string }[]; i18n: { locales: string[] } };
    expect(config.backend.name).toBe('github');
    expect(config.collections.map((collection) => collection.name)).toEqual(['stories', 'policies', 'galleries', 'company', 'settings']);
  });

  test('config.yml names every folder under the content folder in the repository the editor opens (EDITOR_CONTENT_DIR, content/demo by default)', async () => {
    const config = JSON.parse((await (await get('/admin/config.yml')).text()).replace(/^#.*\n/, '')) as { media_folder: string; public_folder: string; collections: { folder?: string; files?: { file: string }[] }[] };
    expect([config.media_folder, config.public_folder]).toEqual(['content/demo/media', '/media']);
    const paths = config.collections.flatMap((collection) => collection.folder ?? collection.files!.map((file) => file.file));
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) expect(path).toMatch(/^content\/demo\//);
  });
});

describe('crawlers are kept out and told nothing of it', () => {
  test('robots.txt disallows /admin/', async () => {
    const text = await (await get('/robots.txt')).text();
    expect(text.split('\n')).toContain('Disallow: /admin/');
  });

  test('no sitemap and no llms.txt names /admin', async () => {
    for (const path of ['/sitemap.xml', '/sitemaps/pages-en.xml', '/llms.txt', '/llms-full.txt']) {
      const response = await get(path);
      const text = await response.text();
      expect(text, path).not.toContain('/admin');
    }
  });

  test('no public page references an editor file', async () => {
    for (const path of ['/', '/english-story-01', '/fr', '/search?q=story']) {
      const html = await (await get(path)).text();
      expect(html, path).not.toContain('/admin-assets/');
      expect(html, path).not.toContain('sveltia');
    }
  });
});

function response200(html: string): string {
  expect(html.startsWith('<!doctype html>')).toBe(true);
  return html;
}
