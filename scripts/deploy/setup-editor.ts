// `npm run setup:editor [-- --env staging] [--repository owner/name] [--site-url https://…]
//   [--owner-type organization|user] [--name "…"] [--port N] [--config path/to/wrangler.toml]`
//
// Creates the editor's GitHub App through GitHub's App manifest flow and stores its settings
// (docs/operations.md, "The press office's door and the editor's GitHub App"; ADR 0051):
//
//   1. serves, on 127.0.0.1 only, a page with one button: a form that sends the App's manifest to
//      GitHub (permissions contents: write, pull_requests: write, metadata: read; no webhook; not
//      public), with a random `state`;
//   2. GitHub sends the browser back to /callback with a code (and that state: any other state is
//      refused and changes nothing); the code becomes the App (`POST /app-manifests/{code}/conversions`),
//      whose private key goes straight to the Worker secret GITHUB_APP_PRIVATE_KEY through
//      `wrangler secret put`'s standard input: never on a command line, into a file or onto the screen;
//      GITHUB_APP_ID goes into wrangler.toml's [vars] (EDITOR_REPOSITORY too when it came from a flag);
//   3. waits for the person to install the App on the one repository (it asks GitHub every few
//      seconds, and when the page's "I have installed it" link is opened), then writes
//      GITHUB_APP_INSTALLATION_ID, and warns loudly when the installation covers every repository
//      or the repository is public (embargoed stories are committed there before their release);
//   4. prints what to set up in Cloudflare Access in front of /admin.
//
// Prompt-free like the other deploy scripts: settings come from flags, EDITOR_REPOSITORY from the
// environment, else wrangler.toml's [vars] of the environment. GITHUB_URL and GITHUB_API_URL name a
// stand-in of GitHub for the tests and are accepted only on http://127.0.0.1; WRANGLER_BIN names
// another wrangler executable (the tests' stub), as for setup:cloudflare.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { appJwt, EDITOR_PERMISSIONS, githubHeaders } from '#src/platform/github/app-client';
// @ts-expect-error: a plain .mjs script without type declarations.
import { environmentLabel, hasEnvironment, runWrangler, setTableValue, varsTables, wranglerBin } from './setup-cloudflare.mjs';
// @ts-expect-error: a plain .mjs script without type declarations.
import { GITHUB_API_ORIGIN, GITHUB_WEB_ORIGIN, githubOrigin, publicRepositoryWarning, REPOSITORY_PATTERN } from './github.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** GitHub refuses App names longer than this. */
const MAX_APP_NAME = 34;
const REQUEST_TIMEOUT_MS = 15_000;

export interface WranglerResult {
  status: number;
  stdout: string;
  stderr: string;
}
/** Runs one wrangler command; `input` is its standard input. */
export type WranglerRunner = (args: string[], options: { input?: string }) => WranglerResult;

export interface SetupEditorOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly out?: (line: string) => void;
  readonly err?: (line: string) => void;
  /** Default: the WRANGLER_BIN executable, else the project's own. */
  readonly wrangler?: WranglerRunner;
  /** How often GitHub is asked whether the App is installed. */
  readonly pollMs?: number;
  /** How long the run waits for each of the person's two steps (creating, installing). */
  readonly waitMs?: number;
}

interface Settings {
  configPath: string;
  env: string | undefined;
  repository: { owner: string; name: string };
  repositoryFromFlag: boolean;
  siteUrl: string;
  ownerType: 'organization' | 'user' | undefined;
  name: string | undefined;
  port: number;
  workerName: string;
}

/** The App as GitHub's manifest conversion answers it (fields this script reads). */
interface CreatedApp {
  id: number;
  slug: string;
  name: string;
  html_url: string;
  pem: string;
  permissions?: Record<string, string>;
  events?: string[];
}

class SetupError extends Error {}

/** The App's manifest: what GitHub creates, and nothing it could be asked for later. */
function appManifest({ name, siteUrl, redirectUrl }: { name: string; siteUrl: string; redirectUrl: string }) {
  return {
    name,
    url: siteUrl,
    description: `The press office's editor at ${siteUrl}/admin: it commits to the newsroom's content repository through this App.`,
    redirect_url: redirectUrl,
    public: false,
    default_permissions: { ...EDITOR_PERMISSIONS },
    default_events: [] as string[],
    hook_attributes: { url: siteUrl, active: false },
  };
}

