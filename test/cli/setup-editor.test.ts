// `npm run setup:editor` from the first page to the last line, against a stand-in of GitHub (a
// Node server on 127.0.0.1 answering as GitHub's documentation describes, read 2026-11: the App
// manifest flow's form and redirect, `POST /app-manifests/{code}/conversions`,
// `GET /repos/{owner}/{repo}/installation` and `POST /app/installations/{id}/access_tokens` with
// the App's JWT, `GET /repos/{owner}/{repo}` with an installation token, `GET /users/{login}`) and
// the stub wrangler (test/cli/fake-wrangler.mjs, which keeps only a hash of a secret). The test
// plays the person: it opens the printed page, sends its form to "GitHub", follows GitHub's
// redirect back, and installs the App. Checked: the manifest asks for exactly the three
// permissions and no webhook; a callback with another state changes nothing; the key reaches
// `wrangler secret put` on its standard input and appears in no file and no output; the ids land
// in (a copy of) wrangler.toml; a public repository and an installation on every repository are
// warned about.
import { spawn } from 'node:child_process';
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { unstable_readConfig } from 'wrangler';
import { setupEditor, type WranglerRunner } from '../../scripts/deploy/setup-editor';
// @ts-expect-error: a plain .mjs script without type declarations.
import { setTableValue } from '../../scripts/deploy/setup-cloudflare.mjs';
// @ts-expect-error: a plain .mjs script without type declarations.
import { fakeWrangler as fakeWranglerUntyped, recordedWranglerCalls } from './fake-wrangler.mjs';

const root = join(import.meta.dirname, '../..');
const fakeWrangler = fakeWranglerUntyped as (args: string[], env: NodeJS.ProcessEnv, input?: string) => { status: number; stdout: string; stderr: string };

const APP_ID = 1234567;
const INSTALLATION_ID = 98765432;
/** The App's key as GitHub hands it out: PKCS#1 PEM. Made once; 2048 bits, as GitHub's. */
let pem: string;
let pemLines: string[];

interface RepositorySettings {
  readonly owner: string;
  readonly ownerType: 'Organization' | 'User';
  readonly name: string;
  readonly private: boolean;
  /** What the person picks when installing. */
  readonly selection: 'selected' | 'all';
}

interface StandIn {
  readonly origin: string;
  readonly requests: string[];
  readonly forms: { path: string; state: string; manifest: Record<string, unknown> }[];
  installed: boolean;
  close(): Promise<void>;
}

