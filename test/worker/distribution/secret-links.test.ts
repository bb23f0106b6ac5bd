// Secret links `/s/{token}` (src/pages/secret-story.ts) through the real worker: the notice a
// journalist sees, the headers that keep the token with the reader, the page cache that never
// sees them, the 301 once a story is public, the translation switcher of SPEC section 5, and the
// public pages, feeds, sitemaps, APIs and search that never list a non-public story.
//
// This file's newsroom runs on New York time and has every third party switched on (Plausible,
// Google Analytics, Segment, OneTrust), so a secret page that names none of them has turned them
// off itself rather than inherited them off. Stories this file adds have their own translation
// groups and random secret links; the fixture stories are left as they are.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, expect, test } from 'vitest';
import { createApp } from '#src/app';
import type { StoryStatus, StoryVisibility } from '#src/domain/story';
import { newStoryLink } from '#src/domain/story-link';
import { cacheRules } from '#src/http/cache-rules';
import { contentSecurityPolicy } from '#src/http/content-security-policy';
import { replaceLinkStatement } from '#src/platform/d1/story-links';
import { testLinkToken } from '../../fixtures/story-links';
import { STORY_JSON_KEYS } from '../../fixtures/story-json';
import { ORIGIN, get, request } from '../request';


const HIDDEN = {
  embargo: { slug: 'embargoed-story', title: 'Embargoed story that must stay hidden' },
  private: { slug: 'private-story', title: 'Private story that must stay hidden' },
  draft: { slug: 'draft-story', title: 'Draft story that must stay hidden' },
} as const;
const THIRD_PARTY_ORIGINS = ['https://plausible.io', 'https://www.googletagmanager.com', 'google-analytics.com', 'https://cdn.cookielaw.org', 'https://geolocation.onetrust.com'];

beforeAll(async () => {
  const oneTrust = { is_enabled: true, category: 'C0002', script: '<script src="https://cdn.cookielaw.org/scripttemplates/otSDKStub.js" data-domain-script="abc-123"></script>' };
  await env.DB.prepare(
    `UPDATE newsroom SET timezone = 'America/New_York', is_plausible_enabled = 1, plausible_site_id = 'news.test.example',
       segment_analytics_id = 'segment-write-key', google_analytics_id = 'G-TEST12345', onetrust_cookie_consent = ?1 WHERE id = 1`,
  )
    .bind(JSON.stringify(oneTrust))
    .run();
});

async function uuidOf(slug: string): Promise<string> {
  const row = await env.DB.prepare('SELECT uuid FROM stories WHERE slug = ?').bind(slug).first<{ uuid: string }>();
  expect(row, `story ${slug}`).not.toBeNull();
  return row!.uuid;
}

async function secretPath(slug: string): Promise<string> {
  return `/s/${await testLinkToken(await uuidOf(slug))}`;
}

/** Intl puts (narrow) no-break spaces in times: "4:00 AM". */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

function clientConfig(html: string): Record<string, unknown> & { analytics: Record<string, unknown> } {
  const block = html.match(/<script type="application\/json" id="newsroom-client">([\s\S]*?)<\/script>/)?.[1];
  expect(block, 'the client configuration block').toBeDefined();
  return JSON.parse(block!);
}

/** The links of a `<nav class="…">` block, as [hreflang, href] pairs. */
function navLinks(html: string, className: string): string[][] {
  const nav = html.match(new RegExp(`<nav class="${className}"[\\s\\S]*?</nav>`))?.[0];
  if (!nav) return [];
  return [...nav.matchAll(/<a href="([^"]*)" hrefLang="([^"]*)"/g)].map((match) => [match[2]!, match[1]!]);
}
/** The language switcher in the header (the current page included), sorted by language. */
const switcher = (html: string) => navLinks(html, 'language-switcher').sort(([a], [b]) => a!.localeCompare(b!));
/** The story's "Also available in" list (the other languages), sorted by language. */
const alsoAvailable = (html: string) => navLinks(html, 'story-translations').sort(([a], [b]) => a!.localeCompare(b!));

let added = 0;

