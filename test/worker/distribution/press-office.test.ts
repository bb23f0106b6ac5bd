// The press office view (/admin/press, ADR 0044) through the whole app, Cloudflare Access played
// by its stand-in (test/fixtures/fake-access.ts: a key pair made here, the team's certs answered
// in-process): without a valid Access token (none, another application's, another team's,
// expired, not yet valid, forged, HS256 made from the public key, an unknown key) or without the
// configuration it is a 403 page that shows nothing of the office's; with one it shows the
// stories not yet public, their recipients and what each link saw, and its forms revoke one
// recipient and rotate a story's links, from the page's own origin only; its media list page
// (/admin/press/journalists) lists, adds, updates, takes off a list and deletes journalists.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createApp } from '#src/app';
import { newRecipientLink } from '#src/domain/recipient-link';
import { runAtomically } from '#src/platform/d1/import-statements';
import { addToListStatement, ensureListStatement, upsertJournalistStatement } from '#src/platform/d1/media-list';
import { D1RecipientLinkStore, ensureRecipientLinkStatement } from '#src/platform/d1/recipient-links';
import { ACCESS_COOKIE, ACCESS_HEADER, DOOR_TEXTS } from '#src/admin/admin-door';
import { OFFICE_STYLESHEET } from '#src/admin/press/press-office-page';
import { OFFICE_TEXTS } from '#src/admin/press/press-office-texts';
import { scriptHashSource } from '#src/admin/admin-headers';
import { createFakeAccess, type FakeAccess } from '../../fixtures/fake-access';
import { testLinkToken } from '../../fixtures/story-links';
import { ORIGIN } from '../request';