/** GitHub, as far as the setup meets it. */
async function startGitHub(repository: RepositorySettings): Promise<StandIn> {
  const codes = new Map<string, Record<string, unknown>>();
  let token = '';
  let app: { slug: string } | null = null;
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  const notFound = (response: ServerResponse) => json(response, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' });
  const readBody = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    return text;
  };
  /** The App's JWT: RS256 with the App's key, iss the App's id, at most ten minutes. */
  const validJwt = (request: IncomingMessage) => {
    const [header, payload, signature] = (request.headers.authorization ?? '').replace(/^Bearer /, '').split('.');
    if (!header || !payload || !signature) return false;
    if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'RS256') return false;
    if (!verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), createPublicKey(pem), Buffer.from(signature, 'base64url'))) return false;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { iss: unknown; iat: number; exp: number };
    const now = Date.now() / 1000;
    return String(claims.iss) === String(APP_ID) && claims.iat <= now && claims.exp > now && claims.exp - claims.iat <= 600;
  };
  const standIn: StandIn = { origin: '', requests: [], forms: [], installed: false, close: () => new Promise((done) => server.close(() => done())) };
  const fullName = `${repository.owner}/${repository.name}`;

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    standIn.requests.push(`${request.method} ${url.pathname}`);
    const newApp = repository.ownerType === 'Organization' ? `/organizations/${repository.owner}/settings/apps/new` : '/settings/apps/new';
    if (request.method === 'POST' && url.pathname === newApp) {
      // The person confirms on GitHub's page; GitHub sends the browser back with a code and the state.
      const manifest = JSON.parse(new URLSearchParams(await readBody(request)).get('manifest') ?? 'null') as Record<string, unknown>;
      const state = url.searchParams.get('state') ?? '';
      standIn.forms.push({ path: url.pathname, state, manifest });
      const code = randomBytes(10).toString('hex');
      codes.set(code, manifest);
      response.writeHead(302, { Location: `${manifest.redirect_url as string}?code=${code}&state=${state}` });
      return response.end();
    }
    if (request.method === 'GET' && url.pathname === `/users/${repository.owner}`) return json(response, 200, { login: repository.owner, id: 1, type: repository.ownerType });
    const conversion = /^\/app-manifests\/([^/]+)\/conversions$/.exec(url.pathname);
    if (request.method === 'POST' && conversion) {
      const manifest = codes.get(conversion[1]!);
      if (!manifest) return notFound(response);
      codes.delete(conversion[1]!);
      app = { slug: 'newsroom-content-newsroom-editor' };
      return json(response, 201, {
        id: APP_ID,
        slug: app.slug,
        node_id: 'A_kwDOB',
        client_id: 'Iv23liABCDEF',
        owner: { login: repository.owner, id: 1, type: repository.ownerType },
        name: manifest.name,
        description: manifest.description,
        external_url: manifest.url,
        html_url: `https://github.com/apps/${app.slug}`,
        created_at: '2026-11-24T10:00:00Z',
        updated_at: '2026-11-24T10:00:00Z',
        permissions: manifest.default_permissions,
        events: manifest.default_events,
        installations_count: 0,
        client_secret: 'client-secret',
        webhook_secret: null,
        pem,
      });
    }
    if (request.method === 'GET' && app && url.pathname === `/apps/${app.slug}/installations/new`) {
      standIn.installed = true; // the person picked the repository and pressed Install
      response.writeHead(200, { 'Content-Type': 'text/html' });
      return response.end('<p>Installed</p>');
    }
    if (request.method === 'GET' && url.pathname === `/repos/${fullName}/installation`) {
      if (!validJwt(request)) return json(response, 401, { message: 'A JSON web token could not be decoded', documentation_url: 'https://docs.github.com/rest' });
      if (!standIn.installed) return notFound(response);
      return json(response, 200, {
        id: INSTALLATION_ID,
        account: { login: repository.owner, id: 1, type: repository.ownerType },
        repository_selection: repository.selection,
        access_tokens_url: `https://api.github.com/app/installations/${INSTALLATION_ID}/access_tokens`,
        repositories_url: 'https://api.github.com/installation/repositories',
        html_url: `https://github.com/settings/installations/${INSTALLATION_ID}`,
        app_id: APP_ID,
        app_slug: 'newsroom-content-newsroom-editor',
        target_id: 1,
        target_type: repository.ownerType,
        permissions: { contents: 'write', metadata: 'read', pull_requests: 'write' },
        events: [],
        created_at: '2026-11-24T10:01:00Z',
        updated_at: '2026-11-24T10:01:00Z',
        single_file_name: null,
        suspended_at: null,
      });
    }
    if (request.method === 'POST' && url.pathname === `/app/installations/${INSTALLATION_ID}/access_tokens`) {
      if (!validJwt(request)) return json(response, 401, { message: 'A JSON web token could not be decoded' });
      const asked = JSON.parse(await readBody(request)) as { repositories?: string[]; permissions?: Record<string, string> };
      token = `ghs_${randomBytes(18).toString('hex')}`;
      return json(response, 201, { token, expires_at: new Date(Date.now() + 3600_000).toISOString(), permissions: asked.permissions, repository_selection: 'selected' });
    }
    if (request.method === 'GET' && url.pathname === `/repos/${fullName}`) {
      if (!token || request.headers.authorization !== `Bearer ${token}`) return notFound(response);
      return json(response, 200, { id: 42, node_id: 'R_kgDO', name: repository.name, full_name: fullName, private: repository.private, visibility: repository.private ? 'private' : 'public', owner: { login: repository.owner, type: repository.ownerType }, default_branch: 'main' });
    }
    notFound(response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return Object.assign(standIn, { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}

let work: string;
let config: string;
let original: string;
let github: StandIn | null = null;

/** The recorded wrangler commands, without the --config every one carries. */
const calls = (): string[] => (recordedWranglerCalls as (dir: string) => string[])(work);

const storedSecrets = () => (JSON.parse(readFileSync(join(work, 'account.json'), 'utf8')) as { secrets?: Record<string, Record<string, string>> }).secrets ?? {};
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Every file the run could have written (the work folder: wrangler.toml, the stub's records). */
function filesText(): string {
  return readdirSync(work, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

/** The key, or any line of its body, in `text`. */
function holdsKey(text: string): boolean {
  return text.includes(pem.trim()) || pemLines.some((line) => text.includes(line));
}

/** A run of the setup in this process, its lines collected as they come. */
function startRun(argv: string[], env: Record<string, string>, options: { pollMs?: number; waitMs?: number } = {}) {
  const lines: string[] = [];
  const wrangler: WranglerRunner = (args, { input }) => fakeWrangler(args, { ...process.env, FAKE_WRANGLER_DIR: work }, input);
  const done = setupEditor([...argv, '--config', config], {
    env: { ...process.env, GITHUB_URL: github!.origin, GITHUB_API_URL: github!.origin, EDITOR_REPOSITORY: '', ...env },
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
    wrangler,
    pollMs: options.pollMs ?? 20,
    waitMs: options.waitMs ?? 8000,
  });
  return { lines, done, text: () => lines.join('\n') };
}

async function waitFor<T>(find: () => T | undefined, what: string, ms = 8000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const unescapeHtml = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** The person opens the printed page and reads its form. */
async function openPage(text: () => string) {
  const link = await waitFor(() => /^ {2}(http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(text())?.[1], 'the printed link');
  const html = await (await fetch(link)).text();
  const action = unescapeHtml(/<form action="([^"]+)" method="post">/.exec(html)![1]!);
  const manifest = JSON.parse(unescapeHtml(/name="manifest" value="([^"]+)"/.exec(html)![1]!)) as Record<string, unknown>;
  return { link, action, manifest };
}

/** The person presses the button: the form goes to "GitHub", which answers with its redirect back. */
async function sendForm(action: string, manifest: Record<string, unknown>): Promise<string> {
  const response = await fetch(action, { method: 'POST', body: new URLSearchParams({ manifest: JSON.stringify(manifest) }), redirect: 'manual' });
  expect(response.status).toBe(302);
  return response.headers.get('location')!;
}

beforeAll(() => {
  pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
  pemLines = pem.split('\n').filter((line) => line && !line.startsWith('-----'));
});

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'newsroom-setup-editor-'));
  config = join(work, 'wrangler.toml');
  // The repository's file, with the site's address as an operator would have set it.
  original = setTableValue(readFileSync(join(root, 'wrangler.toml'), 'utf8'), { table: 'vars', key: 'SITE_URL', value: 'https://news.example.com' }) as string;
  writeFileSync(config, original);
});

afterEach(async () => {
  await github?.close();
  github = null;
  rmSync(work, { recursive: true, force: true });
});

describe('setup:editor', () => {
  test('creates the App from a manifest with exactly the editor’s three permissions, stores its key through wrangler’s standard input only, and writes the ids into wrangler.toml', async () => {
    github = await startGitHub({ owner: 'acme', ownerType: 'Organization', name: 'newsroom-content', private: true, selection: 'selected' });
    const run = startRun(['--repository', 'acme/newsroom-content'], {});
    const { link, action, manifest } = await openPage(run.text);

    // The organisation's new-App page, with a random state; the manifest asks for nothing more.
    const state = new URL(action).searchParams.get('state')!;
    expect(action).toBe(`${github.origin}/organizations/acme/settings/apps/new?state=${state}`);
    expect(state).toMatch(/^[0-9a-f]{48}$/);
    expect(manifest).toEqual({
      name: 'newsroom-content newsroom editor',
      url: 'https://news.example.com',
      description: expect.any(String),
      redirect_url: `${link}callback`,
      public: false,
      default_permissions: { contents: 'write', pull_requests: 'write', metadata: 'read' },
      default_events: [],
      hook_attributes: { url: 'https://news.example.com', active: false },
    });

    const back = await sendForm(action, manifest);
    expect(back.startsWith(`${link}callback?code=`)).toBe(true);
    const answer = await fetch(back);
    expect(answer.status).toBe(200);
    const installPage = await answer.text();
    expect(installPage).toContain(`${github.origin}/apps/newsroom-content-newsroom-editor/installations/new`);

    // The person installs it; the setup notices by itself (it asks GitHub every few milliseconds here).
    await fetch(`${github.origin}/apps/newsroom-content-newsroom-editor/installations/new`);
    expect(await run.done).toBe(0);

    // The key: one `wrangler secret put`, the value on its standard input, never among its arguments.
    expect(calls()).toEqual(['secret put GITHUB_APP_PRIVATE_KEY']);
    expect(storedSecrets()).toEqual({ production: { GITHUB_APP_PRIVATE_KEY: sha256(pem.trimEnd()) } });
    expect(holdsKey(readFileSync(join(work, 'calls.jsonl'), 'utf8'))).toBe(false);
    expect(holdsKey(filesText())).toBe(false);
    expect(holdsKey(run.text())).toBe(false);

    // The ids (and the repository named by the flag) in production's [vars]; staging's are left alone.
    const production = unstable_readConfig({ config }).vars;
    const staging = unstable_readConfig({ config, env: 'staging' }).vars;
    expect(production).toMatchObject({ GITHUB_APP_ID: String(APP_ID), GITHUB_APP_INSTALLATION_ID: String(INSTALLATION_ID), EDITOR_REPOSITORY: 'acme/newsroom-content' });
    expect(staging).toMatchObject({ GITHUB_APP_ID: '', GITHUB_APP_INSTALLATION_ID: '' });
    // Nothing else in the file changed.
    const changed = readFileSync(config, 'utf8')
      .split('\n')
      .filter((line) => !original.split('\n').includes(line));
    expect(changed.every((line) => /^(GITHUB_APP_ID|GITHUB_APP_INSTALLATION_ID|EDITOR_REPOSITORY) = "/.test(line))).toBe(true);

    // A private repository, installed on it alone: no warning; then what to set in Access.
    expect(run.text()).not.toContain('WARNING');
    expect(run.text()).toContain('acme/newsroom-content is private');
    expect(run.text()).toContain('public hostname news.example.com, path admin');
    expect(run.text()).toMatch(/ACCESS_TEAM_DOMAIN = .*\n.*ACCESS_AUD = /);
    expect(run.text()).toContain('workers.dev');
    expect(github.requests).toContain('POST /app-manifests/' + new URL(back).searchParams.get('code') + '/conversions');
  });

  test('a callback with another state changes nothing; a public repository and an installation on every repository are warned about', async () => {
    github = await startGitHub({ owner: 'jdoe', ownerType: 'User', name: 'press', private: false, selection: 'all' });
    // A wrangler.toml from before the App: neither environment names its ids yet.
    original = original.replace(/^GITHUB_APP_(ID|INSTALLATION_ID) = .*\r?\n/gm, '');
    writeFileSync(config, original);
    // No polling here: the person's second visit ("I have installed it") makes the setup ask.
    const run = startRun(['--env', 'staging', '--site-url', 'https://staging.news.example.com'], { EDITOR_REPOSITORY: 'jdoe/press' }, { pollMs: 60_000 });
    const { link, action, manifest } = await openPage(run.text);
    expect(action).toMatch(new RegExp(`^${github.origin}/settings/apps/new\\?state=[0-9a-f]{48}$`));
    expect(manifest.name).toBe('press newsroom editor staging');
    const back = await sendForm(action, manifest);

    const forged = new URL(back);
    forged.searchParams.set('state', 'f'.repeat(48));
    const refused = await fetch(forged);
    expect(refused.status).toBe(400);
    expect(github.requests.filter((request) => request.includes('/conversions'))).toEqual([]);
    expect(calls()).toEqual([]);
    expect(readFileSync(config, 'utf8')).toBe(original);
    expect(run.text()).toContain('was refused: nothing changed');

    expect((await fetch(back)).status).toBe(200);
    expect(await (await fetch(`${link}installed`)).text()).toContain('Not installed on jdoe/press yet');
    await fetch(`${github.origin}/apps/newsroom-content-newsroom-editor/installations/new`);
    expect(await (await fetch(`${link}installed`)).text()).toContain('The editor’s App is set up');
    expect(await run.done).toBe(0);

    expect(calls()).toEqual(['secret put GITHUB_APP_PRIVATE_KEY --env staging']);
    expect(storedSecrets()).toEqual({ staging: { GITHUB_APP_PRIVATE_KEY: sha256(pem.trimEnd()) } });
    // Staging's ids; production gets the same variables, empty, so both environments keep naming the same ones.
    const staging = unstable_readConfig({ config, env: 'staging' }).vars;
    expect(staging).toMatchObject({ GITHUB_APP_ID: String(APP_ID), GITHUB_APP_INSTALLATION_ID: String(INSTALLATION_ID) });
    expect(unstable_readConfig({ config }).vars).toMatchObject({ GITHUB_APP_ID: '', GITHUB_APP_INSTALLATION_ID: '' });
    expect(run.text()).toContain('WARNING: jdoe/press is PUBLIC.');
    expect(run.text()).toContain('WARNING: the App is installed on EVERY repository of jdoe');
    expect(holdsKey(run.text())).toBe(false);
    expect(holdsKey(filesText())).toBe(false);
  });

  test('GitHub’s addresses can be replaced only by a stand-in on 127.0.0.1', async () => {
    github = await startGitHub({ owner: 'acme', ownerType: 'Organization', name: 'newsroom-content', private: true, selection: 'selected' });
    for (const [variable, value] of [
      ['GITHUB_API_URL', 'https://github.example.com/api/v3'],
      ['GITHUB_URL', 'http://localhost:9999'],
      ['GITHUB_URL', 'http://10.0.0.1:80'],
    ] as const) {
      const run = startRun(['--repository', 'acme/newsroom-content'], { [variable]: value });
      expect(await run.done).toBe(1);
      expect(run.text()).toContain(`${variable} may only name a stand-in of GitHub on this machine (http://127.0.0.1:PORT)`);
    }
    expect(github.requests).toEqual([]);
    expect(calls()).toEqual([]);
    expect(readFileSync(config, 'utf8')).toBe(original);
  });

  test('the command line, as its own process, hands the key to the wrangler it spawns on that one’s standard input', async () => {
    github = await startGitHub({ owner: 'acme', ownerType: 'Organization', name: 'newsroom-content', private: true, selection: 'selected' });
    const fake = join(work, 'wrangler');
    writeFileSync(fake, `#!/bin/sh\nexec "${process.execPath}" "${join(root, 'test/cli/fake-wrangler.mjs')}" "$@"\n`, { mode: 0o755 });
    const child = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/deploy/setup-editor.ts'), '--repository', 'acme/newsroom-content', '--owner-type', 'organization', '--config', config], {
      cwd: root,
      env: { ...process.env, GITHUB_URL: github.origin, GITHUB_API_URL: github.origin, WRANGLER_BIN: fake, FAKE_WRANGLER_DIR: work, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      const { link, action, manifest } = await openPage(() => output);
      await fetch(await sendForm(action, manifest));
      await fetch(`${github.origin}/apps/newsroom-content-newsroom-editor/installations/new`);
      await fetch(`${link}installed`);
      expect(await exited, output).toBe(0);
    } finally {
      child.kill();
    }
    expect(github.requests).not.toContain('GET /users/acme'); // --owner-type said it
    expect(calls()).toEqual(['secret put GITHUB_APP_PRIVATE_KEY']);
    expect(storedSecrets()).toEqual({ production: { GITHUB_APP_PRIVATE_KEY: sha256(pem.trimEnd()) } });
    expect(holdsKey(output)).toBe(false);
    expect(holdsKey(filesText())).toBe(false);
    expect(unstable_readConfig({ config }).vars).toMatchObject({ GITHUB_APP_ID: String(APP_ID), GITHUB_APP_INSTALLATION_ID: String(INSTALLATION_ID) });
  }, 30_000);
});
