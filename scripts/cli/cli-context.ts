/**
 * What the D1 CLIs (import, share) touch outside themselves, handed in rather than reached for:
 * the environment, where their lines go, and how local D1 is opened. Run as a process
 * (`runAsProcess`) they get the real ones and exit with their code; the CLI tests run them in
 * the test's own process with one local database shared by every run on the same state, instead
 * of a Node process and a workerd start per run (test/cli/run-script.ts).
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { localDatabase, type Database, type WranglerRunner } from './d1-database';

export interface CliContext {
  readonly env: NodeJS.ProcessEnv;
  out(line: string): void;
  err(line: string): void;
  /** Local D1 and KV under wrangler's --persist-to (null: its own, .wrangler/state). */
  openLocalDatabase(persistTo: string | null | undefined): Promise<Database>;
  /** Runs a deployed database's wrangler commands (default: the executable, `runWrangler`). */
  readonly runWrangler?: WranglerRunner;
}

/** A refusal the CLI explains itself: its message is printed as it is, and the exit code is 1. */
class CliFailure extends Error {}

export function fail(message: string): never {
  throw new CliFailure(message);
}

/** A CLI's flags and positionals; a flag parseArgs refuses is answered with its reason and the usage. */
export function parseFlags<const Options extends NonNullable<ParseArgsConfig['options']>>(argv: readonly string[], options: Options, usage: string) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true });
  } catch (error) {
    // An unknown flag is named as such; anything else in parseArgs' own words (a setting without its value…).
    const message = (error as Error).message;
    const unknown = (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'(-[^'\s<=]+)/.exec(message)?.[1] : undefined;
    fail(`${unknown ? `Unknown option ${unknown}` : message}\n${usage}`);
  }
}

export interface Cli {
  /** The work: resolves when it succeeded, throws CliFailure (or anything) when it did not. */
  main(argv: readonly string[], context: CliContext): Promise<void>;
  /** The line printed for an unexpected error's message. */
  explain(message: string): string;
}

/** Runs a CLI and answers with its exit code: 0, or 1 with the failure printed. */
export async function runCli(cli: Cli, argv: readonly string[], context: CliContext): Promise<number> {
  try {
    await cli.main(argv, context);
    return 0;
  } catch (error) {
    context.err(error instanceof CliFailure ? error.message : cli.explain((error as Error).message));
    return 1;
  }
}

const processContext: CliContext = {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  openLocalDatabase: localDatabase,
};

/** When `moduleUrl` is the script node was started with: runs it on this process's arguments. */
export function runAsProcess(moduleUrl: string, cli: Cli): void {
  const started = process.argv[1];
  // Compared as real paths: a script started through a symbolic link is still this script.
  const isThisScript = (() => {
    try {
      return !!started && realpathSync(started) === realpathSync(fileURLToPath(moduleUrl));
    } catch {
      return false;
    }
  })();
  if (!isThisScript) return;
  void runCli(cli, process.argv.slice(2), processContext).then((code) => {
    process.exitCode = code;
  });
}
