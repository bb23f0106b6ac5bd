// The security regression suite, galleries: a gallery dated on the embargo day
// was public at once: media index, /api/fetch-galleries, sitemaps, ZIP. Replayed from outside
// through the real worker: before its release time the gallery is on no public surface and
// reachable only through its secret link; the minute cron releases it (in one transaction with
// the story it belongs to); then it is everywhere and the secret link redirects to it.
//
// The fixture's gallery `upcoming` is dated 2099-06-01 09:00 UTC, long after the seed's import.
// The tests of this file run in order: the first ones look at the unreleased gallery, the cron
// then releases it, and the last ones look at the released gallery.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import worker from '#src/worker';
import { newGalleryLink } from '#src/domain/gallery-link';
import { cacheRules } from '#src/http/cache-rules';
import { CONTENT_REVISION_KEY } from '#src/platform/kv/page-cache-store';
import { testGalleryLinkToken, testLinkToken } from '../../fixtures/story-links';
import { renderFresh } from '../fresh-render';
import { ORIGIN, get } from '../request';

const UPCOMING = '8c2e4d6f-1a3b-4c5d-9e7f-0a1b2c3d4e5f';
const TITLE = 'Upcoming launch photos';
/** 2099-06-01 09:00 UTC: the gallery's release time. */
const RELEASE = Date.UTC(2099, 5, 1, 9, 0) / 1000;

const fetchGalleries = (fetcher: (path: string, init?: RequestInit) => Promise<Response>) =>
  fetcher('/api/fetch-galleries', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: ORIGIN }, body: JSON.stringify({ page: 1, pageSize: 6 }) });

/** Every public address that shows one gallery, in each of the newsroom's languages. */
const GALLERY_ADDRESSES = ['', '/fr', '/ar'].flatMap((prefix) =>
  ['', '.json', '/download', '/embed'].map((tail) => `${prefix}/media/album/${UPCOMING}${tail}`),
);

/** The public surfaces that list galleries, as a stranger reads them: index pages, machines' files. */
async function publicLists(fetcher: (path: string, init?: RequestInit) => Promise<Response>): Promise<Record<string, string>> {
  const paths = ['/media', '/fr/media', '/ar/media', '/llms.txt', '/fr/llms.txt', '/llms-full.txt', '/sitemap.xml', '/search?query=Upcoming'];
  const index = await (await fetcher('/sitemap.xml')).text();
  paths.push(...[...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname));
  const bodies: Record<string, string> = {};
  for (const path of paths) {
    const response = await fetcher(path);
    expect(response.status, path).toBe(200);
    bodies[path] = await response.text();
  }
  bodies['/api/fetch-galleries'] = await (await fetchGalleries(fetcher)).text();
  return bodies;
}

async function runCron(at: number): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at * 1000, cron: '* * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function galleryRow() {
  return env.DB.prepare('SELECT is_public, live_run FROM galleries WHERE uuid = ?1').bind(UPCOMING).first<{ is_public: number; live_run: string | null }>();
}

const revision = async () => (await env.DB.prepare('SELECT revision FROM content_revision WHERE id = 1').first<{ revision: number }>())!.revision;

let token: string;
beforeAll(async () => {
  token = await testGalleryLinkToken(UPCOMING);
  // Analytics on, so the secret page's silence is its own doing.
  await env.DB.prepare("UPDATE newsroom SET is_plausible_enabled = 1, plausible_site_id = 'news.test.example', google_analytics_id = 'G-TEST12345' WHERE id = 1").run();
});

