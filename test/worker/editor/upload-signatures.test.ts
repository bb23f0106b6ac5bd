// The editor's Uploadcare upload signatures (POST /admin/uploads/signature; ADR 0042) through the
// whole app, GitHub played by its stand-in (test/fixtures/fake-github.ts): only someone who may
// push to the content repository (or the developer's own machine, without a login) gets one; the
// signature is Uploadcare's HMAC of a near expiry; the secret key never leaves the worker. And the
// editor's page, configuration and policy with uploads on and off.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, test, vi } from 'vitest';
import { createApp } from '#src/app';
import type { AppEnv } from '#src/http/app-env';
import { uploadSignatures, UPLOAD_REFUSALS, VERDICT_SECONDS } from '#src/admin/upload-signature-routes';
import { SIGNATURE_LIFETIME_SECONDS } from '#src/platform/uploadcare/signed-upload';
import { createFakeGitHub, type FakeGitHub } from '../../fixtures/fake-github';
import { ORIGIN } from '../request';

const SIGNATURE_URL = `${ORIGIN}/admin/uploads/signature`;
const CLIENT_ID = 'Ov23liTestClient0002';
const CLIENT_SECRET = '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567';
const REPOSITORY = 'acme/newsroom-content';
const PUBLIC_KEY = 'c0ffee0123456789abcd';
const SECRET_KEY = '5ec4e7c0ffee5ec4e7ab';
const UPLOAD_VARS = { UPLOADCARE_PUBLIC_KEY: PUBLIC_KEY, UPLOADCARE_SECRET_KEY: SECRET_KEY, MEDIA_CDN_URL: 'https://ucarecdn.com' };
const LOGIN_VARS = { SITE_URL: ORIGIN, GITHUB_OAUTH_CLIENT_ID: CLIENT_ID, GITHUB_OAUTH_CLIENT_SECRET: CLIENT_SECRET, EDITOR_REPOSITORY: REPOSITORY };
const ALL_VARS = { ...LOGIN_VARS, ...UPLOAD_VARS };
/** What the editor's page sends with its fetch. */
const FROM_EDITOR = { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' };

function fakeGitHub(): FakeGitHub {
  return createFakeGitHub({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    callbackUrl: `${ORIGIN}/admin/callback`,
    repositories: { [REPOSITORY]: { private: true, collaborators: { editor: { push: true }, reader: { push: false } } } },
  });
}

let codes = 0;
/** A token GitHub issued to `login` (as the sign-in would), with the stand-in's log emptied after. */
async function tokenOf(github: FakeGitHub, login: string): Promise<string> {
  const code = `code-${++codes}`;
  github.authorize(code, { login });
  const response = await github.fetch('https://github.com/login/oauth/access_token', {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, code }),
  });
  const { access_token: token } = (await response.json()) as { access_token: string };
  github.requests.length = 0;
  return token;
}