/** A story row (and, unless `link: false`, its secret link) straight into D1, as an import would leave it. */
async function addStory(input: {
  group: string;
  locale: string;
  status: StoryStatus;
  visibility: StoryVisibility;
  link?: boolean;
  publishedAt?: number;
}): Promise<{ uuid: string; slug: string; title: string; token: string | null }> {
  added += 1;
  const uuid = crypto.randomUUID();
  const slug = `shared-${input.locale}-${input.status}-${input.visibility}-${added}`;
  const title = `Shared ${input.locale} ${input.status} ${input.visibility} number ${added}`;
  const publishedAt = input.publishedAt ?? Date.UTC(2026, 11, 10, 14, 30) / 1000;
  await env.DB.prepare(
    `INSERT INTO stories (uuid, translation_group, locale, slug, title, summary, status, visibility, published_at, updated_at, body_html, body_text)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10, ?11)`,
  )
    .bind(uuid, input.group, input.locale, slug, title, `Summary of ${title}.`, input.status, input.visibility, publishedAt, `<p>Body of ${title}.</p>`, `Body of ${title}.`)
    .run();
  let token: string | null = null;
  if (input.link !== false) {
    const link = await newStoryLink();
    await env.DB.prepare('INSERT INTO story_links (story_uuid, token, token_hash, created_at) VALUES (?1, ?2, ?3, ?4)').bind(uuid, link.token, link.tokenHash, 1_780_272_000).run();
    token = link.token;
  }
  return { uuid, slug, title, token };
}

// ---------------------------------------------------------------------------------------------
// The page a journalist sees

test.each([
  [HIDDEN.embargo.slug, 'Embargo until December 5, 2026 4:00 AM EST', 'Do not publish it or share its content before the embargo ends.', HIDDEN.embargo.title],
  [HIDDEN.private.slug, 'Not for publication', 'This story is shared with you privately. Do not publish or forward it.', HIDDEN.private.title],
  [HIDDEN.draft.slug, 'Preview: not published yet', 'Planned for April 1, 2026 5:00 AM EDT. The content may still change.', HIDDEN.draft.title],
])('the secret link of %s shows the story under the notice “%s”', async (slug, title, body, storyTitle) => {
  const response = await get(await secretPath(slug));
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
  const html = plainSpaces(await response.text());
  const notice = html.match(/<aside class="container-narrow share-notice[^"]*" aria-label="About this story">([\s\S]*?)<\/aside>/)?.[1];
  expect(notice, 'the notice').toBeDefined();
  expect(notice).toContain(`<strong>${title}</strong>`);
  expect(notice).toContain(body);
  // The notice comes before the story itself.
  expect(html).toContain(`<h1 class="story-title">${storyTitle}</h1>`);
  expect(html.indexOf('share-notice')).toBeLessThan(html.indexOf('<h1 class="story-title">'));
});

test('the embargo notice is in the language of the story, with its date and time in the newsroom’s zone', async () => {
  const group = crypto.randomUUID();
  const story = await addStory({ group, locale: 'fr', status: 'embargo', visibility: 'embargo', publishedAt: Date.UTC(2027, 1, 4, 7, 0) / 1000 });
  const html = plainSpaces(await (await get(`/s/${story.token}`)).text());
  expect(html).toContain('<html lang="fr"');
  // 07:00 UTC is 02:00 in New York in February.
  expect(html).toContain('<strong>Embargo jusqu’au 4 février 2027 02:00 UTC−5</strong>');
  expect(html).toContain('Ne la publiez pas et n’en diffusez pas le contenu avant la levée de l’embargo.');
});

test('the notice’s date is the date in the newsroom’s zone, not in UTC', async () => {
  // 03:00 UTC on New Year's Day is still New Year's Eve in New York.
  const story = await addStory({ group: crypto.randomUUID(), locale: 'en', status: 'embargo', visibility: 'embargo', publishedAt: Date.UTC(2027, 0, 1, 3, 0) / 1000 });
  const html = plainSpaces(await (await get(`/s/${story.token}`)).text());
  expect(html).toContain('<strong>Embargo until December 31, 2026 10:00 PM EST</strong>');
});

test.each(Object.values(HIDDEN).map(({ slug }) => slug))('the secret page of %s is private, never indexed and sends no Referer', async (slug) => {
  const response = await get(await secretPath(slug));
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.private);
  expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
  expect(response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
  // Past the page cache, which neither looked it up nor kept it.
  expect(response.headers.get('X-Cache')).toBe('BYPASS');
  expect(response.headers.get('Set-Cookie')).toBeNull();
  const html = await response.text();
  expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
  // No structured data describes it as an article for search engines.
  expect(html).not.toContain('"NewsArticle"');
});