/** The default App name, `<repository> newsroom editor`, within GitHub's limit. */
function defaultAppName(repositoryName: string, env: string | undefined): string {
  const suffix = ` newsroom editor${env ? ` ${env}` : ''}`;
  return `${repositoryName.slice(0, Math.max(1, MAX_APP_NAME - suffix.length))}${suffix}`.slice(0, MAX_APP_NAME);
}

async function readSettings(argv: string[], env: NodeJS.ProcessEnv): Promise<Settings> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        env: { type: 'string' },
        config: { type: 'string' },
        repository: { type: 'string' },
        'site-url': { type: 'string' },
        'owner-type': { type: 'string' },
        name: { type: 'string' },
        port: { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new SetupError((error as Error).message);
  }
  const configPath = values.config ? (isAbsolute(values.config) ? values.config : resolve(process.cwd(), values.config)) : join(root, 'wrangler.toml');
  const environment = values.env || undefined;
  const text = readFileSync(configPath, 'utf8');
  if (environment && !hasEnvironment(text, environment)) throw new SetupError(`${relative(root, configPath) || configPath} has no [env.${environment}]`);
  const { unstable_readConfig } = await import('wrangler');
  const config = unstable_readConfig({ config: configPath, env: environment });
  const vars = config.vars as Record<string, unknown>;
  const fileValue = (name: string) => (typeof vars[name] === 'string' ? (vars[name] as string).trim() : '');

  const repositoryFlag = (values.repository ?? env.EDITOR_REPOSITORY ?? '').trim();
  const repository = repositoryFlag || fileValue('EDITOR_REPOSITORY');
  if (!repository) throw new SetupError('Name the content repository: --repository owner/name (or EDITOR_REPOSITORY in the environment or in wrangler.toml [vars]).');
  if (!REPOSITORY_PATTERN.test(repository)) throw new SetupError(`The repository must be owner/name, not "${repository}".`);
  const [owner, name] = repository.split('/') as [string, string];

  const site = (values['site-url'] ?? '').trim() || fileValue('SITE_URL');
  if (!site) throw new SetupError(`Set SITE_URL in wrangler.toml [vars]${environment ? ` of [env.${environment}]` : ''} (the site's address, e.g. https://news.example.com), or pass --site-url.`);
  let siteUrl: URL;
  try {
    siteUrl = new URL(site);
  } catch {
    throw new SetupError(`SITE_URL is not an address: "${site}".`);
  }
  if (siteUrl.protocol !== 'https:' || siteUrl.origin !== site.replace(/\/+$/, '')) throw new SetupError(`SITE_URL must be the site's https origin, like https://news.example.com (no path), not "${site}".`);

  const ownerType = values['owner-type'];
  if (ownerType !== undefined && ownerType !== 'organization' && ownerType !== 'user') throw new SetupError('--owner-type is organization or user.');
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new SetupError(`--port must be a port number, not "${values.port}".`);
  const appName = values.name?.trim();
  if (appName !== undefined && (appName === '' || appName.length > MAX_APP_NAME)) throw new SetupError(`--name must be 1 to ${MAX_APP_NAME} characters (GitHub's limit).`);

  return { configPath, env: environment, repository: { owner, name }, repositoryFromFlag: repositoryFlag !== '', siteUrl: siteUrl.origin, ownerType, name: appName, port, workerName: config.name ?? 'the worker' };
}

/** One request to GitHub: its status and JSON body; status 0 (with the reason as `message`) when GitHub did not answer. */
async function github(url: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> | null }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    return { status: 0, body: { message: `no answer (${(error as Error).message})` } };
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: response.status, body: body && typeof body === 'object' ? body : null };
}

