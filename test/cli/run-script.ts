/**
 * Runs one of the project's CLIs (scripts/<name>.ts through tsx) as a press office runs it, on
 * the local state in `state` (wrangler's --persist-to) when it touches D1, offline: its exit code and output, never a
 * throw, so tests assert on failures as on successes.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const root = join(import.meta.dirname, '../..');

export interface ScriptResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runScript(script: string, args: readonly string[], state?: string, extraEnv: Record<string, string> = {}): Promise<ScriptResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts', script), ...args, ...(state ? [`--persist-to=${state}`] : [])], {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', ...extraEnv },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}