test('the newsroom of this file does turn every third party on for its public pages', async () => {
  const response = await get('/english-story-01', { headers: { Cookie: 'session=test' } });
  const csp = response.headers.get('Content-Security-Policy')!;
  expect(csp).toContain('https://plausible.io');
  expect(csp).toContain('https://www.googletagmanager.com');
  expect(csp).toContain('https://cdn.cookielaw.org');
  const config = clientConfig(await response.text());
  expect(config.analytics).toMatchObject({ isEnabled: true, googleAnalyticsId: 'G-TEST12345', writeKey: 'segment-write-key' });
  expect(config.oneTrust).not.toBeNull();
});

test.each(Object.values(HIDDEN).map(({ slug }) => slug))('the secret page of %s names no third-party origin and turns analytics off', async (slug) => {
  const response = await get(await secretPath(slug));
  const csp = response.headers.get('Content-Security-Policy');
  expect(csp).toBe(contentSecurityPolicy());
  for (const origin of THIRD_PARTY_ORIGINS) expect(csp).not.toContain(origin);
  const html = await response.text();
  for (const origin of THIRD_PARTY_ORIGINS) expect(html).not.toContain(origin);
  // Nor any of the newsroom's analytics identifiers or consent-tool settings.
  for (const setting of ['G-TEST12345', 'segment-write-key', 'rollup.newsroom.example', 'otSDKStub', 'abc-123', 'C0002']) expect(html).not.toContain(setting);
  const config = clientConfig(html);
  expect(config.analytics).toMatchObject({ isEnabled: false, policy: 'disabled', writeKey: null, plausibleDomains: null, googleAnalyticsId: null });
  expect(config.oneTrust).toBeNull();
  // Every script is the site's own module, or a data block.
  for (const [, attributes] of html.matchAll(/<script\b([^>]*)>/g)) {
    expect(attributes).toMatch(/^ type="module" src="\/assets\/main-[A-Z0-9]+\.js"$|^ type="application\/(ld\+)?json"/);
  }
});

test('the secret page links its own JSON alternate and names itself as canonical', async () => {
  const path = await secretPath('private-story');
  const html = await (await get(path)).text();
  expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${path}"/>`);
  expect(html).toContain(`<link rel="alternate" type="application/json" href="${ORIGIN}${path}.json"/>`);
});

// ---------------------------------------------------------------------------------------------
// The JSON alternate

