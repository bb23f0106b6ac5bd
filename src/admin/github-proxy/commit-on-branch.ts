/**
 * GraphQL's `createCommitOnBranch`, carried out by the proxy (ADR 0051). GitHub's mutation makes
 * the token's owner the author, which for an installation token is the App; the press officer
 * must be the author. So after checking every path (inside the content folder) and the branch
 * (the configured one or a `cms/…` one), the same commit is made with the git data API, which
 * takes an author: the branch's head must still be `expectedHeadOid` (as the mutation demands),
 * each addition becomes a blob, the tree is the head's tree with the additions and deletions, the
 * commit has the person as author and the App as committer, and the branch moves to it as a
 * fast-forward. The answer is shaped as GitHub's mutation would answer the editor's selection
 * (`commit { oid committedDate url file(path) { oid } }`, aliases kept).
 */
import type { FieldNode, SelectionSetNode } from 'graphql/language';
import { Kind } from 'graphql/language';
import { branchRefusal, pathsRefusal } from '#src/domain/content-folder-writes';
import { headOf } from './repository-checks';
import { authorOf, GitHubStepError, isTheRepository, objectBody, ProxyRefusal, refuseIf, repositoryName, requirePublisher, type ProxyScope } from './proxy-scope';

/** The mutation's answer when the branch moved since the editor read it: GitHub's words, as a GraphQL error. */
export class StaleHeadError extends Error {
  constructor(expected: string) {
    super(`Expected branch to point to "${expected}" but it did not. Pull and try again.`);
    this.name = 'StaleHeadError';
  }
}

interface Addition {
  readonly path: string;
  readonly contents: string;
}

function additionsOf(value: unknown): Addition[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ProxyRefusal('fileChanges.additions is not a list');
  return value.map((item) => {
    const { path, contents } = objectBody(item);
    if (typeof path !== 'string' || typeof contents !== 'string') throw new ProxyRefusal('an addition needs a path and base64 contents');
    return { path, contents };
  });
}

function deletionsOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ProxyRefusal('fileChanges.deletions is not a list');
  return value.map((item) => {
    const { path } = objectBody(item);
    if (typeof path !== 'string') throw new ProxyRefusal('a deletion needs a path');
    return path;
  });
}

async function created(scope: ProxyScope, path: string, body: unknown, what: string): Promise<Record<string, unknown>> {
  const { owner, name } = scope.repository;
  const answer = await scope.github.call('POST', `/repos/${owner}/${name}${path}`, body);
  if (answer.status !== 201 || typeof answer.body !== 'object' || answer.body === null) throw new GitHubStepError(`to create the ${what}`, answer.status);
  return answer.body as Record<string, unknown>;
}

/** The editor's selection under `commit`, answered from what was made. */
function commitSelection(selection: SelectionSetNode | undefined, commit: { sha: string; date: string; url: string }, blobs: ReadonlyMap<string, string>): Record<string, unknown> | null {
  if (!selection) return null;
  const out: Record<string, unknown> = {};
  for (const node of selection.selections) {
    if (node.kind !== Kind.FIELD) continue;
    const key = node.alias?.value ?? node.name.value;
    switch (node.name.value) {
      case 'oid':
        out[key] = commit.sha;
        break;
      case 'committedDate':
      case 'authoredDate':
        out[key] = commit.date;
        break;
      case 'url':
        out[key] = commit.url;
        break;
      case '__typename':
        out[key] = 'Commit';
        break;
      case 'file': {
        const pathArgument = node.arguments?.find((argument) => argument.name.value === 'path')?.value;
        const oid = pathArgument?.kind === Kind.STRING ? blobs.get(pathArgument.value) : undefined;
        out[key] = oid ? { oid } : null;
        break;
      }
      default:
        out[key] = null;
    }
  }
  return out;
}

