// `npm run import -- DIR --remote` against the stub wrangler (test/cli/fake-wrangler.mjs), which
// keeps the content hash the last imported script wrote: an unchanged folder is not written again,
// a changed one is, and --force writes either way, as the README promises for local imports too.
// The stub answers in the test's process; test/cli/setup-cloudflare.test.ts runs a remote import
// that spawns it as wrangler is spawned.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { inProcessFakeWrangler, runCli } from './run-script';

const root = join(import.meta.dirname, '../..');
const fixture = join(root, 'test/fixtures/content/basic');
const work = mkdtempSync(join(tmpdir(), 'newsroom-import-remote-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Imports `dir` remotely (in this process, as runCli does); returns its output and the wrangler commands it ran. */
async function importRemote(dir: string, extraArgs: string[] = []): Promise<{ status: number; stdout: string; stderr: string; calls: string[] }> {
  writeFileSync(join(work, 'calls.jsonl'), '');
  const result = await runCli('import.ts', [dir, '--remote', ...extraArgs], null, { FAKE_WRANGLER_DIR: work }, { runWrangler: inProcessFakeWrangler });
  const calls = readFileSync(join(work, 'calls.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as string[]).join(' '));
  return { status: result.code, stdout: result.stdout, stderr: result.stderr, calls };
}

const writesContent = (calls: readonly string[]) => calls.some((call) => call.startsWith('d1 execute DB') && call.includes('--file='));

test('a remote import writes a new folder, then skips it while unchanged and writes it again once changed', async () => {
  const first = await importRemote(fixture);
  expect(first.status, first.stderr).toBe(0);
  expect(writesContent(first.calls)).toBe(true);
  expect(first.stdout).toContain('into the remote D1 database of production (content revision 7)');

  const again = await importRemote(fixture);
  expect(again.status, again.stderr).toBe(0);
  expect(writesContent(again.calls)).toBe(false);
  expect(again.stdout).toContain('Nothing changed');
  // Only reads and the page cache's pointers (republished, as a local import does).
  // Retired uuids, the content hash, the pointers; then the pointers in one KV value.
  expect(again.calls.map((call) => call.split(' --')[0])).toEqual([
    'd1 migrations apply DB',
    'd1 execute DB',
    'd1 execute DB',
    'd1 execute DB',
    expect.stringMatching(/^kv key put content-revision \{"revision":7,"lastWithdrawal":0,"changedAt":\d+\}$/),
  ]);

  const changed = join(work, 'changed');
  cpSync(fixture, changed, { recursive: true });
  const story = join(changed, 'stories/story-02/index.en.md');
  writeFileSync(story, readFileSync(story, 'utf8').replace('title: English story number 02', 'title: A changed title'));
  const third = await importRemote(changed);
  expect(third.status, third.stderr).toBe(0);
  expect(writesContent(third.calls)).toBe(true);
  expect(third.stdout).not.toContain('Nothing changed');
}, 120_000);

test('--force writes an unchanged folder again', async () => {
  const first = await importRemote(fixture, ['--env', 'staging']);
  expect(first.status, first.stderr).toBe(0);
  expect((await importRemote(fixture, ['--env', 'staging'])).stdout).toContain('Nothing changed');
  const forced = await importRemote(fixture, ['--env', 'staging', '--force']);
  expect(forced.status, forced.stderr).toBe(0);
  expect(writesContent(forced.calls)).toBe(true);
}, 120_000);