const PAGE = `${ORIGIN}/admin/press`;
const EMBARGOED = 'embargoed-story';
const JOURNALISTS = [
  { email: 'anna@volkskrant.example', name: 'Anna de Vries', outlet: 'de Volkskrant', language: 'nl' },
  { email: 'claire@lemonde.example', name: 'Claire Martin', outlet: 'Le Monde', language: 'fr' },
  { email: 'omar@gulfnews.example', name: 'Omar Haddad', outlet: 'Gulf News', language: 'ar' },
];
/** Openings recorded for Anna: 2026-11-30 00:53 and 02:53 UTC, from two browsers. */
const ANNA_OPENINGS = [
  { at: 1796000000, agentBit: 3 },
  { at: 1796007200, agentBit: 17 },
];
const FROM_THE_PAGE = { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' };

let access: FakeAccess;
let vars: Record<string, string>;

async function send(url: string, init: RequestInit = {}, bindings: Record<string, unknown> = vars): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await createApp({ accessFetch: access.fetch }).fetch(new Request(url, { redirect: 'manual', ...init }), { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const withToken = async (headers: Record<string, string> = {}) => ({ ...headers, [ACCESS_HEADER]: await access.token() });
const post = async (path: string, fields: Record<string, string>, headers: Record<string, string> = FROM_THE_PAGE) =>
  send(`${ORIGIN}${path}`, { method: 'POST', headers: await withToken(headers), body: new URLSearchParams(fields).toString() });

async function revokedAtOf(email: string): Promise<(number | null)[]> {
  const rows = await env.DB.prepare('SELECT l.revoked_at FROM recipient_links l JOIN journalists j ON j.id = l.journalist_id WHERE j.email = ?1 ORDER BY l.id').bind(email).all<{ revoked_at: number | null }>();
  return rows.results.map((row) => row.revoked_at);
}

async function storyLinkHashes(): Promise<Record<string, string>> {
  const rows = await env.DB.prepare('SELECT story_uuid, token_hash FROM story_links ORDER BY story_uuid').all<{ story_uuid: string; token_hash: string }>();
  return Object.fromEntries(rows.results.map((row) => [row.story_uuid, row.token_hash]));
}

function expectOfficeHeaders(response: Response) {
  expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  expect(response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
  expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
  expect(response.headers.get('X-Frame-Options')).toBe('DENY');
  expect(response.headers.get('Set-Cookie')).toBeNull();
  expect(response.headers.get('X-Cache')).toBeNull();
}

/** Each refusal writes one warning naming its reason. */
function refusalLog() {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  return () => warn.mock.calls.map((call) => JSON.parse(String(call[0])) as { event: string; reason: string });
}

async function expectRefused(response: Response, reasons: () => { event: string; reason: string }[], reason: string) {
  expect(response.status).toBe(403);
  expectOfficeHeaders(response);
  const html = await response.text();
  expect(html).toContain(DOOR_TEXTS.refusedTitle);
  for (const secret of ['Embargoed story that must stay hidden', JOURNALISTS[0]!.email, JOURNALISTS[0]!.name, 'Revoke']) expect(html).not.toContain(secret);
  expect(reasons().map((line) => [line.event, line.reason])).toEqual([['admin_refused', reason]]);
}

beforeAll(async () => {
  access = await createFakeAccess();
  vars = { ACCESS_TEAM_DOMAIN: access.teamDomain, ACCESS_AUD: access.audience };
  const now = Math.floor(Date.now() / 1000);
  const story = await env.DB.prepare('SELECT uuid FROM stories WHERE slug = ?1').bind(EMBARGOED).first<{ uuid: string }>();
  const statements = [];
  for (const journalist of JOURNALISTS) {
    statements.push(upsertJournalistStatement({ ...journalist, timeZone: null }, now), ensureRecipientLinkStatement(story!.uuid, journalist.email, await newRecipientLink(), now));
  }
  await runAtomically(env.DB, statements);
  const anna = await env.DB.prepare('SELECT l.id FROM recipient_links l JOIN journalists j ON j.id = l.journalist_id WHERE j.email = ?1').bind(JOURNALISTS[0]!.email).first<{ id: number }>();
  const store = new D1RecipientLinkStore(env.DB);
  for (const opening of ANNA_OPENINGS) await store.recordOpening(anna!.id, opening.at, opening.agentBit);
});

describe('without a valid Cloudflare Access token the answer is a 403 page, never the view', () => {
  let reasons: () => { event: string; reason: string; detail?: string }[];
  beforeEach(() => {
    reasons = refusalLog();
  });

  test('no token at all', async () => {
    await expectRefused(await send(PAGE), reasons, 'no_token');
  });

  test.each(['/admin/press/', '/admin/press/revoke', '/admin/press/journalists', '/admin/press/anything'])('no token at %s either', async (path) => {
    await expectRefused(await send(`${ORIGIN}${path}`), reasons, 'no_token');
  });

  test('no configuration: the page is refused whatever the token, and the log says what is missing', async () => {
    const response = await send(PAGE, { headers: await withToken() }, {});
    expect(response.status).toBe(403);
    expect(await response.text()).toContain(DOOR_TEXTS.refusedTitle);
    expect(reasons()).toEqual([{ event: 'admin_refused', reason: 'not_configured', path: '/admin/press', detail: expect.stringContaining('ACCESS_TEAM_DOMAIN and ACCESS_AUD are not set') }]);
  });

  test.each([
    ['another application’s token (aud)', { aud: ['0'.repeat(64)] }, {}, 'wrong_audience'],
    ['another team’s token (iss)', { iss: 'https://elsewhere.cloudflareaccess.com' }, {}, 'wrong_issuer'],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 60, iat: Math.floor(Date.now() / 1000) - 3660, nbf: Math.floor(Date.now() / 1000) - 3660 }, {}, 'expired'],
    ['a token not valid yet (nbf)', { nbf: Math.floor(Date.now() / 1000) + 600 }, {}, 'not_yet_valid'],
    ['a forged signature under the team’s key id', {}, { forged: true }, 'bad_signature'],
    ['a key the team does not have', {}, { kid: 'f'.repeat(64) }, 'unknown_key'],
    ['a token that never expires', {}, { without: ['exp'] as const }, 'malformed'],
  ] as const)('%s', async (_name, claims, options, reason) => {
    const token = await access.token(claims, options);
    await expectRefused(await send(PAGE, { headers: { [ACCESS_HEADER]: token } }), reasons, reason);
  });

  test('an HS256 token made with the team’s public key as its secret (algorithm confusion)', async () => {
    const { sign } = await import('hono/jwt');
    const publicKey = JSON.stringify(access.certs().keys[0]);
    const now = Math.floor(Date.now() / 1000);
    const token = await sign({ aud: [access.audience], iss: access.issuer, exp: now + 600, email: 'mallory@example.com' }, publicKey, 'HS256');
    await expectRefused(await send(PAGE, { headers: { [ACCESS_HEADER]: token } }), reasons, 'wrong_algorithm');
  });

  test.each([
    ['junk in the header', { [ACCESS_HEADER]: 'not.a.token' }],
    ['junk in the cookie', { Cookie: `${ACCESS_COOKIE}=abc` }],
  ])('%s', async (_name, headers) => {
    await expectRefused(await send(PAGE, { headers }), reasons, 'malformed');
  });
});

describe('with a valid token', () => {
  test('the view lists each story not yet public with its state, its recipients and what each link saw; public stories are not in it', async () => {
    const response = await send(PAGE, { headers: await withToken() });
    expect(response.status).toBe(200);
    expectOfficeHeaders(response);
    const html = await response.text();
    expect(html).toContain('Signed in as press.officer@northwind.example through Cloudflare Access.');
    expect(html).toContain('Times are in UTC, the newsroom’s time zone.');
    // The embargoed story, the draft and the private story (with its public French translation).
    expect(html).toContain('Under embargo until 2026-12-05 09:00');
    expect(html).toContain('Draft story that must stay hidden');
    expect(html).toContain('Published, private: behind its secret link, never public');
    expect(html).toMatch(/<td lang="fr" dir="ltr">Traduction publique d’une histoire privée<\/td><td>histoire-privee-traduite<\/td><td>Live<\/td>/);
    expect(html).not.toContain('english-story-01');
    // Anna opened hers twice from two browsers; Claire and Omar not yet.
    const row = (email: string) => html.match(new RegExp(`<tr data-recipient="${email}">.*?</tr>`))?.[0] ?? '';
    expect(row(JOURNALISTS[0]!.email)).toContain('<th scope="row">Anna de Vries</th><td>de Volkskrant</td><td>anna@volkskrant.example</td><td>nl</td>');
    expect(row(JOURNALISTS[0]!.email)).toContain('Opened 2 times, first 2026-11-30 00:53, last 2026-11-30 02:53, from about 2 browsers');
    expect(row(JOURNALISTS[1]!.email)).toContain('Not opened');
    expect(row(JOURNALISTS[1]!.email)).toContain('Revoke Claire Martin');
    // The office's page runs nothing.
    expect(html).not.toContain('<script');
    // Each story not yet public can be sent to a list (none exists yet: no button).
    expect(html).toContain('<form action="/admin/press/distribute" method="post">');
    expect(html).toContain(OFFICE_TEXTS.noLists);
  });

  test('the token may come as the CF_Authorization cookie', async () => {
    const response = await send(PAGE, { headers: { Cookie: `${ACCESS_COOKIE}=${await access.token()}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Anna de Vries');
  });

  test('its policy allows no script: only its own stylesheet by hash, forms to this site, no framing', async () => {
    const response = await send(PAGE, { headers: await withToken() });
    await response.arrayBuffer();
    expect(response.headers.get('Content-Security-Policy')).toBe(
      `default-src 'none'; style-src ${await scriptHashSource(OFFICE_STYLESHEET)}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    );
  });

  test('the team’s keys are read once and kept', async () => {
    access.requests.length = 0;
    for (let n = 0; n < 3; n++) await (await send(PAGE, { headers: await withToken() })).arrayBuffer();
    expect(access.requests).toEqual([]);
  });

  test('the latest alerts and mails show their delivery state', async () => {
    const story = await env.DB.prepare("SELECT uuid FROM stories WHERE slug = 'english-story-01'").first<{ uuid: string }>();
    await runAtomically(env.DB, [
      { sql: "INSERT INTO publish_events (story_uuid, source, live_at, alerts, created_at) VALUES (?1, 'schedule', 1796000000, 1, 1796000000)", params: [story!.uuid] },
      { sql: "INSERT INTO alert_deliveries (story_uuid, subscriber_id, status, claimed_at) VALUES (?1, 1, 'sent', 1796000000), (?1, 2, 'sent', 1796000000), (?1, 3, 'failed', 1796000000), (?1, 4, 'sending', 1796000000)", params: [story!.uuid] },
      { sql: "INSERT INTO outbox (to_address, subject, text_body, created_at, sent_at) VALUES ('sent@example.com', 'Sent mail', '', 1796000000, 1796000060)", params: [] },
      { sql: "INSERT INTO outbox (to_address, subject, text_body, created_at, failed_at) VALUES ('failed@example.com', 'Failed mail', '', 1796000000, 1796000120)", params: [] },
      { sql: "INSERT INTO outbox (to_address, to_name, subject, text_body, created_at) VALUES ('waiting@example.com', 'Wai Ting', 'Waiting mail', '', 1796000000)", params: [] },
    ]);
    const html = await (await send(PAGE, { headers: await withToken() })).text();
    expect(html).toMatch(/English story number 01<\/td><td>2026-11-30 00:53<\/td><td>2<\/td><td>1<\/td><td>1<\/td><td>Going out<\/td>/);
    expect(html).toContain('<td>sent@example.com</td><td>Sent mail</td><td>2026-11-30 00:53</td><td>Sent 2026-11-30 00:54</td>');
    expect(html).toContain('<td>failed@example.com</td><td>Failed mail</td><td>2026-11-30 00:53</td><td>Failed 2026-11-30 00:55</td>');
    expect(html).toContain('<td>Wai Ting &lt;waiting@example.com&gt;</td><td>Waiting mail</td><td>2026-11-30 00:53</td><td>Waiting</td>');
    expect(html).toContain(OFFICE_TEXTS.noEmailApi);
  });
});

describe('the forms', () => {
  test('revoking one recipient cuts off their links alone and comes back to the page with a notice', async () => {
    const [claire, omar] = [JOURNALISTS[1]!.email, JOURNALISTS[2]!.email];
    const log = vi.spyOn(console, 'log');
    const response = await post('/admin/press/revoke', { story: EMBARGOED, email: claire });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/admin/press?notice=revoked&links=1');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect((await revokedAtOf(claire))[0]).toEqual(expect.any(Number));
    expect(await revokedAtOf(omar)).toEqual([null]);
    expect(log.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('press_office_action'))).toEqual([
      JSON.stringify({ event: 'press_office_action', action: 'revoke', outcome: 'revoked', links: 1, by: 'press.officer@northwind.example' }),
    ]);

    const html = await (await send(`${ORIGIN}/admin/press?notice=revoked&links=1`, { headers: await withToken() })).text();
    expect(html).toContain('Revoked 1 link: that recipient’s links open nothing from now on.');
    const row = html.match(new RegExp(`<tr data-recipient="${claire}">.*?</tr>`))![0];
    expect(row).toMatch(/Revoked \d{4}-\d\d-\d\d \d\d:\d\d; never opened/);
    expect(row).not.toContain('<button');
  });

  test('bad input changes nothing and the notice says why', async () => {
    const before = await Promise.all(JOURNALISTS.map((journalist) => revokedAtOf(journalist.email)));
    const cases: [Record<string, string>, string][] = [
      [{ story: 'no-such-story', email: JOURNALISTS[2]!.email }, 'unknown-story'],
      [{ story: EMBARGOED, email: 'nobody@example.com' }, 'unknown-recipient'],
      [{ story: 'draft-story', email: JOURNALISTS[2]!.email }, 'unknown-recipient'],
      [{ story: EMBARGOED, email: JOURNALISTS[1]!.email }, 'nothing-open'],
      [{ story: EMBARGOED }, 'bad-request'],
      [{ story: EMBARGOED, email: 'not an address' }, 'bad-request'],
    ];
    for (const [fields, notice] of cases) {
      const response = await post('/admin/press/revoke', fields);
      expect(response.status).toBe(303);
      expect(response.headers.get('Location')).toBe(`/admin/press?notice=${notice}`);
    }
    expect(await Promise.all(JOURNALISTS.map((journalist) => revokedAtOf(journalist.email)))).toEqual(before);
    const html = await (await send(`${ORIGIN}/admin/press?notice=unknown-recipient`, { headers: await withToken() })).text();
    expect(html).toContain('That person has no link of their own to this story. Nothing was changed.');
  });

  test('a post from another site, or from no page at all, is refused and changes nothing', async () => {
    const reasons = refusalLog();
    const omar = JOURNALISTS[2]!.email;
    for (const headers of [
      { ...FROM_THE_PAGE, Origin: 'https://attacker.example', 'Sec-Fetch-Site': 'cross-site' },
      { ...FROM_THE_PAGE, 'Sec-Fetch-Site': 'same-site' },
      { 'Content-Type': 'application/x-www-form-urlencoded' },
    ]) {
      const response = await post('/admin/press/revoke', { story: EMBARGOED, email: omar }, headers);
      expect(response.status).toBe(403);
      expectOfficeHeaders(response);
      expect(await response.text()).toContain(DOOR_TEXTS.crossSiteTitle);
    }
    expect(reasons().map((line) => line.reason)).toEqual(['cross_site_write', 'cross_site_write', 'cross_site_write']);
    expect(await revokedAtOf(omar)).toEqual([null]);
  });

  test('a post without a token is refused before anything is read', async () => {
    const reasons = refusalLog();
    const omar = JOURNALISTS[2]!.email;
    const response = await send(`${ORIGIN}/admin/press/revoke`, { method: 'POST', headers: FROM_THE_PAGE, body: new URLSearchParams({ story: EMBARGOED, email: omar }).toString() });
    expect(response.status).toBe(403);
    expect(reasons().map((line) => line.reason)).toEqual(['no_token']);
    expect(await revokedAtOf(omar)).toEqual([null]);
  });

  test('rotating gives the story and its translations new links of their own and leaves the recipients’ links alone', async () => {
    const before = await storyLinkHashes();
    const recipientsBefore = await env.DB.prepare('SELECT token_hash FROM recipient_links ORDER BY id').all();
    const story = await env.DB.prepare('SELECT uuid FROM stories WHERE slug = ?1').bind('private-story').first<{ uuid: string }>();
    const group = await env.DB.prepare('SELECT s.uuid FROM stories me JOIN stories s ON s.translation_group = me.translation_group WHERE me.uuid = ?1').bind(story!.uuid).all<{ uuid: string }>();
    const response = await post('/admin/press/rotate', { story: 'private-story' });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`/admin/press?notice=rotated&links=${group.results.length}`);
    const after = await storyLinkHashes();
    for (const { uuid } of group.results) expect(after[uuid]).not.toBe(before[uuid]);
    for (const uuid of Object.keys(before).filter((uuid) => !group.results.some((row) => row.uuid === uuid))) expect(after[uuid]).toBe(before[uuid]);
    expect((await env.DB.prepare('SELECT token_hash FROM recipient_links ORDER BY id').all()).results).toEqual(recipientsBefore.results);
    // The story's old link opens nothing any more.
    const old = await send(`${ORIGIN}/s/${await testLinkToken(story!.uuid)}`);
    expect(old.status).toBe(404);
    await old.arrayBuffer();

    const unknown = await post('/admin/press/rotate', { story: 'no-such-story' });
    expect(unknown.headers.get('Location')).toBe('/admin/press?notice=unknown-story');
    expect(await storyLinkHashes()).toEqual(after);
  });
  test('sending to a list mails each journalist of it once, under embargo, with a link of their own; bad input sends nothing', async () => {
    const now = Math.floor(Date.now() / 1000);
    await runAtomically(env.DB, [ensureListStatement('Energy desks', now), ...JOURNALISTS.map((journalist) => addToListStatement(journalist.email, 'Energy desks', now))]);
    const pressMail = async () => (await env.DB.prepare("SELECT to_address, text_body FROM outbox WHERE idempotency_key LIKE 'press-%' ORDER BY to_address").all<{ to_address: string; text_body: string }>()).results;
    const before = (await pressMail()).length;
    const html = await (await send(PAGE, { headers: await withToken() })).text();
    expect(html).toContain('<option value="Energy desks">Energy desks (3 journalists)</option>');

    const refused: [Record<string, string>, string][] = [
      [{ story: EMBARGOED, list: 'No such list' }, 'unknown-list'],
      [{ story: 'english-story-01', list: 'Energy desks' }, 'story-public'],
      [{ story: 'draft-story', list: 'Energy desks' }, 'not-released'],
      [{ story: 'no-such-story', list: 'Energy desks' }, 'unknown-story'],
      [{ story: EMBARGOED }, 'bad-request'],
    ];
    for (const [fields, notice] of refused) {
      const response = await post('/admin/press/distribute', fields);
      expect(response.headers.get('Location'), notice).toBe(`/admin/press?notice=${notice}`);
    }
    expect(await pressMail()).toHaveLength(before);

    // Claire was revoked above: she is not mailed; Anna and Omar are, each with their own link.
    const sent = await post('/admin/press/distribute', { story: EMBARGOED, list: 'Energy desks' });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('Location')).toBe('/admin/press?notice=distributed&links=2');
    const mails = await pressMail();
    expect(mails.map((mail) => mail.to_address)).toEqual([JOURNALISTS[0]!.email, JOURNALISTS[2]!.email]);
    const links = mails.map((mail) => /\/s\/r[A-Za-z0-9_-]{43}/.exec(mail.text_body)![0]);
    expect(new Set(links).size).toBe(2);
    for (const mail of mails) expect(mail.text_body).not.toContain(mail.to_address === JOURNALISTS[0]!.email ? JOURNALISTS[2]!.email : JOURNALISTS[0]!.email);

    // Again: nobody is mailed twice.
    const again = await post('/admin/press/distribute', { story: EMBARGOED, list: 'Energy desks' });
    expect(again.headers.get('Location')).toBe('/admin/press?notice=distributed&links=0');
    expect(await pressMail()).toHaveLength(2);
    const notice = await (await send(`${ORIGIN}/admin/press?notice=distributed&links=2`, { headers: await withToken() })).text();
    expect(notice).toContain('Mailed the release to 2 journalists under embargo, each with a link of their own.');
  });
});

describe('the media list page', () => {
  const LIST_PAGE = `${ORIGIN}/admin/press/journalists`;
  const INES = 'ines@publico.example';
  const journalistRow = async (email: string) =>
    env.DB.prepare('SELECT email, name, outlet, language, time_zone FROM journalists WHERE email = ?1').bind(email).first<{ email: string; name: string; outlet: string; language: string; time_zone: string | null }>();
  const listsOf = async (email: string) =>
    (
      await env.DB.prepare('SELECT l.name FROM media_list_members m JOIN media_lists l ON l.id = m.list_id JOIN journalists j ON j.id = m.journalist_id WHERE j.email = ?1 ORDER BY l.name')
        .bind(email)
        .all<{ name: string }>()
    ).results.map((row) => row.name);
  const everyone = async () => (await env.DB.prepare('SELECT email, name, outlet, language, time_zone FROM journalists ORDER BY email').all()).results;
  const listPage = async (query = '') => {
    const response = await send(`${LIST_PAGE}${query}`, { headers: await withToken() });
    expect(response.status).toBe(200);
    expectOfficeHeaders(response);
    return response.text();
  };
  const rowOf = (html: string, email: string) => html.match(new RegExp(`<tr data-journalist="${email}">.*?</tr>`))?.[0] ?? '';

  test('lists every journalist with their lists, or one list’s through a plain GET form; the page runs nothing and says CSV is the CLI’s', async () => {
    const html = await listPage();
    expect(html).toContain('<th scope="row">Anna de Vries</th><td>anna@volkskrant.example</td><td>de Volkskrant</td><td>nl</td><td>The newsroom’s</td>');
    expect(rowOf(html, JOURNALISTS[0]!.email)).toContain('Take off Energy desks');
    expect(html).toContain('<form action="/admin/press/journalists" method="get">');
    expect(html).toContain(OFFICE_TEXTS.csvByCli);
    expect(html).not.toContain('<script');
    const response = await send(LIST_PAGE, { headers: await withToken() });
    await response.arrayBuffer();
    expect(response.headers.get('Content-Security-Policy')).toBe(
      `default-src 'none'; style-src ${await scriptHashSource(OFFICE_STYLESHEET)}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    );
    // The press office page links to it.
    expect(await (await send(PAGE, { headers: await withToken() })).text()).toContain('<a href="/admin/press/journalists">');

    const unknown = await listPage('?list=No+such+list');
    expect(unknown).toContain(OFFICE_TEXTS.unknownFilter);
    expect(unknown).not.toContain('data-journalist=');
  });

  test('adding a journalist: the CLI’s record (canonical address, lists made when new), back to the page with a notice naming nothing personal', async () => {
    const log = vi.spyOn(console, 'log');
    const response = await post('/admin/press/journalists/save', { email: ' Ines@Publico.EXAMPLE ', name: 'Inês Sousa', outlet: 'Público', language: 'pt', timeZone: 'Europe/Lisbon', lists: 'Energy desks; Lisbon desk' });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/admin/press/journalists?notice=added&lists=2');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await journalistRow(INES)).toEqual({ email: INES, name: 'Inês Sousa', outlet: 'Público', language: 'pt', time_zone: 'Europe/Lisbon' });
    expect(await listsOf(INES)).toEqual(['Energy desks', 'Lisbon desk']);
    expect(log.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('press_office_action'))).toEqual([
      JSON.stringify({ event: 'press_office_action', action: 'save-journalist', outcome: 'added', lists: 2, by: 'press.officer@northwind.example' }),
    ]);

    expect(await listPage('?notice=added&lists=2')).toContain('Added the journalist to the media list, and put on 2 lists.');
    const lisbon = await listPage('?list=Lisbon+desk');
    expect(lisbon).toContain('1 journalist on Lisbon desk');
    expect(rowOf(lisbon, INES)).toContain('<td>Europe/Lisbon</td>');
    expect(lisbon).not.toContain(`data-journalist="${JOURNALISTS[0]!.email}"`);
  });

  test('updating one: every field of the form replaces theirs, an empty language is the newsroom’s, lists are only added to', async () => {
    const response = await post('/admin/press/journalists/save', { email: INES, name: 'Inês Sousa', outlet: 'Expresso', language: '', timeZone: '', lists: '' });
    expect(response.headers.get('Location')).toBe('/admin/press/journalists?notice=updated&lists=0');
    expect(await journalistRow(INES)).toEqual({ email: INES, name: 'Inês Sousa', outlet: 'Expresso', language: 'en', time_zone: null });
    expect(await listsOf(INES)).toEqual(['Energy desks', 'Lisbon desk']);
    expect(await listPage('?notice=updated&lists=0')).toContain('Updated the journalist’s record.');
  });

  test('bad input changes nothing, and the notice says which field with the CLI’s messages', async () => {
    const before = await everyone();
    const cases: [Record<string, string>, string][] = [
      [{ email: 'not an address', name: 'Someone' }, 'email-invalid'],
      [{ email: '', name: '' }, 'email-required,name-required'],
      [{ email: INES, name: 'Inês Sousa', language: 'xx', timeZone: 'Mars/Olympus' }, 'language-invalid,timeZone-invalid'],
      [{ email: INES, name: 'x'.repeat(201), outlet: 'line\nbreak' }, 'name-invalid,outlet-invalid'],
      [{ email: INES, name: 'Inês Sousa', lists: 'Energy desks; bad/list' }, 'lists-invalid'],
    ];
    for (const [fields, faults] of cases) {
      const response = await post('/admin/press/journalists/save', fields);
      expect(response.status).toBe(303);
      expect(response.headers.get('Location'), faults).toBe(`/admin/press/journalists?notice=invalid&fields=${faults}`);
    }
    expect(await everyone()).toEqual(before);
    expect(await listsOf(INES)).toEqual(['Energy desks', 'Lisbon desk']);
    const html = await listPage('?notice=invalid&fields=email-invalid,name-required');
    expect(html).toContain('Nothing was saved. E-mail: Introduce a valid email address. Name: This field is required.');
    expect(await listPage('?notice=invalid&fields=timeZone-invalid')).toContain('Time zone: not a time zone (write one such as Europe/Paris or America/New_York)');
  });

  test('taking someone off one list keeps them and their other lists; what is not there changes nothing', async () => {
    const response = await post('/admin/press/journalists/remove-from-list', { email: INES, list: 'Lisbon desk' });
    expect(response.headers.get('Location')).toBe('/admin/press/journalists?notice=taken-off');
    expect(await listsOf(INES)).toEqual(['Energy desks']);
    expect(await journalistRow(INES)).not.toBeNull();
    const cases: [Record<string, string>, string][] = [
      [{ email: INES, list: 'Lisbon desk' }, 'not-on-list'],
      [{ email: INES, list: 'No such list' }, 'unknown-list'],
      [{ email: 'nobody@example.com', list: 'Energy desks' }, 'unknown-journalist'],
      [{ email: INES }, 'bad-request'],
    ];
    for (const [fields, notice] of cases) {
      expect((await post('/admin/press/journalists/remove-from-list', fields)).headers.get('Location'), notice).toBe(`/admin/press/journalists?notice=${notice}`);
    }
    expect(await listsOf(INES)).toEqual(['Energy desks']);
  });

  test('deleting a journalist deletes them, not hides them: record, lists, links with their openings, press mail not sent', async () => {
    const anna = JOURNALISTS[0]!.email;
    const traces = async () =>
      Promise.all([
        env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE to_address = ?1 AND sent_at IS NULL AND idempotency_key LIKE 'press-%'").bind(anna).first<{ n: number }>(),
        env.DB.prepare('SELECT count(*) AS n FROM recipient_links l JOIN journalists j ON j.id = l.journalist_id WHERE j.email = ?1').bind(anna).first<{ n: number }>(),
      ]).then((counts) => counts.map((count) => count!.n));
    expect(await traces()).toEqual([1, 1]);
    const linkIds = (await env.DB.prepare('SELECT id FROM recipient_links').all<{ id: number }>()).results.length;

    const response = await post('/admin/press/journalists/delete', { email: anna });
    expect(response.headers.get('Location')).toBe('/admin/press/journalists?notice=deleted&mails=1');
    expect(await journalistRow(anna)).toBeNull();
    expect(await listsOf(anna)).toEqual([]);
    expect(await traces()).toEqual([0, 0]);
    expect((await env.DB.prepare('SELECT id FROM recipient_links').all()).results).toHaveLength(linkIds - 1);
    expect(await journalistRow(JOURNALISTS[2]!.email)).not.toBeNull();
    expect(await listPage('?notice=deleted&mails=1')).toContain('Deleted the journalist: their record, lists and links, and 1 press mail to them not sent yet.');

    expect((await post('/admin/press/journalists/delete', { email: anna })).headers.get('Location')).toBe('/admin/press/journalists?notice=unknown-journalist');
    expect((await post('/admin/press/journalists/delete', { email: 'not an address' })).headers.get('Location')).toBe('/admin/press/journalists?notice=bad-request');
  });

  test('a post from another site, or from no page at all, is refused and changes nothing', async () => {
    const reasons = refusalLog();
    const before = await everyone();
    const omar = JOURNALISTS[2]!.email;
    const attempts: [string, Record<string, string>][] = [
      ['/admin/press/journalists/save', { email: 'mallory@example.com', name: 'Mallory' }],
      ['/admin/press/journalists/remove-from-list', { email: omar, list: 'Energy desks' }],
      ['/admin/press/journalists/delete', { email: omar }],
    ];
    for (const [path, fields] of attempts) {
      for (const headers of [{ ...FROM_THE_PAGE, Origin: 'https://attacker.example', 'Sec-Fetch-Site': 'cross-site' }, { 'Content-Type': 'application/x-www-form-urlencoded' }]) {
        const response = await post(path, fields, headers);
        expect(response.status).toBe(403);
        expect(await response.text()).toContain(DOOR_TEXTS.crossSiteTitle);
      }
    }
    expect(reasons().map((line) => line.reason)).toEqual(Array(6).fill('cross_site_write'));
    expect(await everyone()).toEqual(before);
    expect(await listsOf(omar)).toEqual(['Energy desks']);
  });
});