/** Carries out `createCommitOnBranch` with `input`, answering `field`'s selection. */
export async function commitOnBranch(scope: ProxyScope, input: Record<string, unknown>, field: FieldNode): Promise<Record<string, unknown>> {
  const target = objectBody(input.branch);
  const branch = target.branchName;
  if (typeof branch !== 'string') throw new ProxyRefusal('the commit names no branch');
  refuseIf(branchRefusal(branch, scope.branch));
  // A commit on the configured branch is published as it lands (the editor's simple mode).
  if (branch === scope.branch) requirePublisher(scope);
  if (typeof target.repositoryNameWithOwner === 'string') {
    if (!isTheRepository(scope, ...(target.repositoryNameWithOwner.split('/') as [string, string]))) throw new ProxyRefusal(`the editor commits only to ${repositoryName(scope)}, not ${target.repositoryNameWithOwner}`);
  } else {
    throw new ProxyRefusal('the commit must name its repository by repositoryNameWithOwner');
  }
  const changes = objectBody(input.fileChanges ?? {});
  const additions = additionsOf(changes.additions);
  const deletions = deletionsOf(changes.deletions);
  if (additions.length === 0 && deletions.length === 0) throw new ProxyRefusal('the commit changes no file');
  refuseIf(pathsRefusal([...additions.map((addition) => addition.path), ...deletions], scope.contentDir));
  const message = objectBody(input.message);
  if (typeof message.headline !== 'string' || message.headline.trim() === '') throw new ProxyRefusal('the commit has no message');
  const expected = input.expectedHeadOid;
  if (typeof expected !== 'string') throw new ProxyRefusal('the commit names no expectedHeadOid');

  const head = await headOf(scope, branch);
  if (head === null) throw new ProxyRefusal(`branch ${branch} does not exist`, 404);
  if (head.toLowerCase() !== expected.toLowerCase()) throw new StaleHeadError(expected);
  const { owner, name } = scope.repository;
  const headCommit = await scope.github.call('GET', `/repos/${owner}/${name}/git/commits/${head}`);
  const baseTree = (headCommit.body as { tree?: { sha?: unknown } } | null)?.tree?.sha;
  if (headCommit.status !== 200 || typeof baseTree !== 'string') throw new GitHubStepError(`the head commit of ${branch}`, headCommit.status);

  // The blobs depend on nothing but their bytes: made together.
  const shas = await Promise.all(additions.map((addition) => created(scope, '/git/blobs', { content: addition.contents, encoding: 'base64' }, 'file')));
  const blobs = new Map(additions.map((addition, index) => [addition.path, String(shas[index]!.sha)]));
  const tree = await created(
    scope,
    '/git/trees',
    { base_tree: baseTree, tree: [...additions.map(({ path }) => ({ path, mode: '100644', type: 'blob', sha: blobs.get(path) })), ...deletions.map((path) => ({ path, mode: '100644', type: 'blob', sha: null }))] },
    'tree',
  );
  const text = typeof message.body === 'string' && message.body ? `${message.headline}\n\n${message.body}` : message.headline;
  const commit = await created(scope, '/git/commits', { message: text, tree: tree.sha, parents: [head], author: authorOf(scope) }, 'commit');
  const sha = String(commit.sha);
  const moved = await scope.github.call('PATCH', `/repos/${owner}/${name}/git/refs/heads/${branch.split('/').map(encodeURIComponent).join('/')}`, { sha, force: false });
  // Someone else's commit landed between the check and the move: the editor reloads and tries again.
  if (moved.status === 422) throw new StaleHeadError(expected);
  if (moved.status !== 200) throw new GitHubStepError(`to move ${branch}`, moved.status);

  const committer = commit.committer as { date?: unknown } | undefined;
  const made = { sha, date: typeof committer?.date === 'string' ? committer.date : scope.now().toISOString(), url: typeof commit.html_url === 'string' ? commit.html_url : '' };
  const out: Record<string, unknown> = {};
  for (const node of field.selectionSet?.selections ?? []) {
    if (node.kind !== Kind.FIELD) continue;
    const key = node.alias?.value ?? node.name.value;
    if (node.name.value === 'commit') out[key] = commitSelection(node.selectionSet, made, blobs);
    else if (node.name.value === '__typename') out[key] = 'CreateCommitOnBranchPayload';
    else out[key] = null;
  }
  return out;
}
