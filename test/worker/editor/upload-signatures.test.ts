// The editor's Uploadcare upload signatures (POST /admin/uploads/signature; ADR 0042) through the
// whole app, Cloudflare Access played by its stand-in (test/fixtures/fake-access.ts): only a
// person the door let in (an Access token, or the developer's own machine under npm start) who
// holds the editor role (EDITOR_EDITORS) gets one, from the editor's own page; the signature is
// Uploadcare's HMAC of a near expiry; the secret key never leaves the worker. And the editor's
// page, configuration and policy with uploads on and off.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { createApp } from '#src/app';
import { ACCESS_HEADER, DOOR_TEXTS, type AdminEnv, type AdminPerson } from '#src/admin/admin-door';
import { uploadSignatures, UPLOAD_REFUSALS } from '#src/admin/upload-signature-routes';
import { SIGNATURE_LIFETIME_SECONDS } from '#src/platform/uploadcare/signed-upload';
import { createFakeAccess, type FakeAccess } from '../../fixtures/fake-access';
import { ORIGIN } from '../request';

const SIGNATURE_URL = `${ORIGIN}/admin/uploads/signature`;
const PUBLIC_KEY = 'c0ffee0123456789abcd';
const SECRET_KEY = '5ec4e7c0ffee5ec4e7ab';
const UPLOAD_VARS = { UPLOADCARE_PUBLIC_KEY: PUBLIC_KEY, UPLOADCARE_SECRET_KEY: SECRET_KEY, MEDIA_CDN_URL: 'https://ucarecdn.com' };
/** Whom the stand-in's tokens name unless told otherwise. */
const PRESS_OFFICER = 'press.officer@northwind.example';
/** What the editor's page sends with its fetch. */
const FROM_EDITOR = { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' };

let access: FakeAccess;
let accessVars: Record<string, string>;
const allVars = (): Record<string, unknown> => ({ ...accessVars, ...UPLOAD_VARS });

beforeAll(async () => {
  access = await createFakeAccess();
  accessVars = { ACCESS_TEAM_DOMAIN: access.teamDomain, ACCESS_AUD: access.audience };
});

/** The Access header of a person signed in as `email`. */
const signedIn = async (email = PRESS_OFFICER): Promise<Record<string, string>> => ({ [ACCESS_HEADER]: await access.token({ email }) });

async function send(url: string, init: RequestInit = {}, vars: Record<string, unknown> = allVars()): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await createApp({ accessFetch: access.fetch }).fetch(new Request(url, init), { ...env, ...vars }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const askForSignature = (headers: Record<string, string>, vars?: Record<string, unknown>, url = SIGNATURE_URL) => send(url, { method: 'POST', headers }, vars);

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

/** The door's refusal, in JSON as the editor's script reads it: no signature. */
async function expectDoorRefusal(response: Response, title: string = DOOR_TEXTS.refusedTitle) {
  expect(response.status).toBe(403);
  expectPrivateJson(response);
  const body = await response.text();
  expect((JSON.parse(body) as { message: string }).message).toContain(title);
  expect(Object.keys(JSON.parse(body) as object)).toEqual(['message']);
  expect(body).not.toContain(SECRET_KEY);
}

/** Refusals are logged: the door's as warnings, the route's as `editor_upload_refused` lines. */
function logs() {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const log = vi.spyOn(console, 'log');
  const lines = (spy: typeof warn) => spy.mock.calls.map((call) => String(call[0])).filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
  return { warnings: () => lines(warn), events: (event: string) => lines(log).filter((line) => line.event === event), text: () => [...warn.mock.calls, ...log.mock.calls].map((call) => call.map(String).join(' ')).join('\n') };
}

describe('a person the door let in', () => {
  test('with the editor role (no lists: everyone the door lets in) gets a signature Uploadcare will take: the HMAC of a near expiry, and nothing else', async () => {
    const logged = logs();
    const headers = await signedIn();
    const before = Math.floor(Date.now() / 1000);
    const response = await askForSignature({ ...FROM_EDITOR, ...headers });
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
    // What the operators read holds neither the secret key nor the person's Access token.
    expect(logged.text()).not.toContain(SECRET_KEY);
    expect(logged.text()).not.toContain(headers[ACCESS_HEADER]!);
    expect(logged.events('editor_upload_refused')).toEqual([]);
  });

  test.each([
    ['named in EDITOR_EDITORS', { EDITOR_EDITORS: `someone@else.example, ${PRESS_OFFICER}` }],
    ['of an @domain in EDITOR_EDITORS, in other capitals', { EDITOR_EDITORS: '@NorthWind.example' }],
    ['a publisher not named among the editors (a publisher is an editor too)', { EDITOR_EDITORS: 'someone@else.example', EDITOR_PUBLISHERS: PRESS_OFFICER }],
    ['of any name with only a publishers list (everyone edits)', { EDITOR_PUBLISHERS: 'chief@northwind.example' }],
  ])('%s gets one', async (_name, roles) => {
    const response = await askForSignature({ ...FROM_EDITOR, ...(await signedIn()) }, { ...allVars(), ...roles });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { signature: string; expire: string };
    expect(answer.signature).toBe(await hmacHex(SECRET_KEY, answer.expire));
  });

  test.each([
    ['not in EDITOR_EDITORS', { EDITOR_EDITORS: 'anna@northwind.example, @press.example' }, PRESS_OFFICER],
    ['of a domain that only ends like a listed one', { EDITOR_EDITORS: '@northwind.example' }, 'mallory@evilnorthwind.example'],
  ])('%s is refused: not an editor', async (_name, roles, email) => {
    const logged = logs();
    await expectRefused(await askForSignature({ ...FROM_EDITOR, ...(await signedIn(email)) }, { ...allVars(), ...roles }), UPLOAD_REFUSALS.notAnEditor);
    expect(logged.events('editor_upload_refused')).toEqual([{ event: 'editor_upload_refused', reason: 'not_an_editor' }]);
  });

  test('a malformed list gives nobody the role, rather than everyone, and the log says why', async () => {
    const logged = logs();
    await expectRefused(await askForSignature({ ...FROM_EDITOR, ...(await signedIn()) }, { ...allVars(), EDITOR_EDITORS: `${PRESS_OFFICER}; anna@northwind.example` }), UPLOAD_REFUSALS.notAnEditor);
    expect(logged.events('editor_upload_refused')).toEqual([{ event: 'editor_upload_refused', reason: 'not_an_editor', detail: expect.stringContaining('EDITOR_EDITORS: must be e-mail addresses or @domains') }]);
  });

  test.each([
    ['another site', { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }],
    ['another site, without Sec-Fetch-Site', { Origin: 'https://evil.example' }],
    ['a sibling host of the same site', { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-site' }],
    ['a request with no Origin (not a page of this site)', {}],
  ])('a request from %s is refused at the door, even with a good token', async (_name, headers) => {
    const logged = logs();
    await expectDoorRefusal(await askForSignature({ ...headers, ...(await signedIn()) }), DOOR_TEXTS.crossSiteTitle);
    expect(logged.warnings()).toEqual([{ event: 'admin_refused', reason: 'cross_site_write', path: '/admin/uploads/signature' }]);
  });

  test('only POST: GET is 405', async () => {
    const response = await send(SIGNATURE_URL, { headers: { ...FROM_EDITOR, ...(await signedIn()) } });
    await response.arrayBuffer();
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toContain('POST');
  });

  test('a client over the uploads’ limit gets a 429 with Retry-After, and no signature', async () => {
    const limited: string[] = [];
    const uploadsOverLimit = { limit: async ({ key }: { key: string }) => (limited.push(key), { success: !key.startsWith('editor-uploads:') }) };
    const response = await askForSignature({ ...FROM_EDITOR, ...(await signedIn()), 'CF-Connecting-IP': '203.0.113.9' }, { ...allVars(), RENDER_LIMITER: uploadsOverLimit });
    expect(response.headers.get('Retry-After')).toBe('60');
    await expectRefused(response, UPLOAD_REFUSALS.tooMany);
    expect(limited).toEqual(['admin:203.0.113.9', 'editor-uploads:203.0.113.9']);
  });

  test('a client over the door’s limit is stopped there: 429, no signature', async () => {
    const overLimit = { limit: async () => ({ success: false }) };
    const response = await askForSignature({ ...FROM_EDITOR, ...(await signedIn()), 'CF-Connecting-IP': '203.0.113.9' }, { ...allVars(), RENDER_LIMITER: overLimit });
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('60');
    const body = await response.text();
    expect(body).not.toMatch(/"signature"|"expire"/);
    expect(body).not.toContain(SECRET_KEY);
  });
});

describe('the upload signatures behind the door, on their own', () => {
  const PERSON: AdminPerson = { email: PRESS_OFFICER, name: 'Press Officer', local: false };
  function mounted(now: () => number) {
    return new Hono<AdminEnv>()
      .use('*', async (c, next) => {
        c.set('person', PERSON);
        await next();
      })
      .route('/admin', uploadSignatures({ now }));
  }
  const ask = async (app: Hono<AdminEnv>, headers: Record<string, string>, vars: Record<string, unknown> = UPLOAD_VARS) => {
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(SIGNATURE_URL, { method: 'POST', headers }), { ...env, ...vars }, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  };

  test('the signature expires a fixed lifetime after the clock’s now', async () => {
    let now = 1_800_000_000;
    const app = mounted(() => now);
    const first = (await (await ask(app, FROM_EDITOR)).json()) as { signature: string; expire: string };
    expect(first).toEqual({ expire: String(now + SIGNATURE_LIFETIME_SECONDS), signature: await hmacHex(SECRET_KEY, String(now + SIGNATURE_LIFETIME_SECONDS)) });
    now += 90;
    const later = (await (await ask(app, FROM_EDITOR)).json()) as { expire: string };
    expect(later.expire).toBe(String(now + SIGNATURE_LIFETIME_SECONDS));
  });

  test.each([
    ['another site', { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }],
    ['a sibling host of the same site', { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-site' }],
    ['a request with no Origin', {}],
  ])('still refuses a request from %s by itself, should the door ever let one through', async (_name, headers) => {
    await expectRefused(await ask(mounted(() => 1_800_000_000), headers), UPLOAD_REFUSALS.notFromEditor);
  });
});

describe('without an Access sign-in', () => {
  test('no token: the door’s 403, no signature', async () => {
    const logged = logs();
    await expectDoorRefusal(await askForSignature(FROM_EDITOR));
    expect(logged.warnings()).toEqual([{ event: 'admin_refused', reason: 'no_token', path: '/admin/uploads/signature' }]);
  });

  test('a deployed worker without Access configured gives no signature to anyone, whatever the token', async () => {
    const logged = logs();
    await expectDoorRefusal(await askForSignature({ ...FROM_EDITOR, ...(await signedIn()) }, UPLOAD_VARS));
    expect(logged.warnings().map((line) => [line.event, line.reason])).toEqual([['admin_refused', 'not_configured']]);
  });

  test('npm start’s worker on the developer’s machine gives one to its own page', async () => {
    const local = 'http://localhost:8787';
    const response = await askForSignature({ Origin: local, 'Sec-Fetch-Site': 'same-origin' }, { ...UPLOAD_VARS, LOCAL_DEVELOPMENT: 'true' }, `${local}/admin/uploads/signature`);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { signature: string; expire: string };
    expect(answer.signature).toBe(await hmacHex(SECRET_KEY, answer.expire));
  });

  test('LOCAL_DEVELOPMENT on a public host name is not a developer’s machine', async () => {
    logs();
    await expectDoorRefusal(await askForSignature(FROM_EDITOR, { ...allVars(), LOCAL_DEVELOPMENT: 'true' }));
    await expectDoorRefusal(await askForSignature(FROM_EDITOR, { ...UPLOAD_VARS, LOCAL_DEVELOPMENT: 'true' }));
  });
});

describe('without Uploadcare uploads configured', () => {
  test('no signature, 503', async () => {
    await expectRefused(await askForSignature({ ...FROM_EDITOR, ...(await signedIn()) }, accessVars), UPLOAD_REFUSALS.notConfigured);
  });

  test('half a configuration says why in the log, never the key', async () => {
    const logged = logs();
    const response = await askForSignature({ ...FROM_EDITOR, ...(await signedIn()) }, { ...accessVars, UPLOADCARE_SECRET_KEY: SECRET_KEY, MEDIA_CDN_URL: 'https://ucarecdn.com' });
    await expectRefused(response, UPLOAD_REFUSALS.notConfigured);
    expect(logged.warnings()).toEqual([{ event: 'editor_uploads_not_configured', problem: expect.stringContaining('UPLOADCARE_PUBLIC_KEY and UPLOADCARE_SECRET_KEY go together') }]);
    expect(logged.text()).not.toContain(SECRET_KEY);
  });

  test('keys without MEDIA_CDN_URL leave uploads off: the site would not serve what the editor uploaded', async () => {
    const logged = logs();
    await expectRefused(await askForSignature({ ...FROM_EDITOR, ...(await signedIn()) }, { ...accessVars, UPLOADCARE_PUBLIC_KEY: PUBLIC_KEY, UPLOADCARE_SECRET_KEY: SECRET_KEY }), UPLOAD_REFUSALS.notConfigured);
    expect(String(logged.warnings()[0]!.problem)).toContain('MEDIA_CDN_URL');
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
  const text = await (await send(`${ORIGIN}/admin/config.yml`, { headers: await signedIn() }, vars)).text();
  expect(text).not.toContain(SECRET_KEY);
  return JSON.parse(text.replace(/^#.*\n/, '')) as Config;
}

describe('the editor with uploads on and off', () => {
  test('on: every image and file field uploads to Uploadcare, with the public key, the Upload API, the CDN and where to ask for a signature', async () => {
    const fields = mediaFields(await configOf(allVars()));
    expect(fields.length).toBeGreaterThan(5);
    for (const field of fields) {
      expect(field.widget, field.name).toMatch(/^uploadcare-(image|file)$/);
      expect(field).toMatchObject({ public_key: PUBLIC_KEY, upload_url: 'https://upload.uploadcare.com', cdn_url: 'https://ucarecdn.com', signature_url: '/admin/uploads/signature', media_folder: '/content/demo/media' });
    }
    expect(fields.find((field) => field.name === 'cover')!.widget).toBe('uploadcare-image');
  });

  test('off: the fields are Sveltia’s own, writing to media/, as the generated configuration has them', async () => {
    const fields = mediaFields(await configOf(accessVars));
    for (const field of fields) {
      expect(field.widget, field.name).toMatch(/^(image|file)$/);
      expect(field).not.toHaveProperty('public_key');
    }
  });

  test('on: the page hands the body blocks their settings, and its policy allows the Upload API and the CDN; off: neither', async () => {
    const on = await send(`${ORIGIN}/admin/`, { headers: await signedIn() }, { ...allVars(), UPLOADCARE_UPLOAD_URL: 'https://upload.example.net/' });
    const html = await on.text();
    const block = /<script type="application\/json" id="editor-uploads">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(block![1]!)).toEqual({ public_key: PUBLIC_KEY, upload_url: 'https://upload.example.net', cdn_url: 'https://ucarecdn.com', signature_url: '/admin/uploads/signature' });
    expect(html).not.toContain(SECRET_KEY);
    const policy = on.headers.get('Content-Security-Policy')!;
    expect(policy).toMatch(/connect-src [^;]*https:\/\/upload\.example\.net(;| )/);
    expect(policy).toMatch(/img-src [^;]*https:\/\/ucarecdn\.com/);

    const off = await send(`${ORIGIN}/admin/`, { headers: await signedIn() }, { ...accessVars, MEDIA_CDN_URL: 'https://ucarecdn.com' });
    const offHtml = await off.text();
    expect(offHtml).not.toContain('editor-uploads');
    expect(off.headers.get('Content-Security-Policy')).not.toContain('upload');
  });
});