test.each(Object.values(HIDDEN).map(({ slug }) => slug))('the JSON alternate of %s has the public story JSON’s fields, and the same headers as the page', async (slug) => {
  const path = await secretPath(slug);
  const response = await get(`${path}.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.private);
  expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
  expect(response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
  // Validators like every JSON alternate; the 304 stays private too.
  const etag = response.headers.get('ETag');
  expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
  const again = await get(`${path}.json`, { headers: { 'If-None-Match': etag! } });
  expect(again.status).toBe(304);
  expect(again.headers.get('Cache-Control')).toBe(cacheRules.private);
  const story = (await response.json()) as Record<string, unknown>;
  const publicStory = (await (await get('/english-story-01.json')).json()) as Record<string, unknown>;
  expect(Object.keys(story).sort()).toEqual(Object.keys(publicStory).sort());
  expect(Object.keys(story).sort()).toEqual(STORY_JSON_KEYS);
  expect(story.uuid).toBe(await uuidOf(slug));
  expect(story.canonical_url).toBe(`${ORIGIN}${path}`);
  // Nothing internal: no token, author e-mail or body text; the state is the one the notice says.
  const text = JSON.stringify(story);
  for (const internal of ['token', 'author_email', 'body_text', 'jane@acme.example']) expect(text).not.toContain(internal);
});

// ---------------------------------------------------------------------------------------------
// Public stories, and stories that become public

test('the secret link of a public story answers 301 to its public address, and its JSON to the public JSON', async () => {
  const path = await secretPath('english-story-01');
  const page = await get(path);
  expect(page.status).toBe(301);
  expect(page.headers.get('Location')).toBe('/english-story-01');
  const json = await get(`${path}.json`);
  expect(json.status).toBe(301);
  expect(json.headers.get('Location')).toBe('/english-story-01.json');
  expect((await get('/english-story-01')).status).toBe(200);
});

test('a story made published and public in D1 answers its secret link with a 301, so links already sent keep working', async () => {
  const story = await addStory({ group: crypto.randomUUID(), locale: 'en', status: 'embargo', visibility: 'embargo' });
  expect((await get(`/s/${story.token}`)).status).toBe(200);
  await env.DB.prepare("UPDATE stories SET status = 'published', visibility = 'public' WHERE uuid = ?").bind(story.uuid).run();
  const page = await get(`/s/${story.token}`);
  expect(page.status).toBe(301);
  expect(page.headers.get('Location')).toBe(`/${story.slug}`);
  const json = await get(`/s/${story.token}.json`);
  expect(json.status).toBe(301);
  expect(json.headers.get('Location')).toBe(`/${story.slug}.json`);
});

test.each([
  ['published', 'private', 200],
  ['published', 'confidential', 200],
  ['published', 'embargo', 200],
  ['scheduled', 'public', 200],
  ['embargo', 'public', 200],
  ['published', 'public', 301],
] as const)('a %s story with visibility %s answers its secret link with %i', async (status, visibility, expected) => {
  const story = await addStory({ group: crypto.randomUUID(), locale: 'en', status, visibility });
  expect((await get(`/s/${story.token}`)).status).toBe(expected);
});

// ---------------------------------------------------------------------------------------------
// Tokens that open nothing

async function notFoundPage(): Promise<string> {
  const response = await get('/no-such-story-anywhere');
  expect(response.status).toBe(404);
  return response.text();
}

test.each([
  ['a well-formed token nobody was given', () => '/s/' + 'A'.repeat(43)],
  ['a random well-formed token', () => `/s/${crypto.getRandomValues(new Uint8Array(32)).reduce((text, byte) => text + 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[byte % 64], '').slice(0, 43)}`],
  ['a short token', () => '/s/short'],
  ['a token one character too long', () => '/s/' + 'A'.repeat(44)],
  ['a token with a character outside base64url', () => '/s/' + 'A'.repeat(42) + '%21'],
  ['the JSON of a well-formed unknown token', () => '/s/' + 'B'.repeat(43) + '.json'],
  ['the JSON of a short token', () => '/s/short.json'],
])('%s answers the ordinary 404 page', async (_case, path) => {
  const response = await get(path());
  expect(response.status).toBe(404);
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.error);
  const html = await response.text();
  expect(html).toContain('The page you’re looking for doesn’t exist...');
  const ordinary = await notFoundPage();
  expect(html.match(/<h1[^>]*>[\s\S]*?<\/h1>/)?.[0]).toBe(ordinary.match(/<h1[^>]*>[\s\S]*?<\/h1>/)?.[0]);
});

test('a real token with its last character changed opens nothing', async () => {
  const token = await testLinkToken(await uuidOf('private-story'));
  const changed = token.slice(0, 42) + (token.endsWith('A') ? 'B' : 'A');
  expect((await get(`/s/${changed}`)).status).toBe(404);
  expect((await get(`/s/${token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase()}`)).status).toBe(404);
});

test('/s/ with nothing after it ends on the ordinary 404 page', async () => {
  const response = await request(`${ORIGIN}/s/`);
  expect(response.status).toBe(404);
  expect(await response.text()).toContain('The page you’re looking for doesn’t exist...');
  expect((await get('/s')).status).toBe(404);
});

test('a rotated link stops working at once, and the new one opens the story', async () => {
  const story = await addStory({ group: crypto.randomUUID(), locale: 'en', status: 'published', visibility: 'private' });
  const fresh = await newStoryLink();
  const rotate = replaceLinkStatement(story.uuid, fresh, 1_790_000_000);
  await env.DB.prepare(rotate.sql).bind(...rotate.params).run();
  expect((await get(`/s/${story.token}`)).status).toBe(404);
  expect((await get(`/s/${story.token}.json`)).status).toBe(404);
  const response = await get(`/s/${fresh.token}`);
  expect(response.status).toBe(200);
  expect(await response.text()).toContain(`<h1 class="story-title">${story.title}</h1>`);
});

// ---------------------------------------------------------------------------------------------
// The page cache never sees a secret link

test('nothing under /s/ ever reaches KV, while public pages do', async () => {
  const app = createApp();
  const send = async (path: string) => {
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(`${ORIGIN}${path}`, { redirect: 'manual' }), env, ctx);
    await response.arrayBuffer();
    await waitOnExecutionContext(ctx);
    return response;
  };
  const tokens: string[] = [];
  for (const slug of [...Object.values(HIDDEN).map((story) => story.slug), 'english-story-01']) {
    const token = await testLinkToken(await uuidOf(slug));
    tokens.push(token);
    // Twice each: a second request would be a hit had the first been stored.
    for (const path of [`/s/${token}`, `/s/${token}.json`, `/s/${token}`, `/s/${token}.json`]) {
      const response = await send(path);
      expect(response.headers.get('X-Cache'), path).toBe('BYPASS');
    }
  }
  for (const path of ['/s/short', `/s/${'C'.repeat(43)}`, '/s/']) await send(path);
  // The control: a public page is stored.
  await send('/english-story-02');
  expect((await send('/english-story-02')).headers.get('X-Cache')).toBe('HIT');

  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.PAGE_CACHE.list(cursor ? { cursor } : {});
    keys.push(...page.keys.map((key) => key.name));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  expect(keys.some((key) => key.endsWith('/english-story-02'))).toBe(true);
  expect(keys.filter((key) => key.includes('/s/') || key.endsWith('/s'))).toEqual([]);
  for (const token of tokens) expect(keys.filter((key) => key.includes(token))).toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// Nowhere else

test('public pages, feeds, sitemaps, the load-more API and search never list a non-public story', async () => {
  const sitemapIndex = await (await get('/sitemap.xml')).text();
  const sitemaps = [...sitemapIndex.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(sitemaps.length).toBeGreaterThan(0);
  const paths = [
    '/',
    '/fr',
    '/ar',
    '/?page=2',
    '/category/products',
    '/fr/category/produits',
    '/english-story-01',
    '/english-story-03',
    '/histoire-privee-traduite',
    '/feed',
    '/feed/atom',
    '/feed/json',
    '/fr/feed',
    '/category/products/feed',
    '/sitemap.xml',
    ...sitemaps,
    '/search?query=hidden',
    '/search?query=story',
    '/search?query=secret',
    '/api/search?query=hidden&localeCode=en',
    '/api/search?query=story&localeCode=en',
  ];
  const tokens = await Promise.all(Object.values(HIDDEN).map(async ({ slug }) => testLinkToken(await uuidOf(slug))));
  for (const path of paths) {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    const body = await response.text();
    for (const { slug, title } of Object.values(HIDDEN)) {
      expect(body, `${title} on ${path}`).not.toContain(title);
      expect(body, `${slug} on ${path}`).not.toContain(`/${slug}`);
    }
    for (const token of tokens) expect(body, `a secret token on ${path}`).not.toContain(token);
    expect(body, `a secret link on ${path}`).not.toContain('/s/');
  }
  // The controls: the same places do list public stories.
  expect(await (await get('/feed')).text()).toContain('English story number 15');
  expect(await (await get('/search?query=story')).text()).toContain('href="/english-story-15"');
  expect(await (await get('/category/products')).text()).toContain('href="/english-story-15"');
  for (const localeCode of ['en', 'fr', 'ar']) {
    const response = await request(`${ORIGIN}/api/fetch-stories`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ page: 1, pageSize: 100, localeCode }) });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(JSON.parse(body).stories.length).toBeGreaterThan(0);
    for (const { title } of Object.values(HIDDEN)) expect(body).not.toContain(title);
  }
});

test('the secret page of one non-public story lists no other non-public story', async () => {
  for (const { slug } of Object.values(HIDDEN)) {
    const html = await (await get(await secretPath(slug))).text();
    for (const other of Object.values(HIDDEN).filter((story) => story.slug !== slug)) {
      expect(html).not.toContain(other.title);
      expect(html).not.toContain(`/${other.slug}"`);
    }
    // No related stories at all: the list could only point readers elsewhere.
    expect(html).not.toContain('related-stories');
  }
});