async function send(github: FakeGitHub, url: string, init: RequestInit = {}, vars: Record<string, unknown> = ALL_VARS): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await createApp({ githubFetch: github.fetch }).fetch(new Request(url, init), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const askForSignature = (github: FakeGitHub, headers: Record<string, string>, vars?: Record<string, unknown>, url = SIGNATURE_URL) => send(github, url, { method: 'POST', headers }, vars);

async function hmacHex(key: string, message: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey('raw', new TextEncoder().encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, new TextEncoder().encode(message)));
  return [...mac].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function expectPrivateJson(response: Response) {
  expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  expect(response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
  expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
  expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(response.headers.get('Set-Cookie')).toBeNull();
}

async function expectRefused(response: Response, refusal: { status: number; message: string }) {
  expect(response.status).toBe(refusal.status);
  expectPrivateJson(response);
  const body = await response.text();
  expect(JSON.parse(body)).toEqual({ message: refusal.message });
  expect(body).not.toContain(SECRET_KEY);
}

describe('with the editor’s GitHub login', () => {
  test('a person who may push gets a signature Uploadcare will take: the HMAC of a near expiry, and nothing else', async () => {
    const log = vi.spyOn(console, 'log');
    const github = fakeGitHub();
    const token = await tokenOf(github, 'editor');
    const before = Math.floor(Date.now() / 1000);
    const response = await askForSignature(github, { ...FROM_EDITOR, Authorization: `Bearer ${token}` });
    expect(response.status).toBe(200);
    expectPrivateJson(response);
    const body = await response.text();
    const answer = JSON.parse(body) as { signature: string; expire: string };
    expect(Object.keys(answer).sort()).toEqual(['expire', 'signature']);
    expect(answer.expire).toMatch(/^\d+$/);
    const expire = Number(answer.expire);
    expect(expire).toBeGreaterThan(before);
    expect(expire).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + SIGNATURE_LIFETIME_SECONDS);
    expect(SIGNATURE_LIFETIME_SECONDS).toBeLessThanOrEqual(15 * 60);
    expect(answer.signature).toBe(await hmacHex(SECRET_KEY, answer.expire));
    expect(body).not.toContain(SECRET_KEY);
    // GitHub was asked with the person's token about the content repository, once.
    expect(github.requests.map((request) => request.url)).toEqual([`https://api.github.com/repos/${REPOSITORY}`]);
    const logged = log.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
    expect(logged).not.toContain(SECRET_KEY);
    expect(logged).not.toContain(token);
  });

  test('a stranger without a token is refused before GitHub is asked', async () => {
    const github = fakeGitHub();
    await expectRefused(await askForSignature(github, FROM_EDITOR), UPLOAD_REFUSALS.notSignedIn);
    await expectRefused(await askForSignature(github, { ...FROM_EDITOR, Authorization: 'token not-a-bearer' }), UPLOAD_REFUSALS.notSignedIn);
    expect(github.requests).toEqual([]);
  });

  test('a token GitHub does not know is refused', async () => {
    const github = fakeGitHub();
    await expectRefused(await askForSignature(github, { ...FROM_EDITOR, Authorization: 'Bearer gho_madeup0000000000000000000000000000' }), UPLOAD_REFUSALS.badToken);
  });

  test.each([
    ['a person who may only read', 'reader'],
    ['a person who cannot see the private repository', 'stranger'],
  ])('%s is refused', async (_name, login) => {
    const github = fakeGitHub();
    const token = await tokenOf(github, login);
    await expectRefused(await askForSignature(github, { ...FROM_EDITOR, Authorization: `Bearer ${token}` }), UPLOAD_REFUSALS.noPushAccess);
  });

  test('GitHub down: a 502 that says so, and no signature', async () => {
    const github = fakeGitHub();
    const token = await tokenOf(github, 'editor');
    github.down = true;
    await expectRefused(await askForSignature(github, { ...FROM_EDITOR, Authorization: `Bearer ${token}` }), UPLOAD_REFUSALS.githubUnavailable);
  });

  test('the verdict is kept a minute: a batch asks GitHub once, and again once the minute is over', async () => {
    const github = fakeGitHub();
    const token = await tokenOf(github, 'editor');
    let now = 1_800_000_000;
    const app = new Hono<AppEnv>().route('/admin', uploadSignatures({ fetch: github.fetch, now: () => now }));
    const ask = async () => {
      const ctx = createExecutionContext();
      const response = await app.fetch(new Request(SIGNATURE_URL, { method: 'POST', headers: { ...FROM_EDITOR, Authorization: `Bearer ${token}` } }), { ...env, ...ALL_VARS }, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    };
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
    expect(github.requests).toHaveLength(1);
    now += VERDICT_SECONDS;
    const later = await ask();
    expect(later.status).toBe(200);
    expect(((await later.json()) as { expire: string }).expire).toBe(String(now + SIGNATURE_LIFETIME_SECONDS));
    expect(github.requests).toHaveLength(2);
  });

  test.each([
    ['another site', { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }],
    ['another site, without Sec-Fetch-Site', { Origin: 'https://evil.example' }],
    ['a sibling host of the same site', { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-site' }],
    ['a request with no Origin (not a page of this site)', {}],
  ])('a request from %s is refused, even with a good token', async (_name, headers) => {
    const github = fakeGitHub();
    const token = await tokenOf(github, 'editor');
    await expectRefused(await askForSignature(github, { ...headers, Authorization: `Bearer ${token}` }), UPLOAD_REFUSALS.notFromEditor);
    expect(github.requests).toEqual([]);
  });

  test('only POST: GET is 405', async () => {
    const response = await send(fakeGitHub(), SIGNATURE_URL, { headers: FROM_EDITOR });
    await response.arrayBuffer();
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toContain('POST');
  });

  test('a client over the limit gets a 429 with Retry-After, and GitHub is not asked', async () => {
    const github = fakeGitHub();
    const token = await tokenOf(github, 'editor');
    const overLimit = { limit: async () => ({ success: false }) };
    const response = await askForSignature(github, { ...FROM_EDITOR, Authorization: `Bearer ${token}`, 'CF-Connecting-IP': '203.0.113.9' }, { ...ALL_VARS, RENDER_LIMITER: overLimit });
    expect(response.headers.get('Retry-After')).toBe('60');
    await expectRefused(response, UPLOAD_REFUSALS.tooMany);
    expect(github.requests).toEqual([]);
  });
});

describe('without the editor’s GitHub login', () => {
  test('a deployed worker gives no signature to anyone', async () => {
    await expectRefused(await askForSignature(fakeGitHub(), FROM_EDITOR, { SITE_URL: ORIGIN, ...UPLOAD_VARS }), UPLOAD_REFUSALS.noLogin);
  });

  test('npm start’s worker on the developer’s machine gives one to its own page', async () => {
    const local = 'http://localhost:8787';
    const response = await askForSignature(fakeGitHub(), { Origin: local, 'Sec-Fetch-Site': 'same-origin' }, { ...UPLOAD_VARS, LOCAL_DEVELOPMENT: 'true' }, `${local}/admin/uploads/signature`);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { signature: string; expire: string };
    expect(answer.signature).toBe(await hmacHex(SECRET_KEY, answer.expire));
  });

  test('LOCAL_DEVELOPMENT on a public host name is not a developer’s machine', async () => {
    await expectRefused(await askForSignature(fakeGitHub(), FROM_EDITOR, { ...UPLOAD_VARS, LOCAL_DEVELOPMENT: 'true' }), UPLOAD_REFUSALS.noLogin);
  });
});

describe('without Uploadcare uploads configured', () => {
  test('no signature, 503', async () => {
    const github = fakeGitHub();
    const token = await tokenOf(github, 'editor');
    await expectRefused(await askForSignature(github, { ...FROM_EDITOR, Authorization: `Bearer ${token}` }, LOGIN_VARS), UPLOAD_REFUSALS.notConfigured);
  });

  test('half a configuration says why in the log, never the key', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const response = await askForSignature(fakeGitHub(), FROM_EDITOR, { ...LOGIN_VARS, UPLOADCARE_SECRET_KEY: SECRET_KEY, MEDIA_CDN_URL: 'https://ucarecdn.com' });
    await expectRefused(response, UPLOAD_REFUSALS.notConfigured);
    const logged = warn.mock.calls.map((call) => String(call[0])).join('\n');
    expect(logged).toContain('UPLOADCARE_PUBLIC_KEY and UPLOADCARE_SECRET_KEY go together');
    expect(logged).not.toContain(SECRET_KEY);
  });

  test('keys without MEDIA_CDN_URL leave uploads off: the site would not serve what the editor uploaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expectRefused(await askForSignature(fakeGitHub(), FROM_EDITOR, { ...LOGIN_VARS, UPLOADCARE_PUBLIC_KEY: PUBLIC_KEY, UPLOADCARE_SECRET_KEY: SECRET_KEY }), UPLOAD_REFUSALS.notConfigured);
    expect(String(warn.mock.calls[0]![0])).toContain('MEDIA_CDN_URL');
  });
});

type Field = { name: string; widget: string; fields?: Field[]; field?: Field; [key: string]: unknown };
type Config = { collections: { name: string; fields?: Field[]; files?: { fields: Field[] }[] }[] };

function mediaFields(config: Config): Field[] {
  const found: Field[] = [];
  const walk = (fields: Field[] | undefined) => {
    for (const field of fields ?? []) {
      if (/image|file/.test(field.widget)) found.push(field);
      walk(field.fields);
      if (field.field) walk([field.field]);
    }
  };
  for (const collection of config.collections) {
    walk(collection.fields);
    for (const file of collection.files ?? []) walk(file.fields);
  }
  return found;
}

async function configOf(vars: Record<string, unknown>): Promise<Config> {
  const text = await (await send(fakeGitHub(), `${ORIGIN}/admin/config.yml`, {}, vars)).text();
  expect(text).not.toContain(SECRET_KEY);
  return JSON.parse(text.replace(/^#.*\n/, '')) as Config;
}

describe('the editor with uploads on and off', () => {
  test('on: every image and file field uploads to Uploadcare, with the public key, the Upload API, the CDN and where to ask for a signature', async () => {
    const fields = mediaFields(await configOf(ALL_VARS));
    expect(fields.length).toBeGreaterThan(5);
    for (const field of fields) {
      expect(field.widget, field.name).toMatch(/^uploadcare-(image|file)$/);
      expect(field).toMatchObject({ public_key: PUBLIC_KEY, upload_url: 'https://upload.uploadcare.com', cdn_url: 'https://ucarecdn.com', signature_url: '/admin/uploads/signature', media_folder: '/content/demo/media' });
    }
    expect(fields.find((field) => field.name === 'cover')!.widget).toBe('uploadcare-image');
  });

  test('off: the fields are Sveltia’s own, writing to media/, as the generated configuration has them', async () => {
    const fields = mediaFields(await configOf(LOGIN_VARS));
    for (const field of fields) {
      expect(field.widget, field.name).toMatch(/^(image|file)$/);
      expect(field).not.toHaveProperty('public_key');
    }
  });

  test('on: the page hands the body blocks their settings, and its policy allows the Upload API and the CDN; off: neither', async () => {
    const on = await send(fakeGitHub(), `${ORIGIN}/admin/`, {}, { ...ALL_VARS, UPLOADCARE_UPLOAD_URL: 'https://upload.example.net/' });
    const html = await on.text();
    const block = /<script type="application\/json" id="editor-uploads">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(block![1]!)).toEqual({ public_key: PUBLIC_KEY, upload_url: 'https://upload.example.net', cdn_url: 'https://ucarecdn.com', signature_url: '/admin/uploads/signature' });
    expect(html).not.toContain(SECRET_KEY);
    const policy = on.headers.get('Content-Security-Policy')!;
    expect(policy).toMatch(/connect-src [^;]*https:\/\/upload\.example\.net(;| )/);
    expect(policy).toMatch(/img-src [^;]*https:\/\/ucarecdn\.com/);

    const off = await send(fakeGitHub(), `${ORIGIN}/admin/`, {}, { ...LOGIN_VARS, MEDIA_CDN_URL: 'https://ucarecdn.com' });
    const offHtml = await off.text();
    expect(offHtml).not.toContain('editor-uploads');
    expect(off.headers.get('Content-Security-Policy')).not.toContain('upload');
  });
});