const plainHeaders = () => {
  const { Authorization: _none, ...headers } = githubHeaders('');
  return headers;
};
const messageOf = (body: Record<string, unknown> | null) => (typeof body?.message === 'string' ? `: ${body.message}` : '');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(response: ServerResponse, status: number, title: string, bodyHtml: string, formAction = GITHUB_WEB_ORIGIN): void {
  response.writeHead(status, {
    // The one form goes to GitHub (or the tests' stand-in); nothing else loads or leaves.
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    // Each page is one request: no connection outlives it, so the server closes as soon as the setup ends.
    Connection: 'close',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}`,
  });
  response.end(`<!doctype html><html lang="en"><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>body{font:1.1rem/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1.2rem}</style><h1>${escapeHtml(title)}</h1>${bodyHtml}</html>`);
}

const LOUD = '!'.repeat(78);

/**
 * The whole setup, as `npm run setup:editor` runs it with `argv`; answers its exit code. Lines go
 * to `out` (and warnings to `err`); neither ever gets the App's private key.
 */
export async function setupEditor(argv: string[], { env = process.env, out = console.log, err = console.error, wrangler, pollMs = 5000, waitMs = 60 * 60 * 1000 }: SetupEditorOptions = {}): Promise<number> {
  const runWranglerCommand: WranglerRunner = wrangler ?? ((args, { input }) => runWrangler(args, { bin: wranglerBin(env), input }) as WranglerResult);
  let settings: Settings;
  let web: string;
  let api: string;
  try {
    settings = await readSettings(argv, env);
    web = githubOrigin(env, 'GITHUB_URL', GITHUB_WEB_ORIGIN);
    api = githubOrigin(env, 'GITHUB_API_URL', GITHUB_API_ORIGIN);
  } catch (error) {
    err(`setup:editor failed: ${(error as Error).message}`);
    return 1;
  }
  const { owner, name: repositoryName } = settings.repository;
  const fullName = `${owner}/${repositoryName}`;
  const label = environmentLabel(settings.env);
  const envArgs = settings.env ? ['--env', settings.env] : [];
  const configName = relative(root, settings.configPath) || settings.configPath;

  /** Writes `key = "value"` into the environment's [vars] (and an empty one into any other [vars] lacking it, so the environments keep the same variables). */
  const writeVar = (key: string, value: string) => {
    const before = readFileSync(settings.configPath, 'utf8');
    const target = settings.env ? `env.${settings.env}.vars` : 'vars';
    let text = before;
    for (const table of varsTables(before) as string[]) {
      const has = new RegExp(`^\\s*${key}\\s*=`, 'm').test(tableText(text, table));
      if (table === target) text = setTableValue(text, { table, key, value, after: 'EDITOR_REPOSITORY' });
      else if (!has) text = setTableValue(text, { table, key, value: '', after: 'EDITOR_REPOSITORY' });
    }
    if (!varsTables(before).includes(target)) throw new SetupError(`${configName} has no [${target}] table to write ${key} into`);
    if (text !== before) writeFileSync(settings.configPath, text);
    out(`  ${key} = "${value}" in ${configName} [${target}]${text === before ? ' (already there)' : ''}`);
  };

  // Whose App: a private App can be installed only on the account that owns it, the repository's owner.
  let ownerType = settings.ownerType;
  if (!ownerType) {
    const answer = await github(`${api}/users/${encodeURIComponent(owner)}`, { headers: plainHeaders() });
    if (answer.status === 200 && (answer.body?.type === 'Organization' || answer.body?.type === 'User')) ownerType = answer.body.type === 'Organization' ? 'organization' : 'user';
    else {
      err(`setup:editor failed: could not tell whether ${owner} is an organisation (GitHub answered ${answer.status}${messageOf(answer.body)}). Pass --owner-type organization or --owner-type user.`);
      return 1;
    }
  }
  const newAppPage = ownerType === 'organization' ? `${web}/organizations/${encodeURIComponent(owner)}/settings/apps/new` : `${web}/settings/apps/new`;
  const appName = settings.name ?? defaultAppName(repositoryName, settings.env);
  const state = randomBytes(24).toString('hex');

  type Phase = 'create' | 'converting' | 'install' | 'done' | 'failed';
  let phase: Phase = 'create';
  let app: CreatedApp | null = null;
  let installUrl = '';
  let keyStored = false;
  let finish: (code: number) => void = () => {};
  const finished = new Promise<number>((resolveFinished) => (finish = resolveFinished));
  let pollTimer: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;
  const waitFor = (what: string) => {
    clearTimeout(deadline);
    deadline = setTimeout(() => {
      err(`setup:editor gave up waiting for ${what} after ${Math.round(waitMs / 60000)} minutes.`);
      if (app) err(`The App exists (${app.html_url}). Once it is installed on ${fullName}, its installation's address ends in the id: put it into ${configName} as GITHUB_APP_INSTALLATION_ID, or delete the App and run this again.`);
      end(1);
    }, waitMs);
  };
  const end = (code: number) => {
    phase = code === 0 ? 'done' : 'failed';
    clearTimeout(deadline);
    clearTimeout(pollTimer);
    finish(code);
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET') return page(response, 405, 'Not here', '<p>This page takes no forms.</p>');
    if (url.pathname === '/') return home(response);
    if (url.pathname === '/callback') return void callback(url, response);
    if (url.pathname === '/installed') return void installed(response);
    page(response, 404, 'Not here', '<p>Nothing here.</p>');
  });
  try {
    await new Promise<void>((resolveListening, reject) => {
      server.once('error', reject);
      server.listen(settings.port, '127.0.0.1', () => resolveListening());
    });
  } catch (error) {
    err(`setup:editor failed: cannot listen on 127.0.0.1:${settings.port}: ${(error as Error).message}`);
    return 1;
  }
  const local = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const manifest = appManifest({ name: appName, siteUrl: settings.siteUrl, redirectUrl: `${local}/callback` });

  function home(response: ServerResponse): void {
    if (phase === 'create') {
      return page(
        response,
        200,
        `Create the newsroom editor's GitHub App`,
        `<p>For <strong>${escapeHtml(fullName)}</strong> (${escapeHtml(label)}), owned by the ${ownerType === 'organization' ? 'organisation' : 'account'} <strong>${escapeHtml(owner)}</strong>.
        Be signed in to GitHub as ${ownerType === 'organization' ? `an owner of ${escapeHtml(owner)}` : escapeHtml(owner)}. GitHub shows the App's name
        (${escapeHtml(appName)}; change it there if it is taken) and creates it with these permissions only: contents (write), pull requests (write), metadata (read).</p>
        <form action="${escapeHtml(`${newAppPage}?state=${state}`)}" method="post">
        <input type="hidden" name="manifest" value="${escapeHtml(JSON.stringify(manifest))}">
        <button type="submit">Create the App on GitHub</button></form>`,
        web,
      );
    }
    if (phase === 'install') return installPage(response, 200);
    page(response, 200, phase === 'done' ? 'Done' : 'Working…', `<p>${phase === 'done' ? 'The editor’s App is set up: you can close this tab and go back to the terminal.' : 'See the terminal.'}</p>`);
  }

  function installPage(response: ServerResponse, status: number, note = ''): void {
    page(
      response,
      status,
      `Install the App on ${fullName}`,
      `${note}<p>GitHub created <strong>${escapeHtml(app?.name ?? appName)}</strong>. Now install it on the content repository <strong>only</strong>:
      open <a href="${escapeHtml(installUrl)}">${escapeHtml(installUrl)}</a>, choose <em>Only select repositories</em>, pick
      <strong>${escapeHtml(repositoryName)}</strong> and press <em>Install</em>.</p>
      <p>Then come back: <a href="/installed">I have installed it</a>. (The terminal also notices by itself within seconds.)</p>`,
    );
  }

  async function callback(url: URL, response: ServerResponse): Promise<void> {
    const code = url.searchParams.get('code') ?? '';
    if (url.searchParams.get('state') !== state || !/^[A-Za-z0-9_-]{1,100}$/.test(code)) {
      err('A visit to /callback without this setup’s state (or code) was refused: nothing changed.');
      return page(response, 400, 'Not this setup', '<p>This address was not sent by the GitHub page this setup opened. Nothing was changed. Start from the link the terminal shows.</p>');
    }
    if (phase !== 'create') return phase === 'install' ? installPage(response, 200) : home(response);
    phase = 'converting';
    const answer = await github(`${api}/app-manifests/${encodeURIComponent(code)}/conversions`, { method: 'POST', headers: plainHeaders() });
    const body = answer.body ?? {};
    if (answer.status !== 201 || typeof body.id !== 'number' || typeof body.slug !== 'string' || typeof body.pem !== 'string' || !/-----BEGIN (RSA )?PRIVATE KEY-----/.test(body.pem)) {
      err(`setup:editor failed: GitHub did not turn the code into an App (${answer.status}${messageOf(answer.body)}). A code works once and for an hour: run npm run setup:editor again.`);
      page(response, 502, 'GitHub did not create the App', '<p>See the terminal.</p>');
      return end(1);
    }
    app = { id: body.id, slug: body.slug, name: typeof body.name === 'string' ? body.name : appName, html_url: typeof body.html_url === 'string' ? body.html_url : `${web}/apps/${body.slug}`, pem: body.pem, permissions: body.permissions as Record<string, string> | undefined };
    installUrl = `${web}/apps/${encodeURIComponent(app.slug)}/installations/new`;
    out('');
    out(`GitHub created the App "${app.name}" (id ${app.id}): ${app.html_url}`);
    const granted = app.permissions ?? {};
    const expected = EDITOR_PERMISSIONS as Record<string, string>;
    const differs = Object.keys({ ...granted, ...expected }).filter((permission) => granted[permission] !== expected[permission]);
    if (app.permissions && differs.length > 0) err(`Warning: the App's permissions are not the editor's (${differs.map((permission) => `${permission}: ${granted[permission] ?? 'none'}`).join(', ')}): set them to contents write, pull requests write, metadata read in ${app.html_url}/permissions.`);

    // The key: to the Worker secret through wrangler's standard input, nowhere else.
    const stored = runWranglerCommand(['secret', 'put', 'GITHUB_APP_PRIVATE_KEY', ...envArgs, '--config', settings.configPath], { input: app.pem });
    keyStored = stored.status === 0;
    if (keyStored) out(`  GITHUB_APP_PRIVATE_KEY: stored as a secret of the ${label} Worker (${settings.workerName}).`);
    else {
      err(`Could not store the private key (wrangler secret put failed, exit ${stored.status}):\n${(stored.stderr || stored.stdout).trim()}`);
      err(`It was not kept anywhere. After this run, make a new one in the App's settings (${app.html_url}, Private keys → Generate a private key) and run: npx wrangler secret put GITHUB_APP_PRIVATE_KEY${settings.env ? ` --env ${settings.env}` : ''} < the-downloaded.pem, then delete the file.`);
    }
    try {
      writeVar('GITHUB_APP_ID', String(app.id));
      if (settings.repositoryFromFlag) writeVar('EDITOR_REPOSITORY', fullName);
    } catch (error) {
      err(`setup:editor failed: ${(error as Error).message}`);
      page(response, 500, 'Could not write wrangler.toml', '<p>See the terminal.</p>');
      return end(1);
    }
    phase = 'install';
    out('');
    out(`Now install the App on ${fullName} only ("Only select repositories", then ${repositoryName}):`);
    out(`  ${installUrl}`);
    out('Waiting for the installation…');
    installPage(response, 200);
    waitFor('the installation');
    schedulePoll();
  }

  let checking: Promise<boolean> | null = null;
  let lastProblem = '';
  /** Asks GitHub whether the App is installed on the repository; finishes the setup when it is. */
  function checkInstallation(): Promise<boolean> {
    checking ??= (async () => {
      if (!app || phase !== 'install') return phase === 'done';
      const jwt = await appJwt(String(app.id), app.pem, Math.floor(Date.now() / 1000));
      const answer = await github(`${api}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repositoryName)}/installation`, { headers: githubHeaders(`Bearer ${jwt}`) });
      if (answer.status === 404) return false;
      const id = answer.body?.id;
      if (answer.status !== 200 || typeof id !== 'number') {
        const problem = `GitHub answered ${answer.status}${messageOf(answer.body)} when asked for the installation; asking again.`;
        if (problem !== lastProblem) err(problem);
        lastProblem = problem;
        return false;
      }
      if (phase !== 'install') return phase === 'done';
      phase = 'done';
      await installedOn(id, answer.body?.repository_selection, jwt);
      return true;
    })().finally(() => (checking = null));
    return checking;
  }

  function schedulePoll(): void {
    pollTimer = setTimeout(async () => {
      if (phase !== 'install') return;
      try {
        if (!(await checkInstallation())) schedulePoll();
      } catch (error) {
        err(`setup:editor failed: ${(error as Error).message}`);
        end(1);
      }
    }, pollMs);
  }

  async function installed(response: ServerResponse): Promise<void> {
    if (phase !== 'install') return home(response);
    try {
      if (await checkInstallation()) return home(response);
    } catch (error) {
      err(`setup:editor failed: ${(error as Error).message}`);
      end(1);
      return home(response);
    }
    installPage(response, 200, `<p><strong>Not installed on ${escapeHtml(fullName)} yet.</strong></p>`);
  }

  async function installedOn(installationId: number, selection: unknown, jwt: string): Promise<void> {
    if (!app) return;
    out('');
    out(`Installed on ${fullName} (installation ${installationId}).`);
    try {
      writeVar('GITHUB_APP_INSTALLATION_ID', String(installationId));
    } catch (error) {
      err(`setup:editor failed: ${(error as Error).message}`);
      return end(1);
    }
    if (selection === 'all') {
      err(LOUD);
      err(`WARNING: the App is installed on EVERY repository of ${owner}, not only ${fullName}.`);
      err(`Limit it: ${web}/${ownerType === 'organization' ? `organizations/${owner}/` : ''}settings/installations/${installationId} → Repository access → Only select repositories → ${repositoryName}.`);
      err(LOUD);
    }
    // Is the repository private? Asked with a token that may only read its metadata.
    const token = await github(`${api}/app/installations/${installationId}/access_tokens`, {
      method: 'POST',
      headers: { ...githubHeaders(`Bearer ${jwt}`), 'Content-Type': 'application/json' },
      body: JSON.stringify({ repositories: [repositoryName], permissions: { metadata: 'read' } }),
    });
    const repository =
      token.status === 201 && typeof token.body?.token === 'string'
        ? await github(`${api}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repositoryName)}`, { headers: githubHeaders(`Bearer ${token.body.token}`) })
        : token;
    if (repository.status !== 200 || typeof repository.body?.private !== 'boolean') {
      err(`Could not ask GitHub whether ${fullName} is private (${repository.status}${messageOf(repository.body)}): check it yourself (Settings → General → Danger Zone). It must be private.`);
    } else if (repository.body.private === false || repository.body.visibility === 'public') {
      for (const line of publicRepositoryWarning(fullName) as string[]) err(line);
    } else {
      out(`  ${fullName} is ${typeof repository.body.visibility === 'string' ? repository.body.visibility : 'private'}: keep it so, with its forks and Actions logs.`);
    }

    const host = new URL(settings.siteUrl).host;
    const flag = settings.env ? ` --env ${settings.env}` : '';
    for (const line of [
      '',
      `Cloudflare Access in front of /admin (${label}), once, in the Cloudflare dashboard:`,
      '  1. Zero Trust → Access → Applications → Add an application → Self-hosted. Name it (e.g. "Newsroom editor");',
      `     public hostname ${host}, path admin: it covers /admin and everything below (the editor, /admin/github/, /admin/press).`,
      `  2. A policy "Allow" for the press office: their e-mail addresses or e-mail domain (login method One-time PIN),`,
      '     or a group of your organisation\'s single sign-on. Nobody else.',
      `  3. Copy the application's AUD tag (its Overview: "Application Audience (AUD) Tag") and your team domain`,
      `     (Zero Trust → Settings: <team>.cloudflareaccess.com) into ${configName} [${settings.env ? `env.${settings.env}.vars` : 'vars'}]:`,
      '       ACCESS_TEAM_DOMAIN = "<team>.cloudflareaccess.com"',
      '       ACCESS_AUD = "<the AUD tag>"',
      `  4. The workers.dev address (https://${settings.workerName}.<subdomain>.workers.dev) is not ${host}: add it to the same`,
      '     application as a second hostname, or turn it off (workers_dev = false). The worker checks the Access token on every',
      '     /admin request itself, so there it answers 403 until then.',
      '',
      `Then commit ${configName} and deploy (push to main, or npm run deploy${flag ? ` --${flag}` : ''}).`,
    ]) out(line);
    if (!keyStored) {
      err(`The private key is NOT stored (see above): npx wrangler secret put GITHUB_APP_PRIVATE_KEY${flag} with a new key from ${app.html_url}.`);
      return end(1);
    }
    end(0);
  }

  out(`The editor's GitHub App for ${fullName} (${label}; site ${settings.siteUrl}), owned by the ${ownerType === 'organization' ? 'organisation' : 'account'} ${owner}.`);
  out(`Open this page in a browser signed in to GitHub as ${ownerType === 'organization' ? `an owner of ${owner}` : owner}, and press its button:`);
  out('');
  out(`  ${local}/`);
  out('');
  out('Waiting for GitHub…');
  waitFor('the App to be created');

  const code = await finished;
  // The page answering the last request is still being written: let it finish, then stop listening.
  const closed = new Promise<void>((resolveClosed) => server.close(() => resolveClosed()));
  setTimeout(() => server.closeAllConnections(), 2000).unref();
  await closed;
  return code;
}

/** The lines of `[table]` (up to the next header), for looking a key up. */
function tableText(text: string, table: string): string {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => new RegExp(`^\\s*\\[\\s*${table.replace(/\./g, '\\.')}\\s*\\]\\s*(#.*)?$`).test(line));
  if (start === -1) return '';
  const end = lines.findIndex((line, i) => i > start && /^\s*\[/.test(line));
  return lines.slice(start + 1, end === -1 ? undefined : end).join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await setupEditor(process.argv.slice(2));
}
