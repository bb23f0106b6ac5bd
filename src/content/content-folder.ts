/**
 * The one place the import turns a content-folder path into a file on disk, confined to the folder.
 *
 * A path is walked one segment at a time from the folder's real path, and every symbolic link on
 * the way is followed and checked: a link that leads outside the folder (to a file or to a whole
 * directory) or to nothing is refused with a message, so a file linked in from elsewhere (a
 * `policies/cookie-policy/index.fr.md` pointing at `~/notes.md`, a `stories/x` pointing at another
 * folder) is never read, let alone published. Links that stay inside the folder work as before.
 * Paths are spelt as content files spell them (`/`-separated, relative to the folder).
 */
import { lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

export type Resolution =
  /** The real path of what `path` names, inside the folder. */
  | { readonly kind: 'file' | 'directory' | 'other'; readonly realPath: string }
  | { readonly kind: 'missing' }
  /** Outside the folder, or a link to nothing: never read. */
  | { readonly kind: 'refused'; readonly message: string };

export interface ContentFolder {
  /** The folder's real path. */
  readonly root: string;
  resolve(path: string): Resolution;
}

export function openContentFolder(dir: string): ContentFolder {
  const root = realpathSync(dir);
  const inside = (target: string) => target === root || target.startsWith(root + sep);
  const outside = (link: string) => ({ kind: 'refused', message: `leads outside the content folder through the symbolic link "${link}" (the import reads only files inside the folder)` }) as const;

  const resolvePath = (path: string): Resolution => {
    const lexical = resolve(root, path);
    if (isAbsolute(path) || !inside(lexical)) return { kind: 'refused', message: 'is outside the content folder (the import reads only files inside the folder)' };
    let current = root;
    for (const segment of relative(root, lexical).split(sep).filter(Boolean)) {
      const next = join(current, segment);
      const stat = lstatSync(next, { throwIfNoEntry: false });
      if (!stat) return { kind: 'missing' };
      if (!stat.isSymbolicLink()) {
        current = next;
        continue;
      }
      const link = relative(root, next).split(sep).join('/');
      let target: string;
      try {
        target = realpathSync(next);
      } catch {
        // A link to nothing: refused as leading outside when its target would lie outside.
        const pointsAt = resolve(dirname(next), readlinkSync(next));
        return inside(pointsAt) ? { kind: 'refused', message: `is a symbolic link to nothing ("${link}" points at a missing file)` } : outside(link);
      }
      if (!inside(target)) return outside(link);
      current = target;
    }
    const stat = statSync(current);
    return { kind: stat.isFile() ? 'file' : stat.isDirectory() ? 'directory' : 'other', realPath: current };
  };
  return { root, resolve: resolvePath };
}

/** A problem with one path of the folder, as the import reports it (`file: message`). */
export interface PathProblem {
  readonly file: string;
  readonly message: string;
}

/**
 * The entries of the folder's directory `path` that resolve to `kind` (and, for files, end with
 * `extension`), sorted, each resolved; an entry that would be read but is refused is reported.
 * Entries of another kind are left alone, as before: a stray file among story folders is no story.
 */
export function listEntries(folder: ContentFolder, path: string, kind: 'file' | 'directory', extension: string, report: (problem: PathProblem) => void): string[] {
  const directory = folder.resolve(path);
  if (directory.kind === 'refused') {
    report({ file: path, message: directory.message });
    return [];
  }
  if (directory.kind !== 'directory') return [];
  const names: string[] = [];
  for (const name of readdirSync(directory.realPath).sort()) {
    if (!name.endsWith(extension)) continue;
    const entry = folder.resolve(`${path}/${name}`);
    if (entry.kind === 'refused') report({ file: `${path}/${name}`, message: entry.message });
    else if (entry.kind === kind) names.push(name);
  }
  return names;
}
