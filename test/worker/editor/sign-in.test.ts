// The editor's sign-in (/admin/auth; ADR 0051) through the whole app, Cloudflare Access played by
// its stand-in (test/fixtures/fake-access.ts). It is behind the door like all of /admin: without a
// valid Access token it is the door's 403, never the handshake. With one and the GitHub App
// configured, the popup answers at once with the handshake Sveltia expects, carrying a placeholder
// that opens nothing (the person's key is their Access session; the worker alone holds GitHub's),
// posted to the popup's own origin only. Its words follow Accept-Language.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { createApp } from '#src/app';
import { ACCESS_COOKIE, ACCESS_HEADER, DOOR_TEXTS } from '#src/admin/admin-door';
import { HANDSHAKE_SCRIPT } from '#src/admin/sign-in-page';
import { EDITOR_SESSION_TOKEN } from '#src/admin/client/editor-session';
import ar from '#src/i18n/messages/ar.json';
import en from '#src/i18n/messages/en.json';
import fr from '#src/i18n/messages/fr.json';
import nl from '#src/i18n/messages/nl.json';
import { createFakeAccess, type FakeAccess } from '../../fixtures/fake-access';
import { ORIGIN } from '../request';

/** Any PEM-looking key: the sign-in never signs anything with it. */
const PRIVATE_KEY = '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAsignInTestKeyNeverUsedToSign0123456789abcdef\n-----END RSA PRIVATE KEY-----\n';
const APP_VARS = { GITHUB_APP_ID: '123', GITHUB_APP_INSTALLATION_ID: '456', GITHUB_APP_PRIVATE_KEY: PRIVATE_KEY, EDITOR_REPOSITORY: 'northwind/newsroom' };
const AUTH = `${ORIGIN}/admin/auth?provider=github&site_id=news.test.example&scope=repo`;

let access: FakeAccess;
let accessVars: Record<string, string>;

beforeAll(async () => {
  access = await createFakeAccess();
  accessVars = { ACCESS_TEAM_DOMAIN: access.teamDomain, ACCESS_AUD: access.audience };
});

async function send(url: string, init: RequestInit = {}, vars: Record<string, string> = { ...accessVars, ...APP_VARS }): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await createApp({ accessFetch: access.fetch }).fetch(new Request(url, { redirect: 'manual', ...init }), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** A request as the popup sends it, signed in at the door. */
const signedIn = async (url: string, headers: Record<string, string> = {}, vars?: Record<string, string>) => send(url, { headers: { ...headers, [ACCESS_HEADER]: await access.token() } }, vars);

/** The door's refusals write a warning each: what they said. */
function warnings() {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  return () => warn.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>);
}

/** The handshake the page runs: where it talks and what it posts. */
async function handshakeOf(response: Response): Promise<{ origin: string; ready: string; result: string } | null> {
  const match = /<script type="application\/json" id="editor-login-handshake">(.*?)<\/script>/.exec(await response.clone().text());
  return match ? (JSON.parse(match[1]!) as { origin: string; ready: string; result: string }) : null;
}

async function errorOf(response: Response): Promise<{ errorCode: string; error: string }> {
  const result = (await handshakeOf(response))!.result;
  expect(result.startsWith('authorization:github:error:')).toBe(true);
  return JSON.parse(result.slice('authorization:github:error:'.length)) as { errorCode: string; error: string };
}

