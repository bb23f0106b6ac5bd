/**
 * `npm run upgrade-content -- DIR`: brings a content folder written for an earlier version of the
 * import up to today's format, once, changing nothing a second run would change again.
 *
 * 1. Moves every file of the layout before the editor to where the import and the editor read it
 *    (src/content/folder-layout.ts, docs/decisions/0038-content-folder-layout.md):
 *    `stories/<key>/<locale>.md` → `stories/<key>/index.<locale>.md`, the same for policies, and
 *    `company/<locale>.yaml` → `company/index.<locale>.yaml`. In a git repository a tracked file is
 *    moved with `git mv`, so its history follows it; otherwise it is renamed.
 * 2. Writes `uuid:` into every story file that has none (folders from before story uuids were
 *    required, docs/decisions/0037-states-and-story-identity.md): the uuid earlier imports derived
 *    from the story's folder and language, so the story keeps its identity and its secret link.
 *    Nothing else in a file changes.
 *
 * Everything is checked before anything moves: a file whose new place is taken, or a path that
 * leads outside the folder, stops the upgrade with nothing changed.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { openContentFolder } from '#src/content/content-folder';
import { ENTRY_LAYOUTS, classifyEntryFileName, entryDirectory, entryExtension } from '#src/content/folder-layout';
import { createFolderReader } from '#src/content/folder-reader';
import { uuidFromHash } from '#src/content/media-payloads';
import { findOldLayoutFiles } from '#src/content/old-layout';
import { formatProblem, type ContentProblem } from '#src/content/schema';
import { fail, runAsProcess, type Cli, type CliContext } from './cli-context';

const USAGE = 'Usage: npm run upgrade-content -- DIR (a content folder: docs/content-format.md)';

async function upgrade(argv: readonly string[], context: CliContext): Promise<void> {
  const dir = argv[0];
  if (!dir || argv.length !== 1 || !statSync(dir, { throwIfNoEntry: false })?.isDirectory()) fail(USAGE);

  const problems: ContentProblem[] = [];
  const reader = createFolderReader(dir, problems, undefined, undefined);
  const folder = openContentFolder(dir);
  const refuse = (lines: string[]): never => fail([`Nothing was changed in ${dir}:`, ...lines.map((line) => `  ${line}`)].join('\n'));

  // 1. The moves, all checked first.
  const moves = findOldLayoutFiles(reader);
  if (problems.length > 0) refuse(problems.map(formatProblem));
  const taken = moves.filter(({ newFile }) => folder.resolve(newFile).kind !== 'missing');
  if (taken.length > 0) refuse(taken.map(({ file, newFile }) => `${file}: cannot move to ${newFile}: that file exists (keep one of the two)`));

  /** The repository the folder is in, and which of its files git tracks; null outside a repository. */
  function gitRepository(): { top: string; tracked: Set<string> } | null {
    try {
      const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: folder.root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      const listed = execFileSync('git', ['ls-files', '-z', '--', '.'], { cwd: folder.root, encoding: 'utf8' });
      return { top, tracked: new Set(listed.split('\0').filter(Boolean)) };
    } catch {
      return null;
    }
  }
  const git = moves.length > 0 ? gitRepository() : null;
  let movedWithGit = 0;
  for (const { file, newFile } of moves) {
    // Both resolve inside the folder (listed through the reader, the new place checked missing).
    const from = relative(folder.root, (folder.resolve(file) as { realPath: string }).realPath);
    const to = newFile;
    if (git?.tracked.has(file)) {
      execFileSync('git', ['mv', '--', from, to], { cwd: folder.root, stdio: ['ignore', 'ignore', 'inherit'] });
      movedWithGit++;
    } else {
      renameSync(`${folder.root}/${from}`, `${folder.root}/${to}`);
    }
    context.out(`${file} → ${newFile}`);
  }

  // 2. Story uuids, in the new layout.
  let given = 0;
  for (const group of reader.directories(ENTRY_LAYOUTS.stories.folder)) {
    const directory = entryDirectory('stories', group);
    for (const name of reader.files(directory, entryExtension('stories'))) {
      const fileName = classifyEntryFileName('stories', name);
      const found = folder.resolve(`${directory}/${name}`);
      if (fileName.kind !== 'language' || found.kind !== 'file') continue;
      const text = readFileSync(found.realPath, 'utf8');
      const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
      if (!front || /^uuid:/m.test(front[1]!)) continue;
      // The derivation of the imports before uuids were required: folder and language.
      const uuid = uuidFromHash(createHash('sha256').update(`story:${group}:${fileName.locale}`).digest('hex'));
      const newline = text.startsWith('---\r\n') ? '\r\n' : '\n';
      writeFileSync(found.realPath, text.replace(/^---\r?\n/, `---${newline}uuid: ${uuid}${newline}`));
      context.out(`${directory}/${name}: uuid: ${uuid}`);
      given++;
    }
  }

  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  if (moves.length === 0 && given === 0) context.out(`${dir} is up to date: nothing to upgrade.`);
  else {
    const how = git && movedWithGit > 0 ? ` (${movedWithGit} with git mv: commit them as renames)` : '';
    context.out(`${plural(moves.length, 'file', 'files')} moved to the new layout${how}; ${plural(given, 'story file', 'story files')} given a uuid.`);
  }
}

export const upgradeContentCli: Cli = { main: upgrade, explain: (message) => `upgrade-content failed: ${message}` };

runAsProcess(import.meta.url, upgradeContentCli);
