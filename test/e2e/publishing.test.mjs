// Publishing end to end, through the programs a newcomer runs: wrangler dev with `--test-scheduled`
// (what `npm start` runs, firing /__scheduled every minute), `npm run share` (scripts/cli/share.ts) and
// `npm run import` (scripts/cli/import.ts) on the same local state while the server runs (the
// secret-link checks after the first share run the share CLI in the test's process, on that same
// state), the portal's subscription form, and a local stub standing in for IndexNow and the WebSub hub.
// docs/decisions/0015-scheduled-publishing.md, docs/decisions/0016-secret-story-links.md.
import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fetchWithOneRetry, fireScheduled, NPM_START_VARS, runCli, runCliInProcess, startServer, statusOf, waitFor } from './server.mjs';
import { root } from '../../scripts/dev/local-newsroom.mjs';

const NEWSROOM_URL = 'https://newsroom.northwind.example';
const UUID = '5f0c6a52-9a57-4c69-8a3c-6f2b8f1d2e10';
const INDEXNOW_KEY = '0123456789abcdef';
/** Category ids follow the order of content/demo/categories.yaml, from 1: wind (the new story's) is 1. */
const SOLAR = 2;
const EMBARGOED = 'northwind-takes-final-investment-decision-on-dogger-ridge-ii';
const NEW_STORY = {
  slug: 'westerschelde-test-turbine-delivers-first-power',
  title: 'Westerschelde test turbine delivers its first power',
};
const READER = 'reader-en@example.org';
const LECTEUR = 'lecteur-fr@example.org';
const SOLAR_READER = 'solar-only@example.org';

/** The IndexNow endpoint and WebSub hub: records every request, answers 200 (IndexNow) or 204 (hub). */
function startStub() {
  const requests = [];
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ method: request.method, path: request.url, contentType: request.headers['content-type'] ?? '', body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(request.url === '/hub' ? 204 : 200).end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ origin: `http://127.0.0.1:${server.address().port}`, requests, close: () => new Promise((done) => server.close(done)) }));
  });
}

let stub;
let server;
let contentCopy;

before(async () => {
  stub = await startStub();
  server = await startServer({
    vars: { ...NPM_START_VARS, INDEXNOW_KEY, INDEXNOW_ENDPOINT: `${stub.origin}/indexnow`, WEBSUB_HUB: `${stub.origin}/hub` },
    args: ['--test-scheduled'],
  });
});

after(async () => {
  await server?.stop();
  await stub?.close();
  if (contentCopy) rmSync(contentCopy, { recursive: true, force: true });
});

const get = (path, init = {}) => fetchWithOneRetry(`${server.origin}${path}`, { redirect: 'manual', ...init });
const pathOf = (link) => new URL(link).pathname;
/** `npm run share -- <slug>`: its lines as {locale, state, link}. */
async function share(slug, ...options) {
  return linesOf(await runCli(server, 'share.ts', slug, ...options));
}

/**
 * The share CLI run in this process on the server's state (runCliInProcess): for the secret-link
 * checks after the first test, which ran `npm run share` itself, so each share is not a Node
 * process and a tsx compile of its own.
 */
async function shareHere(slug, ...options) {
  return linesOf(await runCliInProcess(server, 'share.ts', slug, ...options));
}

function linesOf({ stdout, stderr }) {
  const lines = stdout.trim().split('\n').map((line) => {
    const [locale, state, link, ...rest] = line.split('\t');
    assert.equal(rest.length, 0, `three tab-separated fields: ${JSON.stringify(line)}`);
    return { locale, state, link };
  });
  return { lines, stderr };
}

async function outbox() {
  const response = await get('/_dev/outbox');
  assert.equal(response.status, 200);
  return (await response.json()).messages;
}

/**
 * The portal form as a browser without JavaScript posts it; answers the tokens of the mailed
 * confirmation link and unsubscribe link.
 */
