// Where a content folder is inside the git repository the editor opens (the worker's
// EDITOR_CONTENT_DIR, src/env.ts editorContentDirOf): `npm start` and `npm run deploy` both ask
// here. The folder's own repository when it has one (`git rev-parse --show-toplevel`), else this
// project's; `.` when the folder is the repository itself.
import { execFileSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';

/**
 * The folder's path inside its repository, with `/` between names, or null when it lies outside
 * it (`projectRoot`: the repository to measure from when the folder has none of its own or does
 * not exist here, as in a deploy that only names it).
 */
export function contentDirInRepository(folder, projectRoot) {
  const absolute = resolve(projectRoot, folder);
  let top = projectRoot;
  if (existsSync(absolute)) {
    try {
      top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: absolute, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      // In no repository: measured from the project, so a folder of its own is `.` once git-initialised.
      return '.';
    }
  }
  const real = (path) => (existsSync(path) ? realpathSync(path) : path);
  const inside = relative(real(top), real(absolute));
  if (inside.startsWith('..') || resolve(inside) === inside) return null;
  return inside.split(sep).join('/') || '.';
}
