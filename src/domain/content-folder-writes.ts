/**
 * What the press office's editor may change in the content repository (docs/spec-coverage.md
 * section 6, "The press office's door"; ADR 0051): files inside the content folder only, on the configured
 * branch or the editorial workflow's `cms/…` branches only. The GitHub proxy
 * (src/admin/github-proxy/) asks these questions of every path and branch of every write before
 * anything is forwarded; they are plain functions, tested as tables.
 */

/** Why a write was refused: the proxy's 403 says it (in English, to the editor and the log). */
export type WriteRefusal = string;

/** The editorial workflow's branches, as Sveltia CMS names them: `cms/<collection>/<slug>`. */
export const WORKFLOW_BRANCH_PREFIX = 'cms/';

/** A git ref name part: letters, digits, `.`, `_`, `-`, joined by `/`; no `..`, no part led by `.`, no `.lock` end. */
const BRANCH_PATTERN = /^(?!.*\.\.)(?!.*\/\.)(?!\.)(?!.*\.lock(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

/** Is `branch` one the editor may write: the configured branch, or a workflow branch? */
export function branchRefusal(branch: string, configuredBranch: string): WriteRefusal | null {
  if (!BRANCH_PATTERN.test(branch)) return `“${branch}” is not a branch name the editor writes`;
  if (branch === configuredBranch) return null;
  if (branch.startsWith(WORKFLOW_BRANCH_PREFIX) && branch.length > WORKFLOW_BRANCH_PREFIX.length) return null;
  return `the editor writes only to ${configuredBranch} and its own ${WORKFLOW_BRANCH_PREFIX}… branches, not to “${branch}”`;
}

/** `refs/heads/<branch>` → `<branch>`; null for any other kind of ref. */
export function branchOfRef(ref: string): string | null {
  return ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null;
}

/**
 * Is `path` (as git names it: relative to the repository's root, `/`-separated) a file inside the
 * content folder? `contentDir` null means the repository is the content folder. Never `.github/`
 * (workflows deploy with the Cloudflare key), never a `.git` part, never `.`/`..` parts, empty
 * parts or backslashes, whatever the folder.
 */
export function pathRefusal(path: string, contentDir: string | null): WriteRefusal | null {
  const parts = path.split('/');
  if (path.length === 0 || path.length > 1024 || path.includes('\\') || path.includes('\0') || parts.some((part) => part === '' || part === '.' || part === '..')) {
    return `“${path}” is not a file path the editor writes`;
  }
  if (parts[0] === '.github' || parts.some((part) => part.toLowerCase() === '.git')) return `“${path}” is outside the content folder: the editor never changes .github/ or .git`;
  if (contentDir !== null && !path.startsWith(`${contentDir}/`)) return `“${path}” is outside the content folder (${contentDir}/)`;
  return null;
}

/** The first refusal among `paths`, or null when every one is inside the content folder. */
export function pathsRefusal(paths: readonly string[], contentDir: string | null): WriteRefusal | null {
  for (const path of paths) {
    const refusal = pathRefusal(path, contentDir);
    if (refusal) return refusal;
  }
  return null;
}

/** Who may do what: *editors* write and propose, *publishers* also publish (merge). */
export interface EditorRoles {
  readonly edit: boolean;
  readonly publish: boolean;
}

/**
 * The roles of `email` given the two lists (EDITOR_EDITORS, EDITOR_PUBLISHERS): entries are
 * addresses or `@domain`s, matched without regard to case. An empty editors list holds everyone
 * who passed the door; an empty publishers list holds every editor; a publisher is an editor too.
 */
export function rolesOf(email: string, editors: readonly string[], publishers: readonly string[]): EditorRoles {
  const address = email.trim().toLowerCase();
  const inList = (list: readonly string[]) => list.some((entry) => (entry.startsWith('@') ? address.endsWith(entry.toLowerCase()) : address === entry.toLowerCase()));
  const editor = editors.length === 0 || inList(editors);
  const publish = publishers.length === 0 ? editor : inList(publishers);
  return { edit: editor || publish, publish };
}