async function subscribe(locale, email, categories = []) {
  const form = new URLSearchParams({ email });
  for (const id of categories) form.append('categories', String(id));
  const path = `/${locale}/newsroom/${UUID}/subscribe`;
  const response = await get(path, { method: 'POST', body: form });
  await response.arrayBuffer();
  assert.equal(response.status, 303, `subscribing ${email}`);
  assert.equal(response.headers.get('location'), `${path}?status=pending`);
  // Newest first.
  const links = (await outbox())
    .filter((mail) => mail.to_address === email)
    .map((mail) => [mail.text_body.match(/https?:\/\/\S+\/subscribe\/confirm\/(\w+)/), mail.text_body.match(/\/unsubscribe\/(\w+)/)])
    .filter(([confirm]) => confirm);
  const [link, unsubscribe] = links[0] ?? [];
  assert.ok(link, `a confirmation mail to ${email} waits in the outbox`);
  return { token: link[1], unsubscribeToken: unsubscribe[1], confirmPath: pathOf(link[0]), confirmations: links.length };
}

/** Opens the mailed link (a page with a button: opening alone confirms nothing), then presses the button. */
async function subscribeAndConfirm(locale, email, categories, confirmedText) {
  const { unsubscribeToken, confirmPath } = await subscribe(locale, email, categories);
  const page = await get(confirmPath);
  assert.equal(page.status, 200, `the confirmation page of ${email}`);
  await page.arrayBuffer();
  const confirmed = await get(confirmPath, { method: 'POST' });
  assert.equal(confirmed.status, 200, `confirming ${email}`);
  assert.ok((await confirmed.text()).includes(confirmedText), `the confirmation page says "${confirmedText}"`);
  return unsubscribeToken;
}

function assertSecretLinkHeaders(response, link) {
  assert.equal(response.status, 200, link);
  assert.equal(response.headers.get('x-robots-tag'), 'noindex, nofollow', link);
  assert.equal(response.headers.get('cache-control'), 'private, no-store', link);
}

test('after start, the overdue scheduled story is live and on the homepage; the 2027 ones answer 404', async () => {
  // `npm start` fires the scheduled handler once as soon as the server answers.
  await fireScheduled(server);
  assert.equal(await statusOf(server, '/eemshaven-offshore-service-hub-opens'), 200);
  const home = await (await get('/')).text();
  assert.ok(home.includes('href="/eemshaven-offshore-service-hub-opens"'), 'the homepage lists the story scheduled for 2026-11-20');
  for (const slug of ['grid-connection-agreement-for-zeeland-hydrogen-plant', EMBARGOED, 'analyst-briefing-capacity-and-capex-plan-2027', 'supervisory-board-succession-briefing', 'vlissingen-battery-second-phase-adds-400-mwh']) {
    assert.equal(await statusOf(server, `/${slug}`), 404, `/${slug} is not public`);
    assert.ok(!home.includes(`href="/${slug}"`), `the homepage does not list ${slug}`);
  }
});

test('npm run share prints a secret link per translation; each opens with its notice, noindex and no-store', async () => {
  const cases = [
    { slug: 'analyst-briefing-capacity-and-capex-plan-2027', state: 'private', notice: 'Not for publication' },
    { slug: 'supervisory-board-succession-briefing', state: 'confidential', notice: 'Not for publication' },
    { slug: 'grid-connection-agreement-for-zeeland-hydrogen-plant', state: 'scheduled for 2027-03-16 08:00 UTC', notice: 'Preview' },
    { slug: 'vlissingen-battery-second-phase-adds-400-mwh', state: 'draft', notice: 'Preview' },
  ];
  for (const { slug, state, notice } of cases) {
    const { lines } = await share(slug);
    assert.equal(lines.length, 1, `${slug} has one language`);
    const [{ locale, state: printed, link }] = lines;
    assert.equal(locale, 'en');
    assert.equal(printed, state);
    assert.match(link, /^https:\/\/newsroom\.northwind\.example\/s\/[\w-]+$/);
    const response = await get(pathOf(link));
    assertSecretLinkHeaders(response, link);
    const html = await response.text();
    assert.ok(html.includes(notice), `${slug} shows "${notice}"`);
  }

  // A live story prints its public address.
  const live = await share('eemshaven-offshore-service-hub-opens');
  assert.deepEqual(live.lines, [{ locale: 'en', state: 'live', link: `${NEWSROOM_URL}/eemshaven-offshore-service-hub-opens` }]);
});