// ---------------------------------------------------------------------------------------------
// The translation switcher (SPEC section 5)

type Link = [locale: string, href: string];
const byLocale = (links: Link[]) => [...links].sort(([a], [b]) => a.localeCompare(b));

/**
 * The page at `self` links exactly `others`: in its "Also available in" list, and in the header's
 * language switcher beside itself (a switcher is only shown when there is somewhere to switch to).
 */
async function expectTranslationLinks(self: Link, others: Link[]): Promise<string> {
  const html = await (await get(self[1])).text();
  expect(alsoAvailable(html), `"Also available in" of ${self[1]}`).toEqual(byLocale(others));
  expect(switcher(html), `language switcher of ${self[1]}`).toEqual(others.length > 0 ? byLocale([self, ...others]) : []);
  return html;
}
const secret = (story: { token: string | null }) => `/s/${story.token}`;
const page = (story: { slug: string }) => `/${story.slug}`;

test('the public translation of the private fixture story links back to no private page', async () => {
  const html = await expectTranslationLinks(['fr', '/histoire-privee-traduite'], []);
  expect(html).not.toContain('/private-story');
  expect(html).not.toContain('/s/');
});

test('the secret page of the private fixture story links its public French translation at its public address', async () => {
  await expectTranslationLinks(['en', await secretPath('private-story')], [['fr', '/histoire-privee-traduite']]);
});

