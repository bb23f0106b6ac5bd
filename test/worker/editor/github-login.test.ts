// The editor's GitHub login (/admin/auth, /admin/callback; ADR 0040) through the whole app, with
// GitHub played by a local stand-in (test/fixtures/fake-github.ts) behind the injected fetch.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, test, vi } from 'vitest';
import { issueState } from '#src/admin/oauth-state';
import { HANDSHAKE_SCRIPT } from '#src/admin/oauth-page';
import ar from '#src/i18n/messages/ar.json';
import en from '#src/i18n/messages/en.json';
import fr from '#src/i18n/messages/fr.json';
import nl from '#src/i18n/messages/nl.json';
import { createApp } from '#src/app';
import { createFakeGitHub, type FakeGitHub } from '../../fixtures/fake-github';
import { ORIGIN } from '../request';

const CLIENT_ID = 'Ov23liTestClient0001';
const CLIENT_SECRET = 'f3c1d2e4b5a69788a1b2c3d4e5f60718293a4b5c';
const REPOSITORY = 'acme/newsroom-content';
const LOGIN_VARS = { SITE_URL: ORIGIN, GITHUB_OAUTH_CLIENT_ID: CLIENT_ID, GITHUB_OAUTH_CLIENT_SECRET: CLIENT_SECRET, EDITOR_REPOSITORY: REPOSITORY };

function fakeGitHub(): FakeGitHub {
  return createFakeGitHub({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    callbackUrl: `${ORIGIN}/admin/callback`,
    repositories: {
      [REPOSITORY]: { private: true, collaborators: { editor: { push: true }, reader: { push: false } } },
      'acme/public-site': { private: false, collaborators: {} },
    },
  });
}