test('the embargoed story and its French translation open through their secret links, which link each other', async () => {
  const { lines } = await shareHere(EMBARGOED);
  assert.deepEqual(lines.map(({ locale, state }) => [locale, state]), [
    ['en', 'embargo until 2027-02-04 07:00 UTC'],
    ['fr', 'embargo until 2027-02-04 07:00 UTC'],
  ]);
  const [en, fr] = lines;
  const enPage = await get(pathOf(en.link));
  assertSecretLinkHeaders(enPage, en.link);
  const enHtml = await enPage.text();
  assert.ok(enHtml.includes('Embargo until'), 'the English page shows the embargo notice');
  assert.match(enHtml, new RegExp(`href="${pathOf(fr.link)}"[^>]*hrefLang="fr"`), 'the translation switcher links French through its secret link');
  const frPage = await get(pathOf(fr.link));
  assertSecretLinkHeaders(frPage, fr.link);
  const frHtml = await frPage.text();
  assert.ok(frHtml.includes('Embargo jusqu’au'), 'the French page shows the embargo notice in French');
  assert.match(frHtml, new RegExp(`href="${pathOf(en.link)}"[^>]*hrefLang="en"`), 'and links English through its secret link');

  assert.equal(await statusOf(server, '/s/wrongtoken'), 404);
});

test('the embargoed story shows its embargoed gallery through the gallery’s secret link, which share --gallery prints; no public page has it', async () => {
  const { lines } = await shareHere(EMBARGOED);
  const [en, fr] = lines;
  const enHtml = await (await get(pathOf(en.link))).text();
  const card = enHtml.match(/<div class="story-gallery"><a href="(\/s\/g[A-Za-z0-9_-]{43})"/)?.[1];
  assert.ok(card, 'the gallery card of the English story links the gallery’s secret link');
  const gallery = await get(card);
  assertSecretLinkHeaders(gallery, card);
  const galleryHtml = await gallery.text();
  assert.ok(galleryHtml.includes('<h1 id="gallery-title">Dogger Ridge II</h1>') && galleryHtml.includes('Embargo until'), 'the gallery opens with its embargo banner');
  const frHtml = await (await get(pathOf(fr.link))).text();
  assert.ok(frHtml.includes(`<a href="${card}/fr">`), 'the French story links the gallery in French');
  assert.ok((await (await get(`${card}/fr`)).text()).includes('Embargo jusqu’au'), 'in French');

  const { stdout } = await runCliInProcess(server, 'share.ts', '--gallery', 'dogger-ridge-ii');
  assert.equal(stdout.trim(), `gallery\tembargo until 2027-02-04 07:00 UTC\t${NEWSROOM_URL}${card}`);

  const uuid = 'fd84cbaa-3bcb-48b8-8963-ef218cd2d329';
  for (const path of ['/media', '/fr/media', '/llms.txt']) assert.ok(!(await (await get(path)).text()).includes(uuid), `${path} does not list the gallery`);
  for (const path of [`/media/album/${uuid}`, `/media/album/${uuid}.json`, `/media/album/${uuid}/download`]) assert.equal(await statusOf(server, path), 404, path);
});

test('share --rotate prints new links: the old ones answer 404 at once, the new ones 200', async () => {
  const previous = (await shareHere(EMBARGOED)).lines;
  const { lines: rotated, stderr } = await shareHere(EMBARGOED, '--rotate');
  assert.match(stderr, /New links for 2 stories/);
  assert.deepEqual(rotated.map(({ locale }) => locale), ['en', 'fr']);
  for (const [index, old] of previous.entries()) {
    assert.notEqual(rotated[index].link, old.link, `${old.locale} has a new link`);
    assert.equal(await statusOf(server, pathOf(old.link)), 404, `the old ${old.locale} link is dead`);
    const fresh = await get(pathOf(rotated[index].link));
    assertSecretLinkHeaders(fresh, rotated[index].link);
    const html = await fresh.text();
    if (old.locale === 'en') assert.ok(html.includes(`href="${pathOf(rotated[1].link)}"`), 'the English page links the new French link');
    assert.ok(!html.includes(pathOf(previous[1].link)), 'no page names a rotated link');
  }
});

// The English reader's subscription token and the alert's unsubscribe link, for the later tests.
const tokens = {};