test('an embargoed story links an embargoed translation through its own secret link and a published public one at its public address', async () => {
  const group = crypto.randomUUID();
  const story = await addStory({ group, locale: 'en', status: 'embargo', visibility: 'embargo' });
  const embargoed = await addStory({ group, locale: 'fr', status: 'embargo', visibility: 'embargo' });
  const live = await addStory({ group, locale: 'ar', status: 'published', visibility: 'public' });
  await expectTranslationLinks(['en', secret(story)], [
    ['fr', secret(embargoed)],
    ['ar', page(live)],
  ]);
  // And the way back: the embargoed translation's own page links the story's secret link.
  await expectTranslationLinks(['fr', secret(embargoed)], [
    ['en', secret(story)],
    ['ar', page(live)],
  ]);
  // The public translation links neither: a public story links public translations only.
  await expectTranslationLinks(['ar', page(live)], []);
  // The JSON alternate lists the same translations.
  const json = (await (await get(`${secret(story)}.json`)).json()) as { translations: { locale: string; url: string }[] };
  expect(json.translations.sort((a, b) => a.locale.localeCompare(b.locale))).toEqual([
    expect.objectContaining({ locale: 'ar', status: 'published', visibility: 'public', url: `${ORIGIN}${page(live)}` }),
    expect.objectContaining({ locale: 'fr', status: 'embargo', visibility: 'embargo', url: `${ORIGIN}${secret(embargoed)}` }),
  ]);
});

test('an embargoed story links neither a draft translation nor a private one', async () => {
  const group = crypto.randomUUID();
  const story = await addStory({ group, locale: 'en', status: 'embargo', visibility: 'embargo' });
  const draft = await addStory({ group, locale: 'fr', status: 'draft', visibility: 'public' });
  const privateAr = await addStory({ group, locale: 'ar', status: 'published', visibility: 'private' });
  const html = await expectTranslationLinks(['en', secret(story)], []);
  for (const hidden of [draft, privateAr]) {
    expect(html).not.toContain(hidden.token!);
    expect(html).not.toContain(hidden.slug);
    expect(html).not.toContain(hidden.title);
  }
});

test.each([
  ['scheduled', 'embargo', false],
  ['uninitialized', 'embargo', false],
  ['draft', 'embargo', false],
  ['published', 'confidential', false],
  ['published', 'private', false],
  ['published', 'embargo', true],
  ['embargo', 'public', true],
] as const)('an embargoed story and a %s/%s translation: linked through its secret link %s', async (status, visibility, linked) => {
  const group = crypto.randomUUID();
  const story = await addStory({ group, locale: 'en', status: 'embargo', visibility: 'embargo' });
  const translation = await addStory({ group, locale: 'fr', status, visibility });
  const html = await expectTranslationLinks(['en', secret(story)], linked ? [['fr', secret(translation)]] : []);
  if (!linked) expect(html).not.toContain(translation.token!);
});

test('an embargoed translation without a secret link of its own is not linked', async () => {
  const group = crypto.randomUUID();
  const story = await addStory({ group, locale: 'en', status: 'embargo', visibility: 'embargo' });
  await addStory({ group, locale: 'fr', status: 'embargo', visibility: 'embargo', link: false });
  await expectTranslationLinks(['en', secret(story)], []);
});

