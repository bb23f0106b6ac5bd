/**
 * Runs one of the project's CLIs as a press office runs it, on the local state in `state`
 * (wrangler's --persist-to) when it touches D1, offline: its exit code and output, never a
 * throw, so tests assert on failures as on successes.
 *
 * `runScript` starts the script as its own process (scripts/cli/<name> through tsx). `runCli` runs
 * the CLIs (import, share, press, distribute, upgrade-content) in the test's process with the same
 * arguments and the same answer, and every run on one state shares one local database (`localD1`, closed after the file's
 * tests): no Node process and no workerd start per run, which were most of a CLI test's time.
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { getPlatformProxy } from 'wrangler';
import { runCli as runCliIn, type Cli, type CliContext } from '../../scripts/cli/cli-context';
import { localDatabaseOf, type Database, type WranglerRunner } from '../../scripts/cli/d1-database';
// @ts-expect-error: a plain .mjs script without type declarations.
import { fakeWrangler } from './fake-wrangler.mjs';

export const root = join(import.meta.dirname, '../..');

export interface ScriptResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runScript(script: string, args: readonly string[], state?: string, extraEnv: Record<string, string> = {}): Promise<ScriptResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/cli', script), ...args, ...(state ? [`--persist-to=${state}`] : [])], {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', ...extraEnv },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

interface LocalState {
  readonly db: D1Database;
  readonly kv: KVNamespace;
  readonly database: Database;
  dispose(): Promise<void>;
}

const opened = new Map<string, Promise<LocalState>>();

/** Local D1 and KV under `state` (wrangler's --persist-to), opened once per test file. */
export function localD1(state: string): Promise<LocalState> {
  const key = resolve(state);
  let local = opened.get(key);
  if (!local) {
    local = getPlatformProxy<{ DB: D1Database; PAGE_CACHE: KVNamespace }>({ configPath: join(root, 'wrangler.toml'), persist: { path: join(key, 'v3') }, remoteBindings: false }).then((proxy) => ({
      db: proxy.env.DB,
      kv: proxy.env.PAGE_CACHE,
      database: localDatabaseOf(proxy.env.DB, proxy.env.PAGE_CACHE),
      dispose: () => proxy.dispose(),
    }));
    opened.set(key, local);
  }
  return local;
}

/** Closes every local state `localD1` opened: after each test file (test/cli/setup.ts). */
export async function closeLocalStates(): Promise<void> {
  const states = [...opened.values()];
  opened.clear();
  await Promise.all(states.map(async (state) => (await state).dispose()));
}

const CLIS = {
  'import.ts': async () => (await import('../../scripts/cli/import')).importCli,
  'share.ts': async () => (await import('../../scripts/cli/share')).shareCli,
  'press.ts': async () => (await import('../../scripts/cli/press')).pressCli,
  'readership.ts': async () => (await import('../../scripts/cli/readership')).readershipCli,
  'distribute.ts': async () => (await import('../../scripts/cli/distribute')).distributeCli,
  'upgrade-content-folder.ts': async () => (await import('../../scripts/cli/upgrade-content-folder')).upgradeContentCli,
} satisfies Record<string, () => Promise<Cli>>;

/**
 * The stub wrangler (test/cli/fake-wrangler.mjs, FAKE_WRANGLER_DIR its account) answering in this
 * process, for a `--remote` run: failing as execFileSync does, with its output in the error.
 */
export const inProcessFakeWrangler: WranglerRunner = (args, env) => {
  const { status, stdout, stderr } = (fakeWrangler as (args: string[], env: NodeJS.ProcessEnv) => ScriptResult & { status: number })(args, env);
  if (status !== 0) throw Object.assign(new Error(`Command failed: wrangler ${args.join(' ')}\n${stderr}`), { status, stdout, stderr });
  return stdout;
};

/**
 * `runScript` for the CLIs, in this process (see above); `state` null for a run that must not open
 * a local database (`--remote`, upgrade-content). `runWrangler` runs a remote database's wrangler
 * commands (default: WRANGLER_BIN's executable, spawned as the CLI spawns it).
 */
export async function runCli(script: keyof typeof CLIS, args: readonly string[], state: string | null, extraEnv: Record<string, string> = {}, { runWrangler }: { runWrangler?: WranglerRunner } = {}): Promise<ScriptResult> {
  const cli = await CLIS[script]();
  let stdout = '';
  let stderr = '';
  const context: CliContext = {
    env: { ...process.env, ...extraEnv },
    out: (line) => (stdout += `${line}\n`),
    err: (line) => (stderr += `${line}\n`),
    // Every run names the same state; the shared database (whose close does nothing) stays open for the next one.
    openLocalDatabase: async () => {
      if (state === null) throw new Error('This run was given no local state.');
      return (await localD1(state)).database;
    },
    ...(runWrangler ? { runWrangler } : {}),
  };
  const code = await runCliIn(cli, state === null ? args : [...args, `--persist-to=${state}`], context);
  return { code, stdout, stderr };
}