test('readers subscribe through the portal form and confirm by the mailed link', async () => {
  tokens.reader = await subscribeAndConfirm('en', READER, [], 'Thank you, your subscription is confirmed.');
  await subscribeAndConfirm('fr', LECTEUR, [], 'votre abonnement est confirmé');
  await subscribeAndConfirm('en', SOLAR_READER, [SOLAR], 'Thank you, your subscription is confirmed.');
});

const alertsOf = (mails) => mails.filter((mail) => mail.subject === NEW_STORY.title);
const indexNowPosts = () => stub.requests.filter((request) => request.path === '/indexnow');
const hubPosts = () => stub.requests.filter((request) => request.path === '/hub');
const EN_FEEDS = ['/feed', '/feed/atom', '/feed/json', '/category/wind-power/feed', '/category/wind-power/feed/atom', '/category/wind-power/feed/json'].map((path) => `${NEWSROOM_URL}${path}`);

test('a story imported while the server runs goes live at the next cron run: one alert to the matching reader, IndexNow and WebSub told', async () => {
  assert.ok(tokens.reader, 'the subscribers are there');
  contentCopy = mkdtempSync(join(tmpdir(), 'newsroom-e2e-content-'));
  cpSync(join(root, 'content/demo'), contentCopy, { recursive: true });
  const publishedAt = new Date(Date.now() - 5 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  mkdirSync(join(contentCopy, 'stories/westerschelde-test-turbine'));
  writeFileSync(
    join(contentCopy, 'stories/westerschelde-test-turbine/index.en.md'),
    [
      '---',
      `uuid: ${randomUUID()}`,
      `slug: ${NEW_STORY.slug}`,
      `title: "${NEW_STORY.title}"`,
      'summary: "The 15 MW test turbine at the mouth of the Westerschelde delivered its first power to the grid this morning."',
      'status: published',
      'visibility: public',
      `published_at: "${publishedAt}"`,
      'author: { display_name: Lotte Janssens, email: lotte.janssens@northwind.example }',
      'categories: [wind]',
      'tags: [offshore wind, test turbine]',
      '---',
      '',
      'Northwind Energy’s test turbine at the mouth of the Westerschelde delivered its first power this morning.',
      '',
    ].join('\n'),
  );
  const { stdout } = await runCli(server, 'import.ts', contentCopy);
  assert.match(stdout, /Imported \d+ stories/);
  assert.equal(alertsOf(await outbox()).length, 0, 'the import itself mails nobody');

  await fireScheduled(server);
  const alerts = await waitFor('the alert in the outbox', async () => {
    const found = alertsOf(await outbox());
    return found.length > 0 && found;
  });
  await waitFor('IndexNow and WebSub', () => indexNowPosts().length >= 1 && hubPosts().length >= EN_FEEDS.length);

  assert.equal(alerts.length, 1, 'exactly one alert');
  const [alert] = alerts;
  assert.equal(alert.to_address, READER, 'to the English reader with no chosen topic (not the French one, not the solar-only one)');
  assert.ok(alert.text_body.includes(`${NEWSROOM_URL}/${NEW_STORY.slug}`), 'the alert links the story');
  const unsubscribe = `${NEWSROOM_URL}/en/newsroom/${UUID}/unsubscribe/${tokens.reader}`;
  assert.equal(alert.headers['List-Unsubscribe'], `<${unsubscribe}>`);
  assert.equal(alert.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
  tokens.oneClick = unsubscribe;

  const [indexNow] = indexNowPosts();
  assert.equal(indexNowPosts().length, 1, 'one IndexNow submission');
  assert.equal(indexNow.method, 'POST');
  assert.match(indexNow.contentType, /^application\/json/);
  assert.deepEqual(JSON.parse(indexNow.body), {
    host: 'newsroom.northwind.example',
    key: INDEXNOW_KEY,
    keyLocation: `${NEWSROOM_URL}/${INDEXNOW_KEY}.txt`,
    urlList: [`${NEWSROOM_URL}/${NEW_STORY.slug}`, `${NEWSROOM_URL}/`, `${NEWSROOM_URL}/category/wind-power`],
  });

  for (const ping of hubPosts()) {
    assert.equal(ping.method, 'POST');
    assert.match(ping.contentType, /^application\/x-www-form-urlencoded/);
  }
  const pinged = hubPosts().map((ping) => Object.fromEntries(new URLSearchParams(ping.body)));
  assert.deepEqual(pinged.map((body) => body['hub.mode']), EN_FEEDS.map(() => 'publish'));
  assert.deepEqual(pinged.map((body) => body['hub.url']).sort(), [...EN_FEEDS].sort(), 'one ping per English feed the story is in');
});

test('a second cron run sends no second alert and no second ping', async () => {
  const counts = async () => ({ alerts: alertsOf(await outbox()).length, indexNow: indexNowPosts().length, hub: hubPosts().length });
  const expected = { alerts: 1, indexNow: 1, hub: EN_FEEDS.length };
  assert.deepEqual(await counts(), expected);
  await fireScheduled(server);
  // Nothing to wait for when nothing is sent: watch for three seconds, three times the queue's
  // batch timeout (max_batch_timeout = 1 in wrangler.toml), failing as soon as anything arrives.
  const until = Date.now() + 3000;
  while (Date.now() < until) {
    assert.deepEqual(await counts(), expected);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.deepEqual(await counts(), expected);
});

test('the new story is on the homepage and in the feed, which names the hub; the IndexNow key file answers the key', async () => {
  assert.equal(await statusOf(server, `/${NEW_STORY.slug}`), 200);
  // Pages are cached per content revision, which an isolate re-reads every few seconds.
  await waitFor('the story on the homepage', async () => (await (await get('/')).text()).includes(`href="/${NEW_STORY.slug}"`));
  const feed = await waitFor('the story in the feed', async () => {
    const body = await (await get('/feed')).text();
    return body.includes(`${NEWSROOM_URL}/${NEW_STORY.slug}`) && body;
  });
  assert.ok(feed.includes(`<atom:link href="${stub.origin}/hub" rel="hub"/>`), 'the feed names the WebSub hub');

  const key = await get(`/${INDEXNOW_KEY}.txt`);
  assert.equal(key.status, 200);
  assert.match(key.headers.get('content-type'), /^text\/plain/);
  assert.equal(await key.text(), INDEXNOW_KEY);
});

test('the alert’s one-click unsubscribe (RFC 8058) unsubscribes the reader', async () => {
  assert.ok(tokens.oneClick, 'the alert came');
  // What a mail client does with the alert's List-Unsubscribe and List-Unsubscribe-Post headers.
  const response = await get(pathOf(tokens.oneClick), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  assert.equal(response.status, 200, 'answered directly, no redirect to follow');
  assert.ok((await response.text()).includes('You have been unsubscribed'));
  // The portal mails a confirmation only to an address that is not subscribed (a confirmed one
  // gets no mail): a fresh confirmation, whose link opens, shows the reader is off the list. (The
  // unsubscribe link of the earlier mails stays the reader's, so it keeps working.)
  const again = await subscribe('en', READER);
  assert.equal(again.confirmations, 2, 'a second confirmation mail');
  assert.equal(again.unsubscribeToken, tokens.reader, 'the same unsubscribe link as before');
  const page = await get(again.confirmPath);
  await page.arrayBuffer();
  assert.equal(page.status, 200, 'the new confirmation link opens');
  // The confirmed solar-only reader, by contrast, is still subscribed: no new mail.
  const mailsBefore = (await outbox()).filter((mail) => mail.to_address === SOLAR_READER).length;
  const still = await get(`/en/newsroom/${UUID}/subscribe`, { method: 'POST', body: new URLSearchParams({ email: SOLAR_READER }) });
  await still.arrayBuffer();
  assert.equal(still.status, 303);
  assert.equal((await outbox()).filter((mail) => mail.to_address === SOLAR_READER).length, mailsBefore);
});

test('the worker logged no error and no warning during the run', () => {
  // wrangler dev runs with --log-level warn: only the worker's console.warn and console.error
  // (and wrangler's own warnings and errors) reach its output.
  const output = server.output().replace(/\x1b\[[0-9;]*m/g, '');
  assert.doesNotMatch(output, /\[ERROR\]|\[WARNING\]/, output);
});