/** The headers every answer of the sign-in carries. */
function expectLoginHeaders(response: Response) {
  expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  expect(response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
  expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
  expect(response.headers.get('Cross-Origin-Opener-Policy')).toBe('unsafe-none');
  expect(response.headers.get('Set-Cookie')).toBeNull();
  expect(response.headers.get('X-Cache')).toBeNull();
  const policy = response.headers.get('Content-Security-Policy')!;
  expect(policy).toContain("default-src 'none'");
  expect(policy).toMatch(/script-src ('none'|'sha256-[A-Za-z0-9+/]+=*')(;|$)/);
  expect(policy).not.toContain("'self'");
  expect(policy).not.toContain('unsafe-inline');
}

async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/** The door's refusal: a 403 page saying /admin needs Cloudflare Access, no handshake, nothing of the sign-in's. */
async function expectDoorRefusal(response: Response) {
  expect(response.status).toBe(403);
  expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  const html = await response.text();
  expect(html).toContain(DOOR_TEXTS.refusedTitle);
  expect(html).not.toContain('editor-login-handshake');
  expect(html).not.toContain('authorization:github');
  expect(html).not.toContain(EDITOR_SESSION_TOKEN);
  expect(html).not.toContain(en['editor_login.signed_in']);
}

describe('the door in front of /admin/auth', () => {
  test('without an Access token the popup gets the door’s 403, never the handshake, and the log says why', async () => {
    const logged = warnings();
    await expectDoorRefusal(await send(AUTH));
    expect(logged()).toEqual([{ event: 'admin_refused', reason: 'no_token', path: '/admin/auth' }]);
  });

  test.each([
    ['another application’s token', { aud: ['0'.repeat(64)] }, {}, 'wrong_audience'],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 60, iat: Math.floor(Date.now() / 1000) - 3660, nbf: Math.floor(Date.now() / 1000) - 3660 }, {}, 'expired'],
    ['a forged token', {}, { forged: true }, 'bad_signature'],
  ] as const)('%s is refused the same way', async (_name, claims, options, reason) => {
    const logged = warnings();
    await expectDoorRefusal(await send(AUTH, { headers: { [ACCESS_HEADER]: await access.token(claims, options) } }));
    expect(logged().map((line) => line.reason)).toEqual([reason]);
  });

  test('without Access configured the door stays shut whatever the token, even with the App configured', async () => {
    const logged = warnings();
    await expectDoorRefusal(await signedIn(AUTH, {}, APP_VARS));
    expect(logged()).toEqual([{ event: 'admin_refused', reason: 'not_configured', path: '/admin/auth', detail: expect.stringContaining('ACCESS_TEAM_DOMAIN and ACCESS_AUD are not set') }]);
  });

  test('under npm start on loopback the door is open: the handshake answers without a token', async () => {
    const local = 'http://127.0.0.1:8787';
    const response = await send(`${local}/admin/auth?provider=github`, {}, { ...APP_VARS, LOCAL_DEVELOPMENT: 'true' });
    expect(response.status).toBe(200);
    expect((await handshakeOf(response))!).toEqual({ origin: local, ready: 'authorizing:github', result: `authorization:github:success:${JSON.stringify({ token: EDITOR_SESSION_TOKEN, provider: 'github' })}` });
  });
});

describe('GET /admin/auth, signed in at the door', () => {
  test('with the App configured: the success handshake carrying the placeholder, posted to the request’s own origin only', async () => {
    const response = await signedIn(AUTH);
    expect(response.status).toBe(200);
    const handshake = (await handshakeOf(response))!;
    expect(handshake.origin).toBe(ORIGIN);
    expect(handshake.ready).toBe('authorizing:github');
    expect(handshake.result).toBe(`authorization:github:success:${JSON.stringify({ token: EDITOR_SESSION_TOKEN, provider: 'github' })}`);
    // The page's one script is the handshake, allowed by its hash, and it never posts to "*".
    const html = await response.text();
    expect(html).toContain(`<h1>${en['editor_login.signed_in']}</h1>`);
    expect([...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1])).toEqual([HANDSHAKE_SCRIPT]);
    expect(response.headers.get('Content-Security-Policy')).toContain(`script-src ${await sha256Source(HANDSHAKE_SCRIPT)}`);
    expect(HANDSHAKE_SCRIPT).not.toContain("'*'");
    // No GitHub token of any kind, and nothing of the App's key, ever reaches the browser.
    expect(html).not.toMatch(/\bgh[opusr]_[A-Za-z0-9]/);
    expect(html).not.toMatch(/\bgithub_pat_/);
    expect(html).not.toContain('PRIVATE KEY');
    expect(html).not.toContain('signInTestKey');
    expectLoginHeaders(response);
  });

  test('the token may come as the CF_Authorization cookie', async () => {
    const response = await send(AUTH, { headers: { Cookie: `${ACCESS_COOKIE}=${await access.token()}` } });
    expect(response.status).toBe(200);
    expect((await handshakeOf(response))!.result).toContain(EDITOR_SESSION_TOKEN);
  });

  test.each(['https://newsroom.northwind.example', 'https://news-northwind.workers.dev'])('the handshake talks to the origin the popup was opened on: %s', async (origin) => {
    const response = await signedIn(`${origin}/admin/auth?provider=github`, { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http', Origin: 'https://evil.example' });
    expect(response.status).toBe(200);
    expect((await handshakeOf(response))!.origin).toBe(origin);
    expect(await response.text()).not.toContain('evil.example');
    for (const [name, value] of response.headers) expect(value, name).not.toContain('evil.example');
  });

  test.each([
    ['gitlab', `${ORIGIN}/admin/auth?provider=gitlab&site_id=x`],
    ['none named', `${ORIGIN}/admin/auth?site_id=x`],
  ])('a provider other than github (%s) gets the error handshake, a 400, and no placeholder', async (_name, url) => {
    const response = await signedIn(url);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).errorCode).toBe('UNSUPPORTED_BACKEND');
    expect(await response.clone().text()).not.toContain(EDITOR_SESSION_TOKEN);
    expect(response.headers.get('Location')).toBeNull();
    expectLoginHeaders(response);
  });

  test('without the App it answers "not configured", 503, with no placeholder, and the readers’ site is unchanged', async () => {
    const response = await signedIn(AUTH, {}, accessVars);
    expect(response.status).toBe(503);
    expect((await errorOf(response)).errorCode).toBe('MISCONFIGURED_CLIENT');
    const html = await response.clone().text();
    expect(html).toContain(en['editor_login.error.not_configured']);
    expect(html).not.toContain(EDITOR_SESSION_TOKEN);
    expectLoginHeaders(response);
    const home = await send(`${ORIGIN}/`, {}, accessVars);
    await home.arrayBuffer();
    expect(home.status).toBe(200);
  });

  test.each([
    ['the key missing', { ...APP_VARS, GITHUB_APP_PRIVATE_KEY: '' }, 'GITHUB_APP_ID, GITHUB_APP_INSTALLATION_ID and GITHUB_APP_PRIVATE_KEY go together'],
    ['the repository missing', { ...APP_VARS, EDITOR_REPOSITORY: '' }, 'EDITOR_REPOSITORY (owner/name) is not set'],
    ['a key that is not PEM', { ...APP_VARS, GITHUB_APP_PRIVATE_KEY: 'MIIEpAIBAAKCAQEAsignInTestKeyNeverUsedToSign' }, 'GITHUB_APP_PRIVATE_KEY: must be the App\'s PEM private key'],
  ])('half a configuration (%s) is "not configured" too, and the log says why, never the key', async (_name, vars, problem) => {
    const logged = warnings();
    const response = await signedIn(AUTH, {}, { ...accessVars, ...vars });
    expect(response.status).toBe(503);
    expect((await errorOf(response)).errorCode).toBe('MISCONFIGURED_CLIENT');
    expect(logged()).toEqual([{ event: 'editor_github_not_configured', problem: expect.stringContaining(problem) }]);
    expect(JSON.stringify(logged())).not.toContain('signInTestKey');
  });
});

