// `npm run upgrade-content -- DIR` (scripts/cli/upgrade-content-folder.ts) on real folders: a folder in
// the layout before the editor is moved to today's (with git mv in a repository), story uuids are
// written the way earlier imports derived them, a second run changes nothing, and a conflict
// stops it with nothing changed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { loadContentFolder } from '#src/content/load-folder';
import { createMediaAddressing } from '#src/content/media-addressing';
import { uuidFromHash } from '#src/content/media-payloads';
import { BODY_MEDIA_ROOT } from '#src/domain/media/payload-addresses';
import { root, runCli, runScript, type ScriptResult } from './run-script';

const fixture = join(root, 'test/fixtures/content/basic');
const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** `npm run upgrade-content -- DIR` in this process (the first test runs it as its own process). */
const upgrade = (dir: string): Promise<ScriptResult> => runCli('upgrade-content-folder.ts', [dir], null);

/** Every file of the folder (outside .git) and its text. */
function snapshot(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && !relative(dir, entry.parentPath).startsWith('.git'));
  return Object.fromEntries(files.map((entry) => [relative(dir, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name), 'utf8')]).sort());
}

/** A copy of the test folder in the old layout (`stories/<key>/<locale>.md`, `company/<locale>.yaml`…), story-01's uuid removed. */
function oldLayoutFolder(): { dir: string; uuidOfStory01: string } {
  const dir = mkdtempSync(join(tmpdir(), 'upgrade-'));
  folders.push(dir);
  cpSync(fixture, dir, { recursive: true });
  for (const path of Object.keys(snapshot(dir))) {
    const old = /^(stories\/[^/]+|policies\/[^/]+|company)\/index\.([a-z]{2})\.(md|yaml)$/.exec(path);
    if (old) renameSync(join(dir, path), join(dir, `${old[1]}/${old[2]}.${old[3]}`));
  }
  const story = join(dir, 'stories/story-01/en.md');
  writeFileSync(story, readFileSync(story, 'utf8').replace(/^uuid: .*\n/m, ''));
  return { dir, uuidOfStory01: uuidFromHash(createHash('sha256').update('story:story-01:en').digest('hex')) };
}

const git = (dir: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', '-c', 'init.defaultBranch=main', ...args], { cwd: dir, encoding: 'utf8' });
const loads = (dir: string) => loadContentFolder(dir, { addressing: createMediaAddressing(BODY_MEDIA_ROOT), now: 1_780_272_000 });

test('a folder in the old layout, in a git repository: every file moved with git mv, the missing uuid derived as before, and the import accepts it', async () => {
  const { dir, uuidOfStory01 } = oldLayoutFolder();
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'old layout');
  expect(loads(dir).ok).toBe(false);

  const result = await runScript('upgrade-content-folder.ts', [dir]);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toContain('stories/story-03/fr.md → stories/story-03/index.fr.md');
  expect(result.stdout).toContain('27 files moved to the new layout (27 with git mv: commit them as renames); 1 story file given a uuid.');

  const status = git(dir, 'status', '--porcelain').split('\n').filter(Boolean);
  expect(status).toContain('R  stories/story-03/fr.md -> stories/story-03/index.fr.md');
  expect(status).toContain('R  policies/privacy-policy/en.md -> policies/privacy-policy/index.en.md');
  expect(status).toContain('R  company/ar.yaml -> company/index.ar.yaml');
  expect(status).toContain('RM stories/story-01/en.md -> stories/story-01/index.en.md');
  expect(status).toHaveLength(27);
  expect(readFileSync(join(dir, 'stories/story-01/index.en.md'), 'utf8')).toMatch(new RegExp(`^---\\nuuid: ${uuidOfStory01}\\n`));
  const loaded = loads(dir);
  expect(loaded.ok && loaded.bundle.stories.find((story) => story.translation_group === 'story-01')?.uuid).toBe(uuidOfStory01);
}, 60_000);

test('a second run changes nothing', async () => {
  const { dir } = oldLayoutFolder();
  expect((await upgrade(dir)).code).toBe(0);
  const upgraded = snapshot(dir);
  const again = await upgrade(dir);
  expect(again.code, again.stderr).toBe(0);
  expect(again.stdout).toBe(`${dir} is up to date: nothing to upgrade.\n`);
  expect(snapshot(dir)).toEqual(upgraded);
}, 60_000);

test('outside a git repository the files are renamed, the same layout results', async () => {
  const { dir } = oldLayoutFolder();
  const result = await upgrade(dir);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toContain('27 files moved to the new layout; 1 story file given a uuid.');
  const files = Object.keys(snapshot(dir));
  expect(files.filter((path) => path.startsWith('company/'))).toEqual(['company/index.ar.yaml', 'company/index.en.yaml', 'company/index.fr.yaml']);
  expect(loads(dir).ok).toBe(true);
}, 60_000);

test('a file whose new place is taken stops the upgrade with nothing changed', async () => {
  const { dir } = oldLayoutFolder();
  writeFileSync(join(dir, 'stories/story-02/index.en.md'), readFileSync(join(dir, 'stories/story-02/en.md')));
  const before = snapshot(dir);
  const result = await upgrade(dir);
  expect(result.code).toBe(1);
  expect(result.stderr).toBe(`Nothing was changed in ${dir}:\n  stories/story-02/en.md: cannot move to stories/story-02/index.en.md: that file exists (keep one of the two)\n`);
  expect(snapshot(dir)).toEqual(before);
}, 60_000);

test('a directory that is not there is refused with the usage', async () => {
  const result = await upgrade(join(tmpdir(), 'no-such-content-folder'));
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('Usage: npm run upgrade-content -- DIR');
});
