// `npm run setup:cloudflare`, `npm run deploy` and `npm run import -- … --remote --env …` against
// a stub wrangler (test/cli/fake-wrangler.mjs) that records every command and keeps a pretend
// Cloudflare account: which resources get created, what is written into (a copy of)
// wrangler.toml and nothing else, that a second run changes nothing, and the order of a deploy;
// a deploy warns when a stand-in of GitHub's API (on 127.0.0.1) says the content repository is public.
// Each program runs once as its own process, spawning the stub as it would spawn wrangler; the
// other tests run it in the test's process with the stub answering there too (a Node start per
// wrangler command and about a second of CPU per program start were most of this file's time).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations.
import { fakeWrangler as fakeWranglerUntyped, recordedWranglerCalls } from './fake-wrangler.mjs';
import { runCli } from './run-script';

const root = join(import.meta.dirname, '../..');

interface WranglerResult {
  status: number;
  stdout: string;
  stderr: string;
}
type Wrangler = (args: string[], extraEnv?: Record<string, string>) => WranglerResult;
const fakeWrangler = fakeWranglerUntyped as (args: string[], env: NodeJS.ProcessEnv) => WranglerResult;

interface SetupModule {
  setupCloudflare(options: { configPath: string; env?: string; location?: string; wrangler: Wrangler; log?: (line: string) => void }): Promise<{ changed: boolean; actions: string[]; workerName: string }>;
  setBindingValue(text: string, options: { table: string; binding: string; key: string; value: string; after?: string }): string;
  setTableValue(text: string, options: { table: string; key: string; value: string; after?: string }): string;
}
interface DeployModule {
  deploy(argv: string[], options: { env: NodeJS.ProcessEnv; out: (line: string) => void; err: (line: string) => void; wrangler: Wrangler }): Promise<number>;
}
interface GitHubModule {
  repositoryIsPublic(fullName: string, options: { env: NodeJS.ProcessEnv; fetcher?: typeof fetch }): Promise<boolean>;
}
let setup: SetupModule;
let deployModule: DeployModule;
let githubModule: GitHubModule;

let work: string;
let config: string;
let fake: string;
/** wrangler.toml as a fresh clone has it: no resource ids yet. */
let pristine: string;

const fakeEnv = () => ({ ...process.env, FAKE_WRANGLER_DIR: work, WRANGLER_BIN: fake, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' });

/** The recorded wrangler commands, without the --config every one carries. */
const calls = (): string[] => (recordedWranglerCalls as (dir: string) => string[])(work);

function account(): { d1: { uuid: string; name: string }[]; kv: { id: string; title: string }[]; queues: { name: string }[] } {
  return JSON.parse(readFileSync(join(work, 'account.json'), 'utf8'));
}

function clearCalls(): void {
  writeFileSync(join(work, 'calls.jsonl'), '');
}

/** The stub, answering in this process with the account in `work`. */
const inProcessWrangler =
  (env: NodeJS.ProcessEnv): Wrangler =>
  (args, extraEnv = {}) =>
    fakeWrangler(args, { ...env, FAKE_WRANGLER_DIR: work, ...extraEnv });

async function runSetup(env?: string, extraEnv: Record<string, string> = {}): Promise<{ changed: boolean; actions: string[]; log: string[] }> {
  const log: string[] = [];
  const result = await setup.setupCloudflare({ configPath: config, env, wrangler: inProcessWrangler({ ...process.env, ...extraEnv }), log: (line) => log.push(line) });
  return { ...result, log };
}

beforeAll(async () => {
  // @ts-expect-error: a plain .mjs script without type declarations.
  setup = (await import('../../scripts/deploy/setup-cloudflare.mjs')) as SetupModule;
  // @ts-expect-error: a plain .mjs script without type declarations.
  deployModule = (await import('../../scripts/deploy/deploy.mjs')) as DeployModule;
  // @ts-expect-error: a plain .mjs script without type declarations.
  githubModule = (await import('../../scripts/deploy/github.mjs')) as GitHubModule;
  // Ids a developer wrote into the repository's file must not leak into the "fresh" copy.
  pristine = readFileSync(join(root, 'wrangler.toml'), 'utf8').replace(/^\s*(database_id|id)\s*=.*\r?\n/gm, '');
}, 30_000);

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'newsroom-setup-'));
  config = join(work, 'wrangler.toml');
  writeFileSync(config, pristine);
  // A wrapper, so the stub runs whatever mode bits a checkout gave the file.
  fake = join(work, 'wrangler');
  writeFileSync(fake, `#!/bin/sh\nexec "${process.execPath}" "${join(root, 'test/cli/fake-wrangler.mjs')}" "$@"\n`, { mode: 0o755 });
});

afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('setup:cloudflare', () => {
  test('on an empty account it creates the D1 database, the KV namespace and both queues, and writes only their two ids into wrangler.toml', async () => {
    const result = await runSetup();
    expect(calls()).toEqual([
      'd1 list --json',
      'd1 create newsroom',
      'd1 list --json',
      'kv namespace list',
      'kv namespace create edge-newsroom-page-cache',
      'kv namespace list',
      'queues info newsroom-jobs',
      'queues create newsroom-jobs',
      'queues info newsroom-jobs-dlq',
      'queues create newsroom-jobs-dlq',
    ]);
    expect(result.changed).toBe(true);
    const { d1, kv } = account();
    const written = readFileSync(config, 'utf8');
    // Two lines more, each right under the line it belongs after, in the top-level blocks.
    expect(written).toContain(`database_name = "newsroom"\ndatabase_id = "${d1[0]!.uuid}"\nmigrations_dir = "migrations"`);
    expect(written).toContain(`[[kv_namespaces]]\nbinding = "PAGE_CACHE"\nid = "${kv[0]!.id}"\n`);
    // Everything else (comments, order, the staging blocks) is as it was.
    expect(written.replace(`database_id = "${d1[0]!.uuid}"\n`, '').replace(`id = "${kv[0]!.id}"\n`, '')).toBe(pristine);
    expect(result.log.join('\n')).toContain('Rate limiters PORTAL_LIMITER (namespace 1001), RENDER_LIMITER (namespace 1002): nothing to create');
  });

  test('a second run creates nothing and leaves wrangler.toml byte for byte as it was', async () => {
    await runSetup();
    const after = readFileSync(config, 'utf8');
    clearCalls();
    const again = await runSetup();
    expect(again.changed).toBe(false);
    expect(again.actions).toEqual([]);
    expect(calls()).toEqual(['d1 list --json', 'kv namespace list', 'queues info newsroom-jobs', 'queues info newsroom-jobs-dlq']);
    expect(readFileSync(config, 'utf8')).toBe(after);
    expect(again.log.at(-1)).toContain('nothing changed');
  });

  test('staging gets resources of its own, written under [env.staging], and production keeps its ids', async () => {
    await runSetup();
    const production = readFileSync(config, 'utf8');
    clearCalls();
    await runSetup('staging');
    expect(calls().filter((call) => call.includes(' create '))).toEqual([
      'd1 create newsroom-staging',
      'kv namespace create edge-newsroom-staging-page-cache',
      'queues create newsroom-jobs-staging',
      'queues create newsroom-jobs-staging-dlq',
    ]);
    const { d1, kv } = account();
    const staging = { db: d1.find((db) => db.name === 'newsroom-staging')!.uuid, kv: kv.find((ns) => ns.title === 'edge-newsroom-staging-page-cache')!.id };
    const written = readFileSync(config, 'utf8');
    expect(written).toContain(`[[env.staging.d1_databases]]\nbinding = "DB"\ndatabase_name = "newsroom-staging"\ndatabase_id = "${staging.db}"\n`);
    expect(written).toContain(`[[env.staging.kv_namespaces]]\nbinding = "PAGE_CACHE"\nid = "${staging.kv}"\n`);
    expect(written.replace(`database_id = "${staging.db}"\n`, '').replace(`id = "${staging.kv}"\n`, '')).toBe(production);
  });

  test('resources that exist already (made by wrangler deploy or by hand) are found by name and not created again', async () => {
    writeFileSync(
      join(work, 'account.json'),
      JSON.stringify({
        d1: [{ uuid: '6b0f7c2e-3f4a-4b5c-8d6e-7f8091a2b3c4', name: 'newsroom' }],
        kv: [{ id: '0123456789abcdef0123456789abcdef', title: 'edge-newsroom-page-cache' }],
        queues: [{ name: 'newsroom-jobs', id: 'q1' }, { name: 'newsroom-jobs-dlq', id: 'q2' }],
      }),
    );
    const result = await runSetup();
    expect(calls().filter((call) => call.includes(' create '))).toEqual([]);
    expect(result.changed).toBe(true);
    const written = readFileSync(config, 'utf8');
    expect(written).toContain('database_id = "6b0f7c2e-3f4a-4b5c-8d6e-7f8091a2b3c4"');
    expect(written).toContain('id = "0123456789abcdef0123456789abcdef"');
  });

  test('an id in wrangler.toml that the account does not have stops the setup and changes nothing', async () => {
    const stale = pristine.replace('database_name = "newsroom"\n', 'database_name = "newsroom"\ndatabase_id = "11111111-2222-4333-8444-555555555555"\n');
    writeFileSync(config, stale);
    await expect(runSetup()).rejects.toThrow(/names D1 database 11111111-2222-4333-8444-555555555555, which this account does not have/);
    expect(readFileSync(config, 'utf8')).toBe(stale);
    expect(calls().filter((call) => call.includes(' create '))).toEqual([]);
  });

  test('an environment wrangler.toml does not have is refused before wrangler is asked anything', async () => {
    await expect(runSetup('stagign')).rejects.toThrow(/has no \[env\.stagign\]/);
    expect(calls()).toEqual([]);
  });

  test('when wrangler fails (no credentials, no network), setup stops with its message and writes nothing', async () => {
    await expect(runSetup(undefined, { FAKE_WRANGLER_FAIL: 'kv namespace' })).rejects.toThrow(/wrangler kv namespace list .*failed \(exit 1\):\n.*A request to the Cloudflare API failed/s);
    expect(readFileSync(config, 'utf8')).toBe(pristine);
  });

  test('the id is rewritten in place, keeping the comment on its line and the file’s line endings', () => {
    const text = '# top\r\n[[kv_namespaces]]\r\nbinding = "PAGE_CACHE"\r\nid = "old"   # keep me\r\n\r\n[[kv_namespaces]]\r\nbinding = "OTHER"\r\n';
    expect(setup.setBindingValue(text, { table: 'kv_namespaces', binding: 'PAGE_CACHE', key: 'id', value: 'new' })).toBe(text.replace('"old"', '"new"'));
    expect(setup.setBindingValue(text, { table: 'kv_namespaces', binding: 'OTHER', key: 'id', value: 'x' })).toBe(`${text}id = "x"\r\n`);
  });

  test('a variable is set in its own [vars] table: in place, else after the named key, else after the table’s last one', () => {
    const text = '[vars]\nSITE_URL = "" # the origin\nEDITOR_REPOSITORY = ""\n\n[env.staging.vars]\nSITE_URL = ""\n';
    expect(setup.setTableValue(text, { table: 'vars', key: 'SITE_URL', value: 'https://news.example.com' })).toBe(text.replace('SITE_URL = ""', 'SITE_URL = "https://news.example.com"'));
    expect(setup.setTableValue(text, { table: 'vars', key: 'GITHUB_APP_ID', value: '7', after: 'SITE_URL' })).toBe(text.replace('# the origin\n', '# the origin\nGITHUB_APP_ID = "7"\n'));
    expect(setup.setTableValue(text, { table: 'env.staging.vars', key: 'GITHUB_APP_ID', value: '', after: 'EDITOR_REPOSITORY' })).toBe(`${text.trimEnd()}\nGITHUB_APP_ID = ""\n`);
    expect(() => setup.setTableValue(text, { table: 'vars', key: 'SITE_URL', value: 'a"b' })).toThrow(/may not hold quotes/);
  });

  test('the command line runs the given wrangler and ends with the secrets and the command that sets each', () => {
    const result = spawnSync(process.execPath, [join(root, 'scripts/deploy/setup-cloudflare.mjs'), '--env', 'staging', '--config', config], { cwd: root, env: fakeEnv(), encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(calls()).toContain('d1 create newsroom-staging');
    for (const secret of ['SENTRY_DSN', 'EMAIL_API_KEY', 'SEARCH_API_KEY', 'SEARCH_WRITE_KEY', 'TURNSTILE_SECRET_KEY', 'GITHUB_APP_PRIVATE_KEY']) {
      expect(result.stdout).toContain(`npx wrangler secret put ${secret} --env staging`);
    }
    expect(result.stdout).not.toContain('GITHUB_OAUTH');
  }, 60_000);
});

describe('deploy', () => {
  // No repository named unless a test names one (GitHub Actions sets GITHUB_REPOSITORY): nothing asks GitHub.
  const deployEnv = (extraEnv: Record<string, string>) => ({ ...fakeEnv(), DEPLOY_RELEASE: 'abc1234', CONTENT_DIR: '', GITHUB_REPOSITORY: '', GITHUB_TOKEN: '', GITHUB_API_URL: '', ...extraEnv });
  /** `npm run deploy` as its own process, spawning the stub for every wrangler command. */
  const deployCommand = (args: string[], extraEnv: Record<string, string> = {}) =>
    spawnSync(process.execPath, [join(root, 'scripts/deploy/deploy.mjs'), ...args, '--config', config], { cwd: root, env: deployEnv(extraEnv), encoding: 'utf8' });
  /** The same deploy in this process, the stub answering here. */
  async function deploy(args: string[], extraEnv: Record<string, string> = {}) {
    const env = deployEnv(extraEnv);
    let stdout = '';
    let stderr = '';
    const status = await deployModule.deploy([...args, '--config', config], { env, out: (line) => (stdout += `${line}\n`), err: (line) => (stderr += `${line}\n`), wrangler: inProcessWrangler(env) });
    return { status, stdout, stderr };
  }

  test('builds, creates what is missing, migrates the remote database, then deploys with RELEASE set and prints the address', () => {
    const result = deployCommand(['--env', 'staging']);
    expect(result.status, result.stderr).toBe(0);
    const recorded = calls();
    expect(recorded.slice(-2)).toEqual(['d1 migrations apply DB --remote --env staging', 'deploy --env staging --var RELEASE:abc1234 --message release abc1234']);
    expect(recorded.slice(0, -2).every((call) => /^(d1 list|d1 create|kv namespace|queues info|queues create)/.test(call))).toBe(true);
    expect(result.stdout).toContain('first load:'); // the browser bundle was built (and within its budget)
    expect(result.stdout).toContain('Live: https://edge-newsroom-staging.newsroom-test.workers.dev  (staging, release abc1234)');
    expect(readFileSync(config, 'utf8')).toContain('database_name = "newsroom-staging"\ndatabase_id = "');
  }, 60_000);

  test('with CONTENT_DIR set (the publish workflow), the editor is deployed to write in that folder', async () => {
    const result = await deploy([], { CONTENT_DIR: './content/acme/' });
    expect(result.status, result.stderr).toBe(0);
    expect(calls().at(-1)).toBe('deploy --var RELEASE:abc1234 --var EDITOR_CONTENT_DIR:content/acme --message release abc1234');
  }, 60_000);

  test('when the migrations fail, the worker is not deployed', async () => {
    const result = await deploy([], { FAKE_WRANGLER_FAIL: 'd1 migrations' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Deploy failed');
    expect(calls()).toContain('d1 migrations apply DB --remote');
    expect(calls().some((call) => call.startsWith('deploy'))).toBe(false);
  }, 60_000);
});

/**
 * GitHub's `GET /repos/{owner}/{repo}` as a stranger or a token holder meets it: a public repository
 * answers 200 with `"private": false`; a private one answers 200 to its token, 404 to anyone else.
 * `silent` repositories get no answer at all. Every request's path and headers are kept.
 */
async function startGitHubApi(repositories: { public?: string[]; private?: string[]; silent?: string[]; token?: string }) {
  const requests: { path: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '';
    requests.push({ path, headers: request.headers });
    const fullName = decodeURIComponent(path.replace(/^\/repos\//, ''));
    if (repositories.silent?.includes(fullName)) return;
    const authorised = repositories.token !== undefined && request.headers.authorization === `Bearer ${repositories.token}`;
    const visible = repositories.public?.includes(fullName) || (authorised && repositories.private?.includes(fullName));
    response.writeHead(visible ? 200 : 404, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(visible ? { full_name: fullName, private: !repositories.public?.includes(fullName) } : { message: 'Not Found' }));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, requests, close: () => new Promise<void>((closed) => server.close(() => closed())).finally(() => server.closeAllConnections()) };
}

describe('deploy: is the content repository public?', () => {
  const WARNING = 'WARNING: northwind/press is PUBLIC.';
  const deployEnv = (extraEnv: Record<string, string>) => ({ ...fakeEnv(), DEPLOY_RELEASE: 'abc1234', CONTENT_DIR: '', GITHUB_REPOSITORY: '', GITHUB_TOKEN: '', ...extraEnv });
  async function deploy(extraEnv: Record<string, string>) {
    const env = deployEnv(extraEnv);
    let stdout = '';
    let stderr = '';
    const status = await deployModule.deploy(['--config', config], { env, out: (line) => (stdout += `${line}\n`), err: (line) => (stderr += `${line}\n`), wrangler: inProcessWrangler(env) });
    return { status, stdout, stderr };
  }

  test('public on GitHub (GITHUB_REPOSITORY in Actions): a loud warning, and the worker is deployed all the same', async () => {
    const github = await startGitHubApi({ public: ['northwind/press'] });
    try {
      const result = await deploy({ GITHUB_REPOSITORY: 'northwind/press', GITHUB_API_URL: github.origin });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr).toContain(WARNING);
      expect(result.stderr).toContain('forks and its Actions logs private');
      expect(calls().at(-1)).toBe('deploy --var RELEASE:abc1234 --message release abc1234');
      expect(github.requests.map((request) => request.path)).toEqual(['/repos/northwind/press']);
    } finally {
      await github.close();
    }
  }, 60_000);

  test('wrangler.toml’s EDITOR_REPOSITORY is the one asked about; private, asked with GITHUB_TOKEN: nothing said', async () => {
    writeFileSync(config, setup.setTableValue(readFileSync(config, 'utf8'), { table: 'vars', key: 'EDITOR_REPOSITORY', value: 'northwind/press' }));
    const github = await startGitHubApi({ private: ['northwind/press'], token: 'ghs_actions' });
    try {
      const result = await deploy({ GITHUB_REPOSITORY: 'northwind/site-code', GITHUB_TOKEN: 'ghs_actions', GITHUB_API_URL: github.origin });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr).not.toContain('PUBLIC');
      expect(github.requests.map((request) => [request.path, request.headers.authorization])).toEqual([['/repos/northwind/press', 'Bearer ghs_actions']]);
    } finally {
      await github.close();
    }
  }, 60_000);

  test('a stranger meets a private repository as not found: nothing said', async () => {
    const github = await startGitHubApi({ private: ['northwind/press'] });
    try {
      expect(await githubModule.repositoryIsPublic('northwind/press', { env: { GITHUB_API_URL: github.origin } })).toBe(false);
      expect(await githubModule.repositoryIsPublic('northwind/press', { env: { GITHUB_API_URL: github.origin, GITHUB_TOKEN: 'ghs_other' } })).toBe(false);
      expect(github.requests.map((request) => request.headers.authorization)).toEqual([undefined, 'Bearer ghs_other']);
    } finally {
      await github.close();
    }
  });

  test('GitHub that does not answer, or nobody listening (offline): nothing said, within seconds', async () => {
    const github = await startGitHubApi({ silent: ['northwind/press'] });
    const started = Date.now();
    try {
      expect(await githubModule.repositoryIsPublic('northwind/press', { env: { GITHUB_API_URL: github.origin } })).toBe(false);
    } finally {
      await github.close();
    }
    expect(await githubModule.repositoryIsPublic('northwind/press', { env: { GITHUB_API_URL: github.origin } })).toBe(false);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 20_000);

  test('GITHUB_API_URL may only name a stand-in on loopback: any other address is never asked', async () => {
    const asked: string[] = [];
    const fetcher = (async (input: string) => {
      asked.push(String(input));
      return new Response(JSON.stringify({ private: false }), { status: 200 });
    }) as unknown as typeof fetch;
    expect(await githubModule.repositoryIsPublic('northwind/press', { env: { GITHUB_API_URL: 'https://github.example.com/api/v3' }, fetcher })).toBe(false);
    expect(await githubModule.repositoryIsPublic('northwind/press', { env: {}, fetcher })).toBe(true);
    expect(asked).toEqual(['https://api.github.com/repos/northwind/press']);
  });
});

describe('import --remote --env', () => {
  test('a staging import writes only staging: every wrangler command names the environment', async () => {
    const result = await runCli('import.ts', [join(root, 'test/fixtures/content/basic'), '--remote', '--env', 'staging'], null, { FAKE_WRANGLER_DIR: work, WRANGLER_BIN: fake });
    expect(result.code, result.stderr).toBe(0);
    const recorded = calls();
    expect(recorded.map((call) => call.split(' --')[0])).toEqual([
      'd1 migrations apply DB',
      'd1 execute DB',
      'd1 execute DB',
      'd1 execute DB',
      'd1 execute DB',
      expect.stringMatching(/^kv key put content-revision \{"revision":7,"lastWithdrawal":0,"changedAt":\d+\}$/),
    ]);
    expect(recorded.every((call) => call.includes('--remote') && call.includes('--env staging'))).toBe(true);
    expect(result.stdout).toContain('into the remote D1 database of staging (content revision 7)');
  }, 60_000);
});