test('a private story links private and public translations', async () => {
  const group = crypto.randomUUID();
  const story = await addStory({ group, locale: 'en', status: 'published', visibility: 'private' });
  const privateFr = await addStory({ group, locale: 'fr', status: 'published', visibility: 'private' });
  const publicAr = await addStory({ group, locale: 'ar', status: 'published', visibility: 'public' });
  await expectTranslationLinks(['en', secret(story)], [
    ['fr', secret(privateFr)],
    ['ar', page(publicAr)],
  ]);
  await expectTranslationLinks(['fr', secret(privateFr)], [
    ['en', secret(story)],
    ['ar', page(publicAr)],
  ]);
  // The public translation's own page links back to neither private story.
  const publicPage = await expectTranslationLinks(['ar', page(publicAr)], []);
  expect(publicPage).not.toContain('/s/');
});

test('a private story links no confidential and no embargoed translation', async () => {
  const group = crypto.randomUUID();
  const story = await addStory({ group, locale: 'en', status: 'published', visibility: 'private' });
  const confidential = await addStory({ group, locale: 'fr', status: 'published', visibility: 'confidential' });
  const embargoed = await addStory({ group, locale: 'ar', status: 'embargo', visibility: 'embargo' });
  const html = await expectTranslationLinks(['en', secret(story)], []);
  for (const hidden of [confidential, embargoed]) {
    expect(html).not.toContain(hidden.token!);
    expect(html).not.toContain(hidden.title);
  }
  // The confidential translation may link the private story (confidential → private is allowed).
  await expectTranslationLinks(['fr', secret(confidential)], [['en', secret(story)]]);
});

test('a confidential story links confidential and private translations through their secret links', async () => {
  const group = crypto.randomUUID();
  const story = await addStory({ group, locale: 'en', status: 'published', visibility: 'confidential' });
  const confidentialFr = await addStory({ group, locale: 'fr', status: 'published', visibility: 'confidential' });
  const privateAr = await addStory({ group, locale: 'ar', status: 'published', visibility: 'private' });
  await expectTranslationLinks(['en', secret(story)], [
    ['fr', secret(confidentialFr)],
    ['ar', secret(privateAr)],
  ]);
  // The confidential translation links both too.
  await expectTranslationLinks(['fr', secret(confidentialFr)], [
    ['en', secret(story)],
    ['ar', secret(privateAr)],
  ]);
  // The private translation may not link back to either confidential story.
  await expectTranslationLinks(['ar', secret(privateAr)], []);
});

test('a confidential story links a public translation at its public address, but no embargoed one', async () => {
  const group = crypto.randomUUID();
  const story = await addStory({ group, locale: 'en', status: 'published', visibility: 'confidential' });
  const publicFr = await addStory({ group, locale: 'fr', status: 'published', visibility: 'public' });
  const embargoed = await addStory({ group, locale: 'ar', status: 'embargo', visibility: 'embargo' });
  const html = await expectTranslationLinks(['en', secret(story)], [['fr', page(publicFr)]]);
  expect(html).not.toContain(embargoed.token!);
});

test('a confidential story links no draft and no scheduled translation', async () => {
  const group = crypto.randomUUID();
  const story = await addStory({ group, locale: 'en', status: 'published', visibility: 'confidential' });
  const draft = await addStory({ group, locale: 'fr', status: 'draft', visibility: 'confidential' });
  const scheduled = await addStory({ group, locale: 'ar', status: 'scheduled', visibility: 'public' });
  const html = await expectTranslationLinks(['en', secret(story)], []);
  for (const hidden of [draft, scheduled]) {
    expect(html).not.toContain(hidden.token!);
    expect(html).not.toContain(hidden.title);
  }
});

test('a draft previewed through its secret link links its published public translation only', async () => {
  const group = crypto.randomUUID();
  const story = await addStory({ group, locale: 'en', status: 'draft', visibility: 'public' });
  const publicFr = await addStory({ group, locale: 'fr', status: 'published', visibility: 'public' });
  const draftAr = await addStory({ group, locale: 'ar', status: 'draft', visibility: 'public' });
  const html = await expectTranslationLinks(['en', secret(story)], [['fr', page(publicFr)]]);
  expect(html).not.toContain(draftAr.token!);
});

test('the 301 of a public story’s secret link carries the secret-link headers too', async () => {
  const uuid = (await env.DB.prepare("SELECT uuid FROM stories WHERE slug = 'english-story-01'").first<{ uuid: string }>())!.uuid;
  for (const suffix of ['', '.json']) {
    const response = await request(`https://news.test.example/s/${await testLinkToken(uuid)}${suffix}`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('Cache-Control')).toBe(cacheRules.private);
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
  }
});
