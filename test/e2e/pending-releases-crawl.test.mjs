// Before the lift, nothing (issue 38, item 4): a crawl of every public address of the demo
// newsroom finds no byte of a release that is not public yet. Every story and gallery of
// content/demo that is not public at the time the test runs (the demo runs on the real clock, as
// under `npm start`: embargoed or scheduled ahead, draft, private, confidential; a gallery dated
// ahead or without images) is a pending release. Its words (title, subtitle, summary, body,
// captions, gallery title and description), its uuid, slug and secret links, its tags no public
// story has and the media files no public content uses must appear on no public surface:
// pages, `?page=` pages, feeds (RSS, Atom, JSON Feed, per language, category and tag), sitemaps
// (with the news sitemap), robots.txt, search pages and /api/search, /api/fetch-stories and
// /api/fetch-galleries, Markdown and JSON alternates, llms.txt and llms-full.txt, oEmbed, embed
// cards, /media, gallery pages and the files inside their ZIPs, /healthz, and the error pages of
// the releases' own addresses.
//
// How: the demo is served from the deploy bundle (test/e2e/server.mjs startServer, no browser),
// crawled from the homepages, robots.txt, the sitemaps and the feeds, following every address on
// this site a response names (links, `<link rel=alternate>`, Link headers, JSON and XML
// addresses), plus a fixed list of machine endpoints and probes (searches for each release's
// words, its own addresses, its tags). A release's prose is matched as runs of words (PROSE_RUN
// words in a row, after markup, entities, JSON and URL escapes are taken off), so a leak is
// found whatever the surface does to the text; runs that public content also holds are not the
// release's own and are left out. What a response only echoes from its own request (a search
// query, a 404's address) is not counted.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { unzipSync, strFromU8 } from 'fflate';
import matter from 'gray-matter';
import { parse as parseYaml } from 'yaml';
import { fetchWithOneRetry, runCliInProcess, startServer } from './server.mjs';
import { root } from '../../scripts/dev/local-newsroom.mjs';

const DEMO = join(root, 'content/demo');
/** Words in a row that make a release's prose recognisable: long enough not to be a set phrase of the site. */
const PROSE_RUN = 5;
const LOCALES = ['', '/fr', '/nl', '/ar'];
/** The operator's bypass, sent only when the render limit (600 a minute, ADR 0017) answers 429. */
const BYPASS_TOKEN = 'pending-releases-crawl';
/** Requests at once. */
const PARALLEL = 8;
/** A crawl that found more than this has run away (facet links, say), not covered the site. */
const MAX_ADDRESSES = 6000;

// ---------------------------------------------------------------------------------------------
// Text as a reader sees it: every surface's escapes taken off, then words.

const NAMED_ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…', ndash: '–', mdash: '—', rsquo: '’', lsquo: '‘', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»' };