describe('before its release time', () => {
  test('an unreleased gallery is in no public list: media index, load-more API, sitemaps, llms.txt, search', async () => {
    const bodies = await publicLists(get);
    for (const [path, body] of Object.entries(bodies)) {
      expect(body, path).not.toContain(UPCOMING);
      expect(body, path).not.toContain(TITLE);
    }
    // The released gallery is listed, so the lists above were not simply empty.
    expect(bodies['/media']).toContain('Launch day');
    expect(JSON.parse(bodies['/api/fetch-galleries']!)).toMatchObject({ total: 1 });
  });

  test('an unreleased gallery’s page, JSON, ZIP and embed card answer 404 in every language, and oEmbed will not embed it', async () => {
    for (const path of GALLERY_ADDRESSES) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain(TITLE);
    }
    for (const url of [`${ORIGIN}/media/album/${UPCOMING}`, `${ORIGIN}/s/${token}`, `${ORIGIN}/s/${token}/fr`]) {
      const oembed = await get(`/oembed?url=${encodeURIComponent(url)}&format=json`);
      expect(oembed.status, url).toBe(404);
    }
  });

  test('its secret link opens it with the embargo banner, private headers and no analytics, not embeddable, shareable or indexable', async () => {
    const response = await get(`/s/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe(cacheRules.private);
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    expect(response.headers.get('X-Cache')).toBe('BYPASS');
    const html = await response.text();
    expect(html).toContain(`<h1 id="gallery-title">${TITLE}</h1>`);
    expect(html).toContain('aria-label="About this gallery"');
    expect(html).toMatch(/Embargo until June 1, 2099 9:00\s?AM UTC/);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    for (const absent of ['plausible.io', 'googletagmanager.com', 'application/json+oembed', `/media/album/${UPCOMING}.json`, 'ImageGallery', 'share-bar']) expect(html, absent).not.toContain(absent);
    // Its "Download all" is behind the same secret, and so is the page in another language.
    expect(html).toContain(`href="/s/${token}/download"`);
    expect(html).toContain(`href="/s/${token}/fr"`);
  });

  test('the secret link answers in another language, and its ZIP with private headers; junk and the default language’s suffix do not', async () => {
    // The test assets hold no originals: the ZIP's entries fail after its headers went out.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const french = await get(`/s/${token}/fr`);
    expect(french.status).toBe(200);
    expect(french.headers.get('Cache-Control')).toBe(cacheRules.private);
    expect(await french.text()).toContain('Embargo jusqu’au 1 juin 2099');

    const zip = await get(`/s/${token}/download`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('Content-Type')).toBe('application/zip');
    expect(zip.headers.get('Cache-Control')).toBe(cacheRules.private);
    expect(zip.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(zip.headers.get('Content-Disposition')).toContain('Upcoming launch photos.zip');
    await zip.body?.cancel();

    const english = await get(`/s/${token}/en`);
    expect([english.status, english.headers.get('Location'), english.headers.get('Cache-Control')]).toEqual([301, `/s/${token}`, cacheRules.private]);

    const unknown = await newGalleryLink();
    for (const path of [`/s/${unknown.token}`, `/s/${unknown.token}/download`, `/s/${token}/xx`, `/s/${token}/de`, `/s/${token.slice(0, -1)}`]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  test('an embargoed story showing the gallery links its card to the gallery’s secret link on the story’s secret page', async () => {
    // The embargoed story, released with the gallery, shows it (the import renders the card so).
    await env.DB.prepare(
      `UPDATE stories SET published_at = ?2, body_html = body_html || ?3 WHERE slug = ?1`,
    )
      .bind('embargoed-story', RELEASE, `<div class="story-gallery"><a href="/media/album/${UPCOMING}"><span class="story-gallery-title">View the gallery: ${TITLE}</span></a></div>`)
      .run();
    const uuid = (await env.DB.prepare("SELECT uuid FROM stories WHERE slug = 'embargoed-story'").first<{ uuid: string }>())!.uuid;
    const page = await renderFresh(`/s/${await testLinkToken(uuid)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<a href="/s/${token}"><span class="story-gallery-title">`);
    expect(html).not.toContain(`href="/media/album/${UPCOMING}"`);
  });

  test('a cron run a minute before the release leaves the gallery unreleased and the revision where it was', async () => {
    const before = await revision();
    await runCron(RELEASE - 60);
    expect(await galleryRow()).toEqual({ is_public: 0, live_run: null });
    expect(await revision()).toBe(before);
  });
});

describe('once the cron released it', () => {
  test('the cron releases the gallery with the story that shows it, in one transaction and one revision, whatever runs overlap', async () => {
    const before = await revision();
    await Promise.all([runCron(RELEASE), runCron(RELEASE)]);
    const row = await galleryRow();
    expect(row?.is_public).toBe(1);
    const story = await env.DB.prepare("SELECT status, visibility, live_run FROM stories WHERE slug = 'embargoed-story'").first<{ status: string; visibility: string; live_run: string }>();
    expect(story).toMatchObject({ status: 'published', visibility: 'public' });
    // The same run stamped both.
    expect(row?.live_run).toBe(story?.live_run);
    expect(await revision()).toBe(before + 1);
    // Nothing is left for the next minute.
    await runCron(RELEASE + 60);
    expect(await revision()).toBe(before + 1);
  });

  test('the released gallery is in every public list, and its page, JSON, ZIP, embed card and oEmbed answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bodies = await publicLists(renderFresh);
    for (const path of ['/media', '/fr/media', '/llms.txt', '/api/fetch-galleries']) expect(bodies[path], path).toContain(TITLE);
    expect(Object.entries(bodies).filter(([path]) => path.startsWith('/sitemaps/')).some(([, body]) => body.includes(`${ORIGIN}/media/album/${UPCOMING}`))).toBe(true);
    expect(JSON.parse(bodies['/api/fetch-galleries']!)).toMatchObject({ total: 2 });
    for (const path of GALLERY_ADDRESSES) {
      // A ZIP is never a stored copy: asked as a stranger asks it (renderFresh would wait for its stream).
      const response = await (path.endsWith('/download') ? get(path) : renderFresh(path));
      expect(response.status, path).toBe(200);
      await response.body?.cancel();
    }
    const oembed = await renderFresh(`/oembed?url=${encodeURIComponent(`${ORIGIN}/media/album/${UPCOMING}`)}&format=json`);
    expect(oembed.status).toBe(200);
    // The story released with it shows its card, pointing at the public gallery.
    expect(await (await renderFresh('/embargoed-story')).text()).toContain(`<a href="/media/album/${UPCOMING}">`);
  });

  test('its secret link now answers 301 to the public address, with the private headers', async () => {
    for (const [path, location] of [
      [`/s/${token}`, `/media/album/${UPCOMING}`],
      [`/s/${token}/fr`, `/fr/media/album/${UPCOMING}`],
      [`/s/${token}/download`, `/media/album/${UPCOMING}/download`],
    ] as const) {
      const response = await get(path);
      expect([response.status, response.headers.get('Location')], path).toEqual([301, location]);
      expect(response.headers.get('Cache-Control'), path).toBe(cacheRules.private);
      expect(response.headers.get('Referrer-Policy'), path).toBe('no-referrer');
    }
  });

  test('a gallery due alone is released by the cron too: one revision, and the page cache points at it', async () => {
    const LAUNCH = '6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    const later = RELEASE + 3600;
    await env.DB.prepare('UPDATE galleries SET is_public = 0, published_at = ?2 WHERE uuid = ?1').bind(LAUNCH, later).run();
    expect(JSON.parse(await (await fetchGalleries(renderFresh)).text())).toMatchObject({ total: 1 });
    const before = await revision();
    await runCron(later);
    expect(await revision()).toBe(before + 1);
    expect(JSON.parse((await env.PAGE_CACHE.get(CONTENT_REVISION_KEY))!).revision).toBe(before + 1);
    expect(JSON.parse(await (await fetchGalleries(renderFresh)).text())).toMatchObject({ total: 2 });
  });
});
