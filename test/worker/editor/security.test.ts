// The security regression suite, the editor's part:
// /admin is the press team's, never the readers' site: each request replayed from outside
// through the real worker, with the safe outcome. Everything under /admin is behind one door
// (src/admin/admin-door.tsx, ADR 0051): a Cloudflare Access token, played here by its stand-in
// (test/fixtures/fake-access.ts), or the door's 403; open only under `npm start` on loopback.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createApp } from '#src/app';
import { KEY_PREFIX } from '#src/page-cache/key';
import manifest from '#src/admin/admin-manifest.generated.json';
import { ACCESS_HEADER, DOOR_TEXTS } from '#src/admin/admin-door';
import { adminContentSecurityPolicy, GITHUB_AVATARS_ORIGIN } from '#src/admin/admin-headers';
import { createFakeAccess, type FakeAccess } from '../../fixtures/fake-access';
import { get, ORIGIN } from '../request';

let access: FakeAccess;
let accessVars: Record<string, string>;

beforeAll(async () => {
  access = await createFakeAccess();
  accessVars = { ACCESS_TEAM_DOMAIN: access.teamDomain, ACCESS_AUD: access.audience };
});

/** A request to the whole app with the bindings given over the worker's, Access's keys from its stand-in. */
async function send(url: string, init: RequestInit = {}, vars: Record<string, string> = accessVars): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await createApp({ accessFetch: access.fetch }).fetch(new Request(url, { redirect: 'manual', ...init }), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** A GET of `path` by a person signed in through Cloudflare Access. */
async function signedIn(path: string, vars: Record<string, string> = accessVars): Promise<Response> {
  return send(`${ORIGIN}${path}`, { headers: { [ACCESS_HEADER]: await access.token() } }, vars);
}

/** The door's refusals write a warning each; a test that expects them reads them here. */
function refusals() {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  return () => warn.mock.calls.map((call) => JSON.parse(String(call[0])) as { event: string; reason: string; path: string });
}

/** The directives of a Content-Security-Policy, by name. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map((policy ?? '').split(';').map((part) => part.trim().split(/\s+/)).filter((words) => words[0]).map(([name, ...values]) => [name!, values]));
}

async function pageKeys(): Promise<string[]> {
  return (await env.PAGE_CACHE.list({ prefix: `${KEY_PREFIX}:` })).keys.map((key) => key.name);
}

/** Every kind of address under /admin: the editor, its configuration and sign-in, upload signatures, the GitHub proxy, the press office, and what is not there. */
const ADMIN_PATHS = ['/admin', '/admin/', '/admin/config.yml', '/admin/auth?provider=github', '/admin/uploads/signature', '/admin/github/api/v3/user', '/admin/github/api/graphql', '/admin/press', '/admin/press/journalists', '/admin/anything'];
/** Where the editor's script reads JSON: the door answers there in JSON too. */
const isApiPath = (path: string) => path.startsWith('/admin/github/') || path.startsWith('/admin/uploads/');

/** The door's 403: its refusal and nothing of what is behind it. */
async function expectDoorRefusal(response: Response, path: string) {
  expect(response.status, path).toBe(403);
  expect(response.headers.get('Cache-Control'), path).toBe('private, no-store');
  expect(response.headers.get('X-Robots-Tag'), path).toBe('noindex, nofollow');
  expect(response.headers.get('Referrer-Policy'), path).toBe('no-referrer');
  expect(response.headers.get('Location'), path).toBeNull();
  expect(response.headers.get('Set-Cookie'), path).toBeNull();
  expect(response.headers.get('X-Cache'), path).toBeNull();
  const body = await response.text();
  if (isApiPath(path)) {
    expect(response.headers.get('Content-Type'), path).toBe('application/json; charset=utf-8');
    expect((JSON.parse(body) as { message: string }).message, path).toContain(DOOR_TEXTS.refusedTitle);
  } else {
    expect(response.headers.get('Content-Type'), path).toBe('text/html; charset=utf-8');
    expect(body, path).toContain(DOOR_TEXTS.refusedTitle);
  }
  // Never the page, its configuration, the sign-in's handshake or the office's contents.
  for (const secret of [manifest.editor, manifest.script, 'sveltia', 'importmap', '"collections"', 'editor-login-handshake', 'authorization:github', 'Embargoed story that must stay hidden', 'Revoke']) expect(body, path).not.toContain(secret);
}

describe('every path under /admin is behind the door', () => {
  let logged: ReturnType<typeof refusals>;
  beforeEach(() => {
    logged = refusals();
  });

  test.each(ADMIN_PATHS)('the deployed worker without Access configured: %s is 403, never the page', async (path) => {
    await expectDoorRefusal(await get(path), path);
  });

  test.each(ADMIN_PATHS)('with Access configured, without a token: %s is 403, never the page', async (path) => {
    await expectDoorRefusal(await send(`${ORIGIN}${path}`), path);
    expect(logged()).toEqual([{ event: 'admin_refused', reason: 'no_token', path: path.split('?')[0] }]);
  });

  test.each(['/admin/uploads/signature', '/admin/github/api/graphql', '/admin/press/revoke'])('a write from the page itself without a token is 403 too: POST %s', async (path) => {
    const response = await send(`${ORIGIN}${path}`, { method: 'POST', headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' }, body: '{}' });
    await expectDoorRefusal(response, path);
    expect(logged().map((line) => line.reason)).toEqual(['no_token']);
  });

  test.each(ADMIN_PATHS)('LOCAL_DEVELOPMENT=true on a public host is not a developer’s machine: %s is still 403', async (path) => {
    await expectDoorRefusal(await send(`${ORIGIN}${path}`, {}, { ...accessVars, LOCAL_DEVELOPMENT: 'true' }), path);
    await expectDoorRefusal(await send(`${ORIGIN}${path}`, {}, { LOCAL_DEVELOPMENT: 'true' }), path);
  });

  test.each(ADMIN_PATHS)('under npm start (LOCAL_DEVELOPMENT=true on http://127.0.0.1:8787) the door is open: %s is not 403', async (path) => {
    const response = await send(`http://127.0.0.1:8787${path}`, {}, { LOCAL_DEVELOPMENT: 'true' });
    const body = await response.text();
    expect(response.status, path).not.toBe(403);
    expect(body, path).not.toContain(DOOR_TEXTS.refusedTitle);
    expect(logged().filter((line) => line.event === 'admin_refused')).toEqual([]);
  });

  test('under npm start the editor and the press office open for the local person', async () => {
    const local = 'http://127.0.0.1:8787';
    const editor = await send(`${local}/admin/`, {}, { LOCAL_DEVELOPMENT: 'true' });
    expect(editor.status).toBe(200);
    expect(await editor.text()).toContain(`<script src="${manifest.editor}"></script>`);
    const office = await send(`${local}/admin/press`, {}, { LOCAL_DEVELOPMENT: 'true' });
    expect(office.status).toBe(200);
    expect(await office.text()).toContain('Embargoed story that must stay hidden');
  });
});

describe('the editor page is never cached, indexed, framed or a Referer source', () => {
  for (const path of ['/admin/', '/admin/config.yml', '/admin']) {
    test(`${path} is private, no-store, noindex and sends no Referer`, async () => {
      const response = await signedIn(path);
      await response.arrayBuffer();
      expect(response.status).toBe(path === '/admin' ? 301 : 200);
      expect(response.headers.get('Cache-Control')).toBe('private, no-store');
      expect(response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
      expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
      // The sign-in popup answers this window (src/admin/sign-in-page.ts).
      expect(response.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin-allow-popups');
      expect(response.headers.get('X-Cache')).toBeNull();
    });
  }

  test('/admin moves permanently to /admin/', async () => {
    const response = await signedIn('/admin');
    expect(response.headers.get('Location')).toBe('/admin/');
  });

  test('asking for the editor twice stores nothing in the page cache, nor does a refusal', async () => {
    const before = await pageKeys();
    for (let i = 0; i < 2; i++) await (await signedIn('/admin/')).arrayBuffer();
    await (await signedIn('/admin/config.yml')).arrayBuffer();
    const logged = refusals();
    await (await send(`${ORIGIN}/admin/`)).arrayBuffer();
    expect(logged().map((line) => line.reason)).toEqual(['no_token']);
    expect(await pageKeys()).toEqual(before);
  });
});

/** `'sha256-…'` of a text, as a policy names an inline script. */
async function hashSource(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

describe("the editor's own Content-Security-Policy", () => {
  test('allows scripts, styles and fonts from this site only (and the page\'s import map, by its hash), connections to this site only, and GitHub\'s avatars', async () => {
    const response = await signedIn('/admin/');
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
    // The GitHub API is reached through this site's proxy (/admin/github/): the browser never calls it.
    expect(policy.get('connect-src')).toEqual(["'self'", 'blob:']);
    expect(response.headers.get('Content-Security-Policy')).not.toContain('api.github.com');
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
  });

  test('names no CDN the editor would call by itself (jsDelivr, unpkg, GitHub status), nor GitHub\'s API', async () => {
    const policy = (await signedIn('/admin/')).headers.get('Content-Security-Policy') ?? '';
    for (const host of ['jsdelivr', 'unpkg', 'githubstatus', 'api.github.com']) expect(policy).not.toContain(host);
    // Nor any wildcard that would let them in.
    const sources = [...directives(policy).values()].flat();
    expect(sources.filter((source) => source === 'https:' || source.includes('*'))).toEqual([]);
  });

  test('shows images from the media CDN only when media are served from it, and uploads to Uploadcare only when the editor does', () => {
    const withCdn = directives(adminContentSecurityPolicy({ mediaCdnOrigin: 'https://ucarecdn.com' }));
    expect(withCdn.get('img-src')).toContain('https://ucarecdn.com');
    expect(withCdn.get('connect-src')).toEqual(["'self'", 'blob:']);
    const uploading = directives(adminContentSecurityPolicy({ mediaCdnOrigin: 'https://ucarecdn.com', uploadOrigin: 'https://upload.uploadcare.com' }));
    expect(uploading.get('connect-src')).toEqual(["'self'", 'blob:', 'https://upload.uploadcare.com']);
    // Never the REST API, which takes the secret key; never GitHub's API.
    expect(adminContentSecurityPolicy({ mediaCdnOrigin: 'https://ucarecdn.com', uploadOrigin: 'https://upload.uploadcare.com' })).not.toContain('api.uploadcare.com');
    expect(adminContentSecurityPolicy({ mediaCdnOrigin: 'https://ucarecdn.com', uploadOrigin: 'https://upload.uploadcare.com' })).not.toContain('api.github.com');
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
    const html = await (await signedIn('/admin/')).text();
    expect(response200(html)).toContain(`<script src="${manifest.editor}"></script>`);
    expect(manifest.editorLocales).toBe(`${manifest.editor.slice(0, -'sveltia-cms.js'.length)}locales/`);
    expect(html).toContain(`<script src="${manifest.script}" data-editor-translations="${manifest.editorLocales}" data-media-folder="/content/demo/media" data-session="local"></script>`);
    expect(html).toContain(`href="${manifest.stylesheet}"`);
    expect(html).not.toContain('/assets/');
    expect(html).not.toContain('/styles/site.css');
  });

  // That the copy is served and Sveltia's preview loads through the map: test/e2e/admin-preview.test.mjs.
  test('its one inline script is the import map sending Sveltia’s Immutable.js import to our copy, allowed by its hash', async () => {
    const html = await (await signedIn('/admin/')).text();
    const inline = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter((match) => !/\bsrc=/.test(match[1]!));
    expect(inline.map((match) => match[1])).toEqual([' type="importmap"']);
    const importMap = inline[0]![2]!;
    expect(manifest.importMapSource).toBe(await hashSource(importMap));
    const imports = (JSON.parse(importMap) as { imports: Record<string, string> }).imports;
    expect(Object.keys(imports)).toEqual([expect.stringMatching(/^https:\/\/unpkg\.com\/immutable@\d+\.\d+\.\d+\/dist\/immutable\.es\.js$/)]);
    expect(Object.values(imports)).toEqual([expect.stringMatching(/^\/admin-assets\/immutable\.es-[0-9a-f]{12}\.js$/)]);
  });

  test('config.yml names the collections and the newsroom languages', async () => {
    const text = await (await signedIn('/admin/config.yml')).text();
    const config = JSON.parse(text.replace(/^#.*\n/, '')) as { backend: { name: string }; collections: { name: string }[]; i18n: { locales: string[] } };
    expect(config.backend.name).toBe('github');
    expect(config.collections.map((collection) => collection.name)).toEqual(['stories', 'policies', 'galleries', 'company', 'settings']);
  });

  test('config.yml with the GitHub App configured sends the editor to this site’s proxy and sign-in, never to GitHub’s API', async () => {
    const app = { GITHUB_APP_ID: '123', GITHUB_APP_INSTALLATION_ID: '456', GITHUB_APP_PRIVATE_KEY: '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAsecurityTestKey0123456789\n-----END RSA PRIVATE KEY-----\n', EDITOR_REPOSITORY: 'northwind/newsroom' };
    const text = await (await signedIn('/admin/config.yml', { ...accessVars, ...app })).text();
    const config = JSON.parse(text.replace(/^#.*\n/, '')) as { backend: Record<string, string> };
    expect(config.backend).toEqual({ name: 'github', repo: 'northwind/newsroom', branch: 'main', api_root: `${ORIGIN}/admin/github/api/v3`, graphql_api_root: `${ORIGIN}/admin/github/api/graphql`, base_url: ORIGIN, auth_endpoint: 'admin/auth' });
    expect(text).not.toContain('api.github.com');
    expect(text).not.toContain('securityTestKey');
    // The page starts the editor's session on the person's Access sign-in, and holds nothing of the key.
    const page = await (await signedIn('/admin/', { ...accessVars, ...app })).text();
    expect(page).toContain('data-session="access"');
    expect(page).not.toContain('securityTestKey');
  });

  test('config.yml names every folder under the content folder in the repository the editor opens (EDITOR_CONTENT_DIR, content/demo by default)', async () => {
    const config = JSON.parse((await (await signedIn('/admin/config.yml')).text()).replace(/^#.*\n/, '')) as { media_folder: string; public_folder: string; collections: { folder?: string; files?: { file: string }[] }[] };
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