describe('the language of the sign-in page', () => {
  // The newsroom's languages are the editor configuration's: the demo's en (default), fr, nl, ar.
  test.each([
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr', 'ltr', fr],
    ['ar-EG', 'ar', 'rtl', ar],
    // German is a language the site has words for, but not one of this newsroom's: the next one asked for.
    ['de-DE,de;q=0.9,nl;q=0.5', 'nl', 'ltr', nl],
    ['en-GB,en;q=0.9', 'en', 'ltr', en],
    // None of the newsroom's: its default.
    ['ja-JP,ja;q=0.9', 'en', 'ltr', en],
    ['', 'en', 'ltr', en],
  ] as const)('Accept-Language "%s" reads the page in %s', async (acceptLanguage, lang, dir, messages) => {
    const response = await signedIn(`${ORIGIN}/admin/auth?provider=gitlab&site_id=x`, acceptLanguage ? { 'Accept-Language': acceptLanguage } : {});
    expect(response.status).toBe(400);
    const html = await response.clone().text();
    expect(html).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(html).toContain(`<h1>${messages['editor_login.failed']}</h1>`);
    expect(html).toContain(`<p>${messages['editor_login.error.unsupported_provider']}</p>`);
    // The editor shows the message it is posted: the same words.
    expect(await errorOf(response)).toMatchObject({ errorCode: 'UNSUPPORTED_BACKEND', error: messages['editor_login.error.unsupported_provider'] });
    expect(response.headers.get('Vary')).toBe('Accept-Language');
    expectLoginHeaders(response);
  });

  test('a signed-in person reads it in their language, and the placeholder is posted as before', async () => {
    const response = await signedIn(AUTH, { 'Accept-Language': 'ar' });
    expect(response.status).toBe(200);
    const html = await response.clone().text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain(`<h1>${ar['editor_login.signed_in']}</h1>`);
    expect(html).toContain(`<p>${ar['editor_login.signed_in.text']}</p>`);
    expect((await handshakeOf(response))!.result).toBe(`authorization:github:success:${JSON.stringify({ token: EDITOR_SESSION_TOKEN, provider: 'github' })}`);
  });

  test('the "not configured" page answers in the language asked for too', async () => {
    const response = await signedIn(AUTH, { 'Accept-Language': 'fr' }, accessVars);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain(`<p>${fr['editor_login.error.not_configured']}</p>`);
  });
});