async function send(github: FakeGitHub, url: string, init: RequestInit = {}, vars: Record<string, string> = LOGIN_VARS): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await createApp({ githubFetch: github.fetch }).fetch(new Request(url, { redirect: 'manual', ...init }), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** Starts a sign-in as the editor's popup does; answers the state sent to GitHub and the browser's cookie. */
async function startSignIn(github: FakeGitHub, origin = ORIGIN, init: RequestInit = {}) {
  const response = await send(github, `${origin}/admin/auth?provider=github&site_id=news.test.example&scope=repo`, init);
  expect(response.status).toBe(302);
  const state = new URL(response.headers.get('Location')!).searchParams.get('state')!;
  const cookie = response.headers.get('Set-Cookie')!.split(';')[0]!;
  return { response, state, cookie };
}

const callback = (github: FakeGitHub, query: Record<string, string>, cookie: string | null, origin = ORIGIN, init: RequestInit = {}) =>
  send(github, `${origin}/admin/callback?${new URLSearchParams(query)}`, { ...init, headers: { ...(cookie ? { Cookie: cookie } : {}), ...(init.headers as Record<string, string>) } });

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

/** The headers every answer of the login carries. */
function expectLoginHeaders(response: Response) {
  expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  expect(response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
  expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
  expect(response.headers.get('Cross-Origin-Opener-Policy')).toBe('unsafe-none');
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

describe('GET /admin/auth', () => {
  test('sends the browser to GitHub with the client id, the repo scope, the callback on the site origin and a state it also sets in a __Host- cookie', async () => {
    const { response, state, cookie } = await startSignIn(fakeGitHub());
    const location = new URL(response.headers.get('Location')!);
    expect(location.origin + location.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(location.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(location.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/admin/callback`);
    expect(location.searchParams.get('scope')).toBe('repo');
    expect(state).toMatch(/^v1\.\d+\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(cookie).toBe(`__Host-editor-login-state=${state}`);
    const attributes = response.headers.get('Set-Cookie')!.split(';').slice(1).map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['max-age=600', 'path=/', 'httponly', 'secure', 'samesite=lax']));
    expect(attributes.some((part) => part.startsWith('domain='))).toBe(false);
    expectLoginHeaders(response);
  });

  test('each sign-in gets a state of its own', async () => {
    const github = fakeGitHub();
    expect((await startSignIn(github)).state).not.toBe((await startSignIn(github)).state);
  });

  test('a provider other than github gets the error handshake, no cookie and no trip to GitHub', async () => {
    const response = await send(fakeGitHub(), `${ORIGIN}/admin/auth?provider=gitlab&site_id=x`);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).errorCode).toBe('UNSUPPORTED_BACKEND');
    expect(response.headers.get('Location')).toBeNull();
    expect(response.headers.get('Set-Cookie')).not.toContain('v1.');
    expectLoginHeaders(response);
  });

  test('without the OAuth secrets it answers "not configured" and the readers’ site is unchanged', async () => {
    const github = fakeGitHub();
    for (const path of ['/admin/auth?provider=github', '/admin/callback?code=x&state=y']) {
      const response = await send(github, `${ORIGIN}${path}`, {}, { SITE_URL: ORIGIN });
      expect(response.status).toBe(503);
      expect((await errorOf(response)).errorCode).toBe('MISCONFIGURED_CLIENT');
      expect(await response.text()).toContain('Editor login is not configured');
      expectLoginHeaders(response);
    }
    expect((await send(github, `${ORIGIN}/`, {}, { SITE_URL: ORIGIN })).status).toBe(200);
    expect(github.requests).toEqual([]);
  });

  test('half a configuration turns the login off and says why in the log, never the values', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const response = await send(fakeGitHub(), `${ORIGIN}/admin/auth?provider=github`, {}, { SITE_URL: ORIGIN, GITHUB_OAUTH_CLIENT_SECRET: CLIENT_SECRET, EDITOR_REPOSITORY: REPOSITORY });
    expect(response.status).toBe(503);
    const logged = warn.mock.calls.map((call) => String(call[0])).join('\n');
    expect(logged).toContain('GITHUB_OAUTH_CLIENT_ID and GITHUB_OAUTH_CLIENT_SECRET go together');
    expect(logged).not.toContain(CLIENT_SECRET);
  });
});

describe('GET /admin/callback', () => {
  test('a person with push access gets the success handshake carrying their token, posted to the site origin only', async () => {
    const github = fakeGitHub();
    const { state, cookie } = await startSignIn(github);
    github.authorize('code-editor', { login: 'editor', scope: 'repo' });
    const response = await callback(github, { code: 'code-editor', state }, cookie);
    expect(response.status).toBe(200);
    const token = github.tokenFor('code-editor')!;
    const handshake = (await handshakeOf(response))!;
    expect(handshake.origin).toBe(ORIGIN);
    expect(handshake.ready).toBe('authorizing:github');
    expect(handshake.result).toBe(`authorization:github:success:${JSON.stringify({ token, provider: 'github' })}`);
    // The state is spent: the cookie is cleared.
    expect(response.headers.get('Set-Cookie')).toMatch(/^__Host-editor-login-state=; Max-Age=0;/);
    // The page's one script is the handshake, allowed by its hash, and it never posts to "*".
    const html = await response.text();
    expect([...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1])).toEqual([HANDSHAKE_SCRIPT]);
    expect(response.headers.get('Content-Security-Policy')).toContain(`script-src ${await sha256Source(HANDSHAKE_SCRIPT)}`);
    expect(HANDSHAKE_SCRIPT).not.toContain("'*'");
    expectLoginHeaders(response);
    // GitHub got the code with the client credentials and the same redirect_uri, and the token was used for the repository.
    const exchange = github.requests.find((request) => request.url === 'https://github.com/login/oauth/access_token')!;
    expect(Object.fromEntries(new URLSearchParams(exchange.body))).toEqual({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, code: 'code-editor', redirect_uri: `${ORIGIN}/admin/callback` });
    expect(github.requests.at(-1)!.url).toBe(`https://api.github.com/repos/${REPOSITORY}`);
  });

  const refusals: [string, (state: string, cookie: string, other: { state: string; cookie: string }) => Promise<[Record<string, string>, string | null]>][] = [
    ['no cookie', async (state) => [{ code: 'code-x', state }, null]],
    ['no state', async (_state, cookie) => [{ code: 'code-x' }, cookie]],
    ['another sign-in’s state', async (_state, cookie, other) => [{ code: 'code-x', state: other.state }, cookie]],
    ['another sign-in’s cookie', async (state, _cookie, other) => [{ code: 'code-x', state }, other.cookie]],
    ['a state and cookie forged alike', async (state) => {
      const forged = state.slice(0, -2) + (state.endsWith('AA') ? 'BB' : 'AA');
      return [{ code: 'code-x', state: forged }, `__Host-editor-login-state=${forged}`];
    }],
    ['a state signed with another secret', async () => {
      const foreign = await issueState('another-deployments-secret', Math.floor(Date.now() / 1000));
      return [{ code: 'code-x', state: foreign }, `__Host-editor-login-state=${foreign}`];
    }],
    ['a state older than ten minutes', async () => {
      const old = await issueState(CLIENT_SECRET, Math.floor(Date.now() / 1000) - 601);
      return [{ code: 'code-x', state: old }, `__Host-editor-login-state=${old}`];
    }],
  ];

  test.each(refusals)('%s is refused with the error handshake, before anything is asked of GitHub', async (_name, build) => {
    const github = fakeGitHub();
    const mine = await startSignIn(github);
    const other = await startSignIn(github);
    github.authorize('code-x', { login: 'editor' });
    const [query, cookie] = await build(mine.state, mine.cookie, other);
    const response = await callback(github, query, cookie);
    expect(response.status).toBe(403);
    expect((await errorOf(response)).errorCode).toBe('CSRF_DETECTED');
    expect(await response.clone().text()).toContain('not started from this browser');
    expect(github.requests).toEqual([]);
    expectLoginHeaders(response);
  });

  test.each([
    ['a person who may only read', 'reader'],
    ['a person who cannot see the private repository', 'stranger'],
  ])('%s gets the error handshake, never the token', async (_name, login) => {
    const github = fakeGitHub();
    const { state, cookie } = await startSignIn(github);
    github.authorize('code-1', { login });
    const response = await callback(github, { code: 'code-1', state }, cookie);
    expect(response.status).toBe(403);
    const error = await errorOf(response);
    expect(error.errorCode).toBe('NO_PUSH_ACCESS');
    expect(error.error).toContain('write access');
    expect(await response.text()).not.toContain(github.tokenFor('code-1')!);
    expectLoginHeaders(response);
  });

  test.each([
    ['the person cancelled on GitHub', 'denied', 403, 'AUTH_CODE_REQUEST_FAILED', false],
    ['GitHub does not know the code', 'unknown-code', 400, 'TOKEN_REQUEST_FAILED', true],
    ['GitHub is down', 'down', 502, 'TOKEN_REQUEST_FAILED', true],
    ['the person granted less than the repo scope', 'narrow-scope', 403, 'INSUFFICIENT_SCOPE', true],
  ] as const)('%s: the error handshake and a readable page', async (_name, situation, status, errorCode, logged) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const github = fakeGitHub();
    const { state, cookie } = await startSignIn(github);
    github.authorize('code-2', { login: 'editor', scope: situation === 'narrow-scope' ? 'public_repo' : 'repo' });
    if (situation === 'down') github.down = true;
    const query: Record<string, string> = situation === 'denied' ? { error: 'access_denied', error_description: 'The user has denied your application access.', state } : { code: situation === 'unknown-code' ? 'code-nobody-issued' : 'code-2', state };
    const response = await callback(github, query, cookie);
    expect(response.status).toBe(status);
    expect((await errorOf(response)).errorCode).toBe(errorCode);
    expect(await response.clone().text()).toContain('<h1>Sign-in failed</h1>');
    expect(response.headers.get('Set-Cookie')).toMatch(/Max-Age=0/);
    expectLoginHeaders(response);
    expect(warn.mock.calls.length > 0).toBe(logged);
    // What the operators read names the failure, never a token.
    for (const call of warn.mock.calls) expect(String(call[0])).not.toMatch(/gho_/);
  });

  test('wrong client credentials are refused by GitHub and logged by GitHub’s error code', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const github = fakeGitHub();
    const vars = { ...LOGIN_VARS, GITHUB_OAUTH_CLIENT_SECRET: 'a-stale-rotated-secret' };
    const auth = await send(github, `${ORIGIN}/admin/auth?provider=github`, {}, vars);
    const state = new URL(auth.headers.get('Location')!).searchParams.get('state')!;
    github.authorize('code-3', { login: 'editor' });
    const ctx = createExecutionContext();
    const response = await createApp({ githubFetch: github.fetch }).fetch(new Request(`${ORIGIN}/admin/callback?code=code-3&state=${state}`, { headers: { Cookie: `__Host-editor-login-state=${state}` } }), { ...env, ...vars }, ctx);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).errorCode).toBe('TOKEN_REQUEST_FAILED');
    expect(String(warn.mock.calls[0]![0])).toContain('incorrect_client_credentials');
    expect(String(warn.mock.calls[0]![0])).not.toContain('a-stale-rotated-secret');
  });
});

describe('the Host a request names', () => {
  test('never changes the callback address GitHub is given nor where the handshake posts the token', async () => {
    const github = fakeGitHub();
    const evil = { headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' } };
    const { response, state, cookie } = await startSignIn(github, 'https://evil.example', evil);
    expect(new URL(response.headers.get('Location')!).searchParams.get('redirect_uri')).toBe(`${ORIGIN}/admin/callback`);
    github.authorize('code-4', { login: 'editor' });
    const answer = await callback(github, { code: 'code-4', state }, cookie, 'https://evil.example', evil);
    expect(answer.status).toBe(200);
    expect((await handshakeOf(answer))!.origin).toBe(ORIGIN);
    expect(await answer.text()).not.toContain('evil.example');
    for (const [name, value] of answer.headers) expect(value, name).not.toContain('evil.example');
  });
});

describe('the language of the sign-in pages', () => {
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
    const headers: Record<string, string> = acceptLanguage ? { 'Accept-Language': acceptLanguage } : {};
    const response = await send(fakeGitHub(), `${ORIGIN}/admin/auth?provider=gitlab&site_id=x`, { headers });
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

  test('the callback answers in the language asked for too, and so does the "not configured" page', async () => {
    const github = fakeGitHub();
    const { state } = await startSignIn(github);
    const french = { headers: { 'Accept-Language': 'fr' } };
    const refused = await callback(github, { code: 'code-x', state }, null, ORIGIN, french);
    expect(refused.status).toBe(403);
    expect(await refused.clone().text()).toContain(`<p>${fr['editor_login.error.bad_state']}</p>`);
    const off = await send(github, `${ORIGIN}/admin/auth?provider=github`, french, { SITE_URL: ORIGIN });
    expect(off.status).toBe(503);
    expect(await off.text()).toContain(fr['editor_login.error.not_configured']);
  });

  test('a signed-in person reads it in their language; the token is posted as before', async () => {
    const github = fakeGitHub();
    const { state, cookie } = await startSignIn(github);
    github.authorize('code-ar', { login: 'editor', scope: 'repo' });
    const response = await callback(github, { code: 'code-ar', state }, cookie, ORIGIN, { headers: { 'Accept-Language': 'ar' } });
    expect(response.status).toBe(200);
    const html = await response.clone().text();
    expect(html).toContain(`<h1>${ar['editor_login.signed_in']}</h1>`);
    expect((await handshakeOf(response))!.result).toBe(`authorization:github:success:${JSON.stringify({ token: github.tokenFor('code-ar'), provider: 'github' })}`);
  });
});
