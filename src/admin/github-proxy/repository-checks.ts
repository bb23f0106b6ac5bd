/**
 * The proxy's checks that need GitHub's word (ADR 0051): a pull request is one of the editor's
 * (from a `cms/…` branch of this repository into the configured branch), the files a pull request
 * or a branch move would change are all inside the content folder. Each asks GitHub with the
 * installation token before the editor's request is forwarded.
 */
import { branchRefusal, pathsRefusal, WORKFLOW_BRANCH_PREFIX } from '#src/domain/content-folder-writes';
import { isTheRepository, ProxyRefusal, refuseIf, type ProxyScope } from './proxy-scope';

/** GitHub lists at most 300 files in a comparison; a change that big is not the editor's to make. */
const MAX_CHECKED_FILES = 300;

interface ChangedFile {
  readonly filename?: unknown;
  readonly previous_filename?: unknown;
}

/** Every path a list of changed files touches: names and, for renames, the names they had. */
function pathsOf(files: readonly ChangedFile[]): string[] {
  return files.flatMap((file) => [file.filename, file.previous_filename].filter((name): name is string => typeof name === 'string'));
}

export interface PullRequestSummary {
  readonly number: number;
  readonly headRef: string;
  readonly baseRef: string;
  readonly nodeId: string;
}

/** Pull request `number`, when it is one of the editor's; refused otherwise. */
export async function editorPullRequest(scope: ProxyScope, number: string): Promise<PullRequestSummary> {
  if (!/^[0-9]{1,9}$/.test(number)) throw new ProxyRefusal(`“${number}” is not a pull request number`);
  const { owner, name } = scope.repository;
  const answer = await scope.github.call('GET', `/repos/${owner}/${name}/pulls/${number}`);
  if (answer.status === 404) throw new ProxyRefusal(`pull request #${number} does not exist`, 404);
  const pull = answer.body as { number?: unknown; node_id?: unknown; head?: { ref?: unknown; repo?: { full_name?: unknown } | null }; base?: { ref?: unknown } } | null;
  if (answer.status !== 200 || typeof pull?.head?.ref !== 'string' || typeof pull.base?.ref !== 'string') throw new ProxyRefusal(`pull request #${number} could not be read from GitHub (${answer.status})`, 403);
  const headRepository = pull.head.repo?.full_name;
  if (typeof headRepository !== 'string' || !isTheRepository(scope, ...(headRepository.split('/') as [string, string]))) throw new ProxyRefusal(`pull request #${number} does not come from ${owner}/${name} itself`);
  if (!pull.head.ref.startsWith(WORKFLOW_BRANCH_PREFIX) || pull.base.ref !== scope.branch) {
    throw new ProxyRefusal(`pull request #${number} is not one of the editor’s (from a ${WORKFLOW_BRANCH_PREFIX}… branch into ${scope.branch})`);
  }
  return { number: Number(number), headRef: pull.head.ref, baseRef: pull.base.ref, nodeId: typeof pull.node_id === 'string' ? pull.node_id : '' };
}

/** Refuses unless every file pull request `number` changes is inside the content folder. */
export async function checkPullRequestFiles(scope: ProxyScope, number: number): Promise<void> {
  const { owner, name } = scope.repository;
  const answer = await scope.github.call('GET', `/repos/${owner}/${name}/pulls/${number}/files?per_page=100`);
  const files = Array.isArray(answer.body) ? (answer.body as ChangedFile[]) : null;
  if (answer.status !== 200 || !files) throw new ProxyRefusal(`the files of pull request #${number} could not be read from GitHub (${answer.status})`);
  // One page of a hundred: a bigger pull request is not one the editor opened.
  if (files.length >= 100) throw new ProxyRefusal(`pull request #${number} changes too many files to check`);
  refuseIf(pathsRefusal(pathsOf(files), scope.contentDir));
}

/** The commit a branch points at, or null when it does not exist. */
export async function headOf(scope: ProxyScope, branch: string): Promise<string | null> {
  const { owner, name } = scope.repository;
  const answer = await scope.github.call('GET', `/repos/${owner}/${name}/git/ref/heads/${branch.split('/').map(encodeURIComponent).join('/')}`);
  if (answer.status === 404) return null;
  const sha = (answer.body as { object?: { sha?: unknown } } | null)?.object?.sha;
  if (answer.status !== 200 || typeof sha !== 'string') throw new ProxyRefusal(`branch ${branch} could not be read from GitHub (${answer.status})`);
  return sha;
}

/** The paths changed from the common ancestor of `base` and `head` to `head`, and whether `head` is ahead only. */
async function comparison(scope: ProxyScope, base: string, head: string): Promise<{ paths: string[]; fastForward: boolean }> {
  const { owner, name } = scope.repository;
  const answer = await scope.github.call('GET', `/repos/${owner}/${name}/compare/${encodeURIComponent(base)}...${encodeURIComponent(head)}?per_page=${MAX_CHECKED_FILES}`);
  const body = answer.body as { status?: unknown; files?: unknown } | null;
  if (answer.status === 404) throw new ProxyRefusal(`commit ${head} is not in ${owner}/${name}`);
  if (answer.status !== 200 || !Array.isArray(body?.files)) throw new ProxyRefusal(`GitHub could not compare ${base} with ${head} (${answer.status})`);
  if (body.files.length >= MAX_CHECKED_FILES) throw new ProxyRefusal('the change touches too many files to check');
  return { paths: pathsOf(body.files as ChangedFile[]), fastForward: body.status === 'ahead' || body.status === 'identical' };
}

/**
 * Refuses moving `branch` to commit `sha` unless every file that would differ afterwards is inside
 * the content folder: the files from the branch's head to the commit and, when the move is not a
 * fast-forward, the files the branch would lose. A branch that does not exist yet is compared with
 * the configured branch (a new workflow branch starts from it).
 */
export async function checkBranchMove(scope: ProxyScope, branch: string, sha: string): Promise<void> {
  refuseIf(branchRefusal(branch, scope.branch));
  if (!/^[0-9a-f]{40}$/i.test(sha)) throw new ProxyRefusal(`“${sha}” is not a commit id`);
  const current = (await headOf(scope, branch)) ?? (await headOf(scope, scope.branch));
  if (current === null || current.toLowerCase() === sha.toLowerCase()) return;
  const forward = await comparison(scope, current, sha);
  refuseIf(pathsRefusal(forward.paths, scope.contentDir));
  if (!forward.fastForward) refuseIf(pathsRefusal((await comparison(scope, sha, current)).paths, scope.contentDir));
}