function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function decodePercents(text) {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

const unescapeJson = (text) => text.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))).replace(/\\([/"\\])/g, '$1').replace(/\\[nrt]/g, ' ');

/** The text of any body with its escapes taken off: JSON, entities (twice: feeds escape HTML), tags, URL escapes. */
function plain(text) {
  let out = unescapeJson(text);
  out = decodeEntities(out).replace(/<[^>]*>/g, ' ');
  out = decodeEntities(out).replace(/<[^>]*>/g, ' ');
  return decodePercents(out);
}

/** Words, lower case, apostrophes and quotes dropped: what a run of prose is matched on. */
const words = (text) => text.normalize('NFC').toLowerCase().replace(/['’‘ʼ]/g, '').match(/[\p{L}\p{N}]+/gu) ?? [];

// ---------------------------------------------------------------------------------------------
// The demo's releases, read from the content folder.

const markdownText = (body) =>
  body
    .replace(/^::[a-z]+\{[^}]*\}$/gm, ' ') // block directives: their attributes are not prose (captions are checked through the gallery)
    .replace(/^:::.*$/gm, ' ');

function readReleases(now) {
  const storyDirs = readdirSync(join(DEMO, 'stories'));
  const stories = storyDirs.flatMap((dir) =>
    readdirSync(join(DEMO, 'stories', dir))
      .filter((name) => /^index\.[a-z-]+\.md$/i.test(name))
      .map((name) => {
        const file = `stories/${dir}/${name}`;
        const { data, content } = matter(readFileSync(join(DEMO, file), 'utf8'));
        const releasedBy = Date.parse(data.published_at instanceof Date ? data.published_at.toISOString() : data.published_at);
        // The pairs of docs/content-format.md "Publishing": published + public is live; scheduled and embargo go live at published_at; the rest never.
        const isPublic = (data.status === 'published' && data.visibility === 'public') || (['scheduled', 'embargo'].includes(data.status) && releasedBy <= now);
        return { kind: 'story', file, data, content, isPublic, state: `${data.status}/${data.visibility} ${new Date(releasedBy).toISOString()}` };
      }),
  );
  const galleries = readdirSync(join(DEMO, 'galleries')).map((name) => {
    const file = `galleries/${name}`;
    const data = parseYaml(readFileSync(join(DEMO, file), 'utf8'));
    const items = [...(data.images ?? []), ...(data.videos ?? [])];
    const releasedBy = Date.parse(data.published_at instanceof Date ? data.published_at.toISOString() : data.published_at);
    return { kind: 'gallery', file, data, isPublic: items.length > 0 && releasedBy <= now, state: items.length === 0 ? 'no images or videos (never shown)' : `released ${new Date(releasedBy).toISOString()}` };
  });
  return { stories, galleries };
}

/** The prose fields of a story or gallery, and the media files it names. */
function proseOf(entry) {
  const { data } = entry;
  if (entry.kind === 'story') {
    const fields = [data.title, data.subtitle, data.summary, data.cover_caption, data.seo_settings?.meta_title, data.seo_settings?.meta_description, markdownText(entry.content)];
    const media = [data.cover, ...[...entry.content.matchAll(/(?:src|thumbnail)="([^"]+)"/g)].map(([, file]) => file)].filter((file) => file && !/^https?:/.test(file));
    const attributes = [...entry.content.matchAll(/(?:caption|title|name|label)="([^"]+)"/g)].map(([, value]) => value);
    return { fields: [...fields, ...attributes].filter(Boolean).map(String), media };
  }
  const items = [...(data.images ?? []), ...(data.videos ?? [])];
  const fields = [data.title, data.description, ...items.flatMap((item) => [item.caption, item.title, item.credit])];
  return { fields: fields.filter(Boolean).map(String), media: items.map((item) => item.file).filter(Boolean) };
}

/** Every word of public content: the public stories and galleries, and the newsroom's other files. */
function publicText({ stories, galleries }) {
  const parts = [];
  for (const entry of [...stories, ...galleries].filter((entry) => entry.isPublic)) parts.push(...proseOf(entry).fields);
  for (const file of ['newsroom.yaml', 'categories.yaml', 'contacts.yaml']) parts.push(readFileSync(join(DEMO, file), 'utf8'));
  for (const dir of ['company', 'policies']) {
    const walk = (path) => readdirSync(path, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(path, entry.name)) : [readFileSync(join(path, entry.name), 'utf8')]));
    parts.push(...walk(join(DEMO, dir)));
  }
  return parts;
}

/** Every media file public content names (a pending release's other files are public through it). */
function publicMediaFiles({ stories, galleries }) {
  const files = new Set();
  for (const entry of [...stories, ...galleries].filter((entry) => entry.isPublic)) for (const file of proseOf(entry).media) files.add(file);
  for (const file of ['newsroom.yaml', 'categories.yaml', 'contacts.yaml', 'company/index.en.yaml', 'company/index.fr.yaml', 'company/index.nl.yaml', 'company/index.ar.yaml']) {
    for (const [, name] of readFileSync(join(DEMO, file), 'utf8').matchAll(/([\w.-]+\.(?:jpe?g|png|gif|webp|svg|pdf|mp4|zip|docx?|xlsx?))/gi)) files.add(name);
  }
  return files;
}

/**
 * What must not be found of each pending release: runs of PROSE_RUN words of its prose (a shorter
 * field whole) that no public content holds, and tokens (uuid, slug, secret link tokens, files
 * only it uses) matched as text.
 */
function needlesOf(pending, publicParts, publicFiles, publicTags) {
  const publicWords = publicParts.map((part) => words(part));
  const publicRuns = new Set();
  for (const list of publicWords) for (let i = 0; i + PROSE_RUN <= list.length; i++) publicRuns.add(list.slice(i, i + PROSE_RUN).join(' '));
  const publicJoined = ` ${publicWords.map((list) => list.join(' ')).join(' | ')} `;
  return pending.map((entry) => {
    const { fields, media } = proseOf(entry);
    const runs = new Set();
    for (const field of fields) {
      const list = words(field);
      if (list.length < PROSE_RUN) {
        const whole = list.join(' ');
        if (list.length >= 2 && !publicJoined.includes(` ${whole} `)) runs.add(whole);
        continue;
      }
      for (let i = 0; i + PROSE_RUN <= list.length; i++) {
        const run = list.slice(i, i + PROSE_RUN).join(' ');
        if (!publicRuns.has(run)) runs.add(run);
      }
    }
    // Tags only pending stories carry: no public page should name their address (the word itself may be in any prose).
    const tags = entry.kind === 'story' ? (entry.data.tags ?? []).map((tag) => String(tag)).filter((tag) => !publicTags.has(tag.toLowerCase())) : [];
    const tokens = new Set([entry.data.uuid, entry.data.slug].filter(Boolean).map(String));
    for (const tag of tags) tokens.add(`/tag/${tag}`).add(`/tag/${encodeURIComponent(tag)}`);
    const ownFiles = media.filter((file) => !publicFiles.has(file));
    for (const file of ownFiles) tokens.add(file);
    return { secrets: new Set(), entry, name: entry.kind === 'story' ? `${entry.file} (${entry.data.slug})` : `${entry.file} (${entry.data.title})`, runs, tokens, ownFiles, tags };
  });
}

const groupBy = (list, key) => list.reduce((groups, item) => groups.set(key(item), [...(groups.get(key(item)) ?? []), item]), new Map());

// ---------------------------------------------------------------------------------------------

let server;
before(async () => {
  server = await startServer({ vars: { PAGE_CACHE_BYPASS_TOKEN: BYPASS_TOKEN } });
});
after(() => server?.stop());

test('before the lift, a crawl of every public address finds no byte of the pending demo releases', async () => {
  const started = Date.now();
  const now = Date.now();
  const content = readReleases(now);
  const pendingEntries = [...content.stories, ...content.galleries].filter((entry) => !entry.isPublic);
  const publicTags = new Set(content.stories.filter((story) => story.isPublic).flatMap((story) => (story.data.tags ?? []).map((tag) => String(tag).toLowerCase())));
  const releases = needlesOf(pendingEntries, publicText(content), publicMediaFiles(content), publicTags);
  const origin = server.origin;
  const newsroomHost = new URL(parseYaml(readFileSync(join(DEMO, 'newsroom.yaml'), 'utf8')).url).host;

  // The secret links of each pending release, as the press office prints them: their tokens must
  // be on no public surface either. Its secret pages give the media addresses (uuid by file) of
  // the files only it uses.
  const secretPages = [];
  for (const release of releases) {
    const { entry } = release;
    const { stdout } = entry.kind === 'story' ? await runCliInProcess(server, 'share.ts', entry.data.slug, `--origin=${origin}`) : await runCliInProcess(server, 'share.ts', '--gallery', entry.file.replace(/^galleries\/|\.yaml$/g, ''), `--origin=${origin}`);
    for (const [, token] of stdout.matchAll(/\/s\/([A-Za-z0-9_-]{43,44})/g)) {
      release.tokens.add(token);
      release.secrets.add(token);
      secretPages.push({ release, path: `/s/${token}` });
    }
  }
  for (const { release, path } of secretPages) {
    const html = await (await fetchWithOneRetry(`${origin}${path}`)).text();
    for (const [, uuid, name] of html.matchAll(/\/media\/([0-9a-f-]{36})\/(?:[^"'\s,]*\/)?([^/"'\s,?]+)/g)) {
      if (release.ownFiles.includes(decodePercents(name))) release.tokens.add(uuid);
    }
  }
  const pendingSlugs = pendingEntries.filter((entry) => entry.kind === 'story').map((entry) => entry.data.slug);
  const pendingGalleries = pendingEntries.filter((entry) => entry.kind === 'gallery').map((entry) => entry.data.uuid);

  // Runs of words, by length, to the releases they belong to.
  const runOwners = new Map();
  const runLengths = new Set();
  for (const release of releases) {
    for (const run of release.runs) {
      runLengths.add(run.split(' ').length);
      runOwners.set(run, [...(runOwners.get(run) ?? []), release]);
    }
  }

  const leaks = [];
  let scanned = 0;
  const notes = { bypassed: 0, zips: 0, zipEntries: 0, scanMs: 0, zipKinds: new Map(), statuses: new Map() };
  /** Scans one answer: its headers and body, with what it echoes of its own request taken out. */
  function scan(address, headers, body) {
    const scanStarted = performance.now();
    try {
      scanText(address, headers, body);
    } finally {
      notes.scanMs += performance.now() - scanStarted;
    }
  }
  function scanText(address, headers, body) {
    scanned++;
    // What the request itself said (its path, each of its query values) is taken out where the answer repeats it.
    const url = new URL(address.replace(/^POST /, '').split(' ')[0], origin);
    const echoes = [words(decodePercents(url.pathname)), ...[...url.searchParams.values()].map((value) => words(value))];
    const list = words(plain(`${headers}\n${body}`));
    for (const own of echoes) {
      if (own.length < 2) continue;
      for (let i = 0; i + own.length <= list.length; i++) {
        if (own.every((word, j) => list[i + j] === word)) list.fill('\u0000', i, i + own.length);
      }
    }
    const found = new Map();
    for (const length of runLengths) {
      for (let i = 0; i + length <= list.length; i++) {
        const run = list.slice(i, i + length).join(' ');
        for (const release of runOwners.get(run) ?? []) {
          const key = `${release.name}\u0001${run}`;
          if (!found.has(key)) found.set(key, { release, what: `words “${run}”` });
        }
      }
    }
    const text = `${headers}\n${body}\n${plain(body)}`.toLowerCase();
    const ownAddress = decodePercents(address).toLowerCase();
    for (const release of releases) {
      for (const token of release.tokens) {
        const needle = token.toLowerCase();
        // An address that names the release answers with it in its canonical or error page: the
        // asker knew it already. Anything else that names it leaks it.
        if (ownAddress.includes(needle)) continue;
        if (text.includes(needle)) found.set(`${release.name}\u0001${token}`, { release, what: release.secrets.has(token) ? 'its secret link token' : `“${token}”` });
      }
    }
    const byRelease = groupBy([...found.values()], ({ release }) => release.name);
    for (const [name, hits] of byRelease) leaks.push(`${address}: ${name}: ${hits.length} match${hits.length === 1 ? '' : 'es'}, e.g. ${hits.slice(0, 3).map(({ what }) => what).join('; ')}`);
  }

  // --- The crawl -------------------------------------------------------------------------------
  const seen = new Map();
  const queue = [];
  const enqueue = (address, init) => {
    const key = init?.method === 'POST' ? `POST ${address} ${init.body}` : address;
    if (seen.has(key) || seen.size >= MAX_ADDRESSES) return;
    seen.set(key, null);
    queue.push({ key, address, init });
  };
  /** Addresses on this site that a body names: attributes, XML elements, JSON strings, bare absolute URLs. */
  function addressesIn(base, body, headers) {
    const found = [];
    const text = unescapeJson(decodeEntities(decodeEntities(body)));
    const candidates = [
      ...text.matchAll(/(?:href|src|poster|action|content|url|srcset|srcSet)=["']([^"']+)["']/g),
      ...text.matchAll(/<(?:loc|link|id|guid|comments|uri)>\s*(?:<!\[CDATA\[)?([^<\]]+)/g),
      ...text.matchAll(/"(?:url|external_url|home_page_url|feed_url|image|banner_image|next_url|href|link|download_url|thumbnail_url|author_url|provider_url|canonical|uuid_url)"\s*:\s*"([^"]+)"/g),
      ...[...text.matchAll(/https?:\/\/[^\s"'<>)\]]+/g)].map((match) => [match[0], match[0]]),
      ...text.matchAll(/\]\((\/[^)\s]*)\)/g), // Markdown links
      ...text.matchAll(/^(?:Sitemap|Allow):\s*(\S+)/gm),
      ...(headers.get('link') ?? '').matchAll(/<([^>]+)>/g),
    ];
    for (const [, raw] of candidates) {
      for (const part of raw.split(/,\s+/)) {
        const value = part.trim().split(/\s+/)[0];
        if (!value || /^(?:mailto|tel|data|javascript):/i.test(value) || value.startsWith('#')) continue;
        if (!/^(?:\/|https?:\/\/|\?)/.test(value)) continue;
        let url;
        try {
          url = new URL(value, base);
        } catch {
          continue;
        }
        if (url.host !== new URL(origin).host && url.host !== newsroomHost) continue;
        found.push(url.pathname + url.search);
      }
    }
    return found;
  }
  /** Addresses not to fetch: secret links (robots.txt disallows them), the office, media files (bytes; their addresses are scanned where they are named), the browser bundle. */
  const skipped = (address) => /^\/(?:s|admin|_dev|press|assets|styles)(?:\/|$)/.test(address) || /^\/media\/[0-9a-f-]{36}\//.test(address) || /\.(?:css|js|png|ico|woff2?|webmanifest|svg)(?:\?|$)/.test(address);

  // Past the render limit, every request carries the operator's bypass (a render, as the page cache would have stored it).
  let limited = false;
  async function visit({ key, address, init }) {
    const bypass = () => ({ redirect: 'manual', ...init, headers: { ...init?.headers, 'X-Page-Cache-Bypass': BYPASS_TOKEN } });
    let response = await fetchWithOneRetry(`${origin}${address}`, limited ? bypass() : { redirect: 'manual', ...init });
    if (limited) notes.bypassed++;
    if (response.status === 429) {
      await response.arrayBuffer();
      limited = true;
      notes.bypassed++;
      response = await fetchWithOneRetry(`${origin}${address}`, bypass());
    }
    seen.set(key, response.status);
    notes.statuses.set(response.status, (notes.statuses.get(response.status) ?? 0) + 1);
    const headers = [...response.headers].filter(([name]) => !['date', 'server-timing', 'cf-ray', 'report-to'].includes(name)).map(([name, value]) => `${name}: ${value}`).join('\n');
    const type = response.headers.get('content-type') ?? '';
    if (type.startsWith('application/zip') || address.endsWith('/download')) {
      const bytes = new Uint8Array(await response.arrayBuffer());
      let body = '';
      if (response.status === 200 && bytes[0] === 0x50 && bytes[1] === 0x4b) {
        notes.zips++;
        for (const [name, data] of Object.entries(unzipSync(bytes))) {
          notes.zipEntries++;
          const extension = name.match(/\.([a-z0-9]+)$/i)?.[1]?.toLowerCase() ?? '(none)';
          notes.zipKinds.set(extension, (notes.zipKinds.get(extension) ?? 0) + 1);
          const isText = /\.(?:txt|md|json|html?|xml|csv|vcf)$/i.test(name);
          body += `\n${name}\n${isText ? strFromU8(data) : ''}`;
        }
      } else body = new TextDecoder().decode(bytes);
      scan(key, headers, body);
      return;
    }
    if (!/^(?:text\/|application\/(?:json|[\w.+-]*\+json|xml|[\w.+-]*\+xml))/.test(type) && response.status < 300) {
      await response.arrayBuffer();
      scan(key, headers, '');
      return;
    }
    const body = await response.text();
    scan(key, headers, body);
    if (init?.method === 'POST') {
      // The load-more endpoints: the next page while this one was full.
      const json = JSON.parse(body);
      const list = json.stories ?? json.galleries ?? json.items ?? json.data ?? [];
      const request = JSON.parse(init.body);
      if (Array.isArray(list) && list.length >= request.pageSize) enqueue(address, { ...init, body: JSON.stringify({ ...request, page: request.page + 1 }) });
    }
    const base = `${origin}${address}`;
    // From a search page, its facets are followed one level (a filtered search), not their every combination.
    const filtered = /\/search\?.*[?&](?:category|year|month)=/.test(address);
    for (const next of addressesIn(base, body, response.headers)) if (!skipped(next) && !(filtered && /\/search\?/.test(next))) enqueue(next);
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location');
      if (location) for (const next of addressesIn(base, `href="${location}"`, new Headers())) if (!skipped(next)) enqueue(next);
    }
  }

  // Where a crawler starts: the homepages, robots.txt and the sitemaps, the feeds, and the machine endpoints.
  for (const locale of LOCALES) {
    for (const path of ['', '/media', '/feed', '/feed/atom', '/feed/json', '/llms.txt', '/llms-full.txt', '/privacy-policy', '/cookie-policy', '/no-such-page-in-this-newsroom']) enqueue(`${locale}${path}` || '/');
  }
  for (const path of ['/robots.txt', '/sitemap.xml', '/sitemaps/news.xml', '/healthz', '/oembed?url=' + encodeURIComponent(`https://${newsroomHost}/`)]) enqueue(path);
  // The load-more endpoints, in every language, with every card field, page after page.
  const json = { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin } };
  for (const localeCode of ['en', 'fr', 'nl', 'ar']) {
    enqueue('/api/fetch-stories', { ...json, body: JSON.stringify({ page: 1, pageSize: 12, localeCode, withHighlightedStory: true, include: ['thumbnail_image', 'categories', 'subtitle', 'summary'] }) });
    enqueue('/api/fetch-galleries', { ...json, body: JSON.stringify({ page: 1, pageSize: 3, localeCode }) });
  }
  enqueue('/api/fetch-stories', { ...json, body: JSON.stringify({ page: 1, pageSize: 48, include: ['thumbnail_image', 'categories', 'subtitle', 'summary'] }) });
  enqueue('/api/fetch-galleries', { ...json, body: JSON.stringify({ page: 1, pageSize: 3 }) });
  // Probes: each pending release's own addresses (each must answer as if it did not exist), its
  // tags and categories, and searches for its words.
  for (const release of releases) {
    const { entry } = release;
    if (entry.kind === 'story') {
      const { slug } = entry.data;
      const filter = { 'tags.name': { $in: (entry.data.tags ?? []).map(String) } };
      enqueue('/api/fetch-stories', { ...json, body: JSON.stringify({ page: 1, pageSize: 48, filterQuery: filter, include: ['thumbnail_image', 'categories', 'subtitle', 'summary'] }) });
      for (const locale of LOCALES) {
        for (const suffix of ['', '.json', '.md', '/embed', '/download']) enqueue(`${locale}/${slug}${suffix}`);
        for (const tag of entry.data.tags ?? []) for (const suffix of ['', '.md', '/feed', '/feed/atom', '/feed/json']) enqueue(`${locale}/tag/${encodeURIComponent(String(tag))}${suffix}`);
      }
      enqueue(`/oembed?url=${encodeURIComponent(`https://${newsroomHost}/${slug}`)}&format=json`);
      enqueue(`/api/search?query=${encodeURIComponent(slug)}`);
    } else {
      const { uuid } = entry.data;
      for (const locale of LOCALES) for (const suffix of ['', '.json', '/download', '/embed']) enqueue(`${locale}/media/album/${uuid}${suffix}`);
      enqueue(`/oembed?url=${encodeURIComponent(`https://${newsroomHost}/media/album/${uuid}`)}&format=json`);
    }
    // Searches: the title, the words public content never uses, and a few of its runs of words.
    const publicWordSet = new Set(publicText(content).flatMap((part) => words(part)));
    const rare = [...new Set(proseOf(entry).fields.flatMap((field) => words(field)))].filter((word) => word.length >= 4 && !publicWordSet.has(word) && !/^\d+$/.test(word)).slice(0, 6);
    const queries = [entry.data.title, ...rare, ...[...release.runs].filter((run) => run.split(' ').length === PROSE_RUN).slice(0, 3)].filter(Boolean).map(String);
    const locale = entry.kind === 'story' ? entry.file.match(/index\.([a-z-]+)\.md$/)[1] : 'en';
    const prefix = locale === 'en' ? '' : `/${locale}`;
    for (const query of queries) {
      enqueue(`${prefix}/search?query=${encodeURIComponent(query)}`);
      enqueue(`/api/search?query=${encodeURIComponent(query)}&localeCode=${locale}`);
    }
  }

  while (queue.length > 0) {
    const batch = queue.splice(0, PARALLEL);
    await Promise.all(batch.map(visit));
  }

  // PENDING_CRAWL_DUMP=file writes every address crawled with its status, to see what was covered.
  if (process.env.PENDING_CRAWL_DUMP) (await import('node:fs')).writeFileSync(process.env.PENDING_CRAWL_DUMP, [...seen].map(([key, status]) => `${status} ${key}`).join('\n'));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const statuses = Object.fromEntries([...notes.statuses].sort(([a], [b]) => a - b));
  console.log(`crawled ${seen.size} addresses (${scanned} answers scanned, by status ${JSON.stringify(statuses)}; ${notes.zips} ZIPs with ${notes.zipEntries} files ${JSON.stringify(Object.fromEntries(notes.zipKinds))}; ${notes.bypassed} sent with the operator's bypass past the render limit) in ${seconds} s, ${(notes.scanMs / 1000).toFixed(1)} s of it scanning`);
  for (const release of releases) {
    console.log(`  ${release.name} [${release.entry.state}]: ${release.runs.size} runs of words, ${release.tokens.size} tokens (${[...release.tokens].filter((token) => !release.secrets.has(token)).join(', ')}, and ${release.secrets.size} secret link token${release.secrets.size === 1 ? '' : 's'}, not printed)${release.tags.length ? `, tags only it has: ${release.tags.join(', ')}` : ''}`);
  }

  const shown = leaks.slice(0, 60).join('\n');
  assert.equal(leaks.length, 0, `pending releases found on ${leaks.length} public answers:\n${shown}${leaks.length > 60 ? `\n… and ${leaks.length - 60} more` : ''}`);

  // The crawl reached the surfaces it is meant to cover (else finding nothing proves nothing).
  const addresses = [...seen.keys()];
  const reached = (pattern) => addresses.some((address) => pattern.test(address) && seen.get(address) === 200);
  for (const [what, pattern] of [
    ['a story page', /^\/[a-z0-9-]{20,}$/],
    ['a story .md alternate', /^\/[a-z0-9-]+\.md$/],
    ['a story .json alternate', /^\/[a-z0-9-]+\.json$/],
    ['a ?page= page', /[?&]page=\d/],
    ['a category feed', /\/category\/[^/]+\/feed/],
    ['a tag page', /\/tag\/[^/]+$/],
    ['a tag feed', /\/tag\/[^/]+\/feed/],
    ['a gallery page', /\/media\/album\/[0-9a-f-]{36}$/],
    ['a gallery ZIP', /\/media\/album\/[0-9a-f-]{36}\/download$/],
    ['a gallery .json', /\/media\/album\/[0-9a-f-]{36}\.json$/],
    ['an embed card', /\/embed$/],
    ['oEmbed of a page', /^\/oembed\?url=/],
    ['a sitemap', /^\/sitemaps\/[a-z0-9-]+\.xml$/],
    ['the news sitemap', /^\/sitemaps\/news\.xml$/],
    ['llms-full.txt', /llms-full\.txt$/],
    ['a search page', /\/search\?query=/],
    ['/api/search', /^\/api\/search\?/],
    ['/healthz', /^\/healthz$/],
    ['robots.txt', /^\/robots\.txt$/],
  ]) {
    assert.ok(reached(pattern), `the crawl reached no ${what} that answered 200`);
  }
  assert.ok(notes.zips > 0 && notes.zipEntries > 0, 'no ZIP was read');
  for (const endpoint of ['fetch-stories', 'fetch-galleries']) assert.ok(addresses.some((address) => address.startsWith(`POST /api/${endpoint} {"page":2,`) && seen.get(address) === 200), `/api/${endpoint} was not read past its first page`);
  assert.ok(seen.size < MAX_ADDRESSES, `the crawl ran away: ${seen.size} addresses`);
  assert.ok(addresses.filter((address) => seen.get(address) === 200).length > 400, 'the crawl found fewer than 400 public answers');
  // Every release of a state the clock never makes public is checked, and each has something to look for.
  for (const slug of ['vlissingen-battery-second-phase-adds-400-mwh', 'analyst-briefing-capacity-and-capex-plan-2027', 'supervisory-board-succession-briefing']) assert.ok(pendingSlugs.includes(slug), `${slug} is not among the releases checked`);
  if (now < Date.parse('2027-02-04T07:00:00Z')) {
    assert.ok(pendingSlugs.includes('northwind-takes-final-investment-decision-on-dogger-ridge-ii'), 'the embargoed Dogger Ridge II story is checked');
    assert.ok(pendingGalleries.includes('fd84cbaa-3bcb-48b8-8963-ef218cd2d329'), 'its embargoed gallery is checked');
  }
  for (const release of releases) assert.ok(release.runs.size >= (release.entry.kind === 'story' ? 20 : 2) && release.tokens.size >= (release.entry.kind === 'story' ? 3 : 1), `${release.name}: too little to look for`);

});
