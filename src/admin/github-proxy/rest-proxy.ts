/**
 * The editor's REST calls to GitHub, judged one by one (ADR 0051) before any is forwarded with the
 * App's installation token:
 *
 * - who the person is: `GET /user` and the collaborator check are answered here, from Access (an
 *   installation token has no user, and the person has no GitHub account to look up);
 * - reads (`GET`, `HEAD`) of the one repository go through; nothing outside it does;
 * - writes, for people with the editor role, only as the editor makes them: blobs; trees (every
 *   entry's path inside the content folder, always on a base tree); commits (authored by the
 *   person, committed by the App); branch creations, moves and deletions (`cms/…` branches, or the
 *   configured branch moved only to a commit whose every changed file is inside the content
 *   folder, and only by publishers: a change on it is published); contents (`PUT`/`DELETE` of a path in the folder, authored by the person); the
 *   editor's pull requests (opened from a `cms/…` branch into the configured branch, saying who
 *   wrote them), their labels, and their merge (publishers only; every file inside the folder;
 *   the merge commit says who published).
 *
 * Anything else is a `ProxyRefusal` (403 with the reason).
 */
import { branchOfRef, branchRefusal, pathRefusal, pathsRefusal, WORKFLOW_BRANCH_PREFIX } from '#src/domain/content-folder-writes';
import { checkBranchMove, checkPullRequestFiles, editorPullRequest } from './repository-checks';
import { authorOf, isTheRepository, objectBody, personLine, ProxyRefusal, refuseIf, requirePublisher, repositoryName, type ProxyScope } from './proxy-scope';

export interface ProxiedRequest {
  readonly method: string;
  /** The path below the proxy's REST root, as sent (`/repos/o/r/…`). */
  readonly path: string;
  /** `?…` or ''. */
  readonly search: string;
  /** The request's `Accept`, passed on when it is one of GitHub's media types. */
  readonly accept: string | null;
  readonly body: ArrayBuffer | null;
}

/** What to send GitHub: the request as it came, or with a rewritten JSON body. */
type Forward = { readonly body: ArrayBuffer | null } | { readonly json: Record<string, unknown> };

/** An answer made here, without GitHub. */
export type LocalAnswer = { readonly local: Response };

const json = (status: number, body: unknown): LocalAnswer => ({ local: new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } }) });

/** The person as GitHub's `GET /user` shapes a user: the editor shows the name, keeps the login. */
function userOf(scope: ProxyScope): Record<string, unknown> {
  return { login: scope.person.email, id: 0, node_id: '', type: 'User', site_admin: false, name: scope.person.name, email: scope.person.email, avatar_url: '', html_url: '' };
}

function decodedParts(path: string): string[] {
  try {
    return path.split('/').slice(1).map((part) => decodeURIComponent(part));
  } catch {
    throw new ProxyRefusal('the address is not valid');
  }
}

function bodyJson(body: ArrayBuffer | null): Record<string, unknown> {
  if (!body) return objectBody(null);
  try {
    return objectBody(JSON.parse(new TextDecoder().decode(body)));
  } catch (error) {
    if (error instanceof ProxyRefusal) throw error;
    throw new ProxyRefusal('the request’s body is not JSON');
  }
}

/** Refuses keys other than `allowed` in a body. */
function onlyKeys(body: Record<string, unknown>, allowed: readonly string[], what: string): void {
  const extra = Object.keys(body).filter((key) => !allowed.includes(key));
  if (extra.length > 0) throw new ProxyRefusal(`${what} may not change ${extra.join(', ')}`);
}

const stringOf = (value: unknown, what: string): string => {
  if (typeof value !== 'string' || value.length === 0) throw new ProxyRefusal(`${what} is missing`);
  return value;
};

/** A tree's entries: every path inside the content folder, and only on top of a base tree. */
function checkTree(scope: ProxyScope, body: Record<string, unknown>): void {
  if (typeof body.base_tree !== 'string') throw new ProxyRefusal('a tree without base_tree would replace the whole repository');
  if (!Array.isArray(body.tree) || body.tree.length === 0) throw new ProxyRefusal('the tree has no entries');
  const paths = body.tree.map((entry: unknown) => stringOf((entry as { path?: unknown } | null)?.path, 'a tree entry’s path'));
  refuseIf(pathsRefusal(paths, scope.contentDir));
  if (body.tree.some((entry: { mode?: unknown }) => entry.mode === '160000' || entry.mode === '120000')) throw new ProxyRefusal('the editor writes files, not links or submodules');
}

/** The write the editor asked for, checked; how to forward it. */
async function judgeWrite(scope: ProxyScope, request: ProxiedRequest, rest: string[]): Promise<Forward> {
  const { method } = request;
  const route = `${method} ${rest[0] ?? ''}/${rest[1] ?? ''}`;
  const body = () => bodyJson(request.body);

  if (route === 'POST git/blobs' && rest.length === 2) return { body: request.body };
  if (route === 'POST git/trees' && rest.length === 2) {
    checkTree(scope, body());
    return { body: request.body };
  }
  if (route === 'POST git/commits' && rest.length === 2) {
    const commit = body();
    onlyKeys(commit, ['message', 'tree', 'parents', 'author', 'committer', 'signature'], 'a commit');
    const { committer: _committer, signature: _signature, ...rest } = commit;
    return { json: { ...rest, author: authorOf(scope) } };
  }
  if (route === 'POST git/refs' && rest.length === 2) {
    const ref = body();
    const branch = branchOfRef(stringOf(ref.ref, 'the ref'));
    if (branch === null || !branch.startsWith(WORKFLOW_BRANCH_PREFIX)) throw new ProxyRefusal(`the editor creates only its own ${WORKFLOW_BRANCH_PREFIX}… branches`);
    await checkBranchMove(scope, branch, stringOf(ref.sha, 'the commit'));
    return { body: request.body };
  }
  if (rest[0] === 'git' && rest[1] === 'refs' && rest[2] === 'heads' && rest.length > 3) {
    const branch = rest.slice(3).join('/');
    refuseIf(branchRefusal(branch, scope.branch));
    if (branch === scope.branch) requirePublisher(scope);
    if (method === 'PATCH') {
      const move = body();
      onlyKeys(move, ['sha', 'force'], 'a branch move');
      await checkBranchMove(scope, branch, stringOf(move.sha, 'the commit'));
      return { body: request.body };
    }
    if (method === 'DELETE') {
      if (!branch.startsWith(WORKFLOW_BRANCH_PREFIX)) throw new ProxyRefusal(`the editor deletes only its own ${WORKFLOW_BRANCH_PREFIX}… branches`);
      return { body: null };
    }
  }
  if (rest[0] === 'contents' && rest.length > 1 && (method === 'PUT' || method === 'DELETE')) {
    refuseIf(pathRefusal(rest.slice(1).join('/'), scope.contentDir));
    const change = body();
    onlyKeys(change, ['message', 'content', 'sha', 'branch', 'author', 'committer'], 'a file change');
    const branch = typeof change.branch === 'string' ? change.branch : scope.branch;
    refuseIf(branchRefusal(branch, scope.branch));
    if (branch === scope.branch) requirePublisher(scope);
    const { committer: _committer, ...kept } = change;
    return { json: { ...kept, author: authorOf(scope) } };
  }
  if (route === 'POST pulls/' && rest.length === 1) {
    const pull = body();
    onlyKeys(pull, ['title', 'head', 'base', 'body', 'draft', 'maintainer_can_modify'], 'a pull request');
    const head = stringOf(pull.head, 'the pull request’s head').replace(new RegExp(`^${scope.repository.owner}:`, 'i'), '');
    if (!head.startsWith(WORKFLOW_BRANCH_PREFIX) || head.includes(':')) throw new ProxyRefusal(`the editor opens pull requests only from its own ${WORKFLOW_BRANCH_PREFIX}… branches`);
    refuseIf(branchRefusal(head, scope.branch));
    if (pull.base !== scope.branch) throw new ProxyRefusal(`the editor’s pull requests go into ${scope.branch}`);
    const text = typeof pull.body === 'string' ? `${pull.body}\n\n` : '';
    return { json: { ...pull, head, body: `${text}Written by ${personLine(scope)}` } };
  }
  if (rest[0] === 'pulls' && rest.length >= 2) {
    const pull = await editorPullRequest(scope, rest[1]!);
    if (method === 'PATCH' && rest.length === 2) {
      onlyKeys(body(), ['state', 'title', 'body'], 'a pull request update');
      return { body: request.body };
    }
    if (method === 'PUT' && rest[2] === 'merge' && rest.length === 3) {
      requirePublisher(scope);
      await checkPullRequestFiles(scope, pull.number);
      const merge = body();
      onlyKeys(merge, ['merge_method', 'commit_title', 'commit_message', 'sha'], 'a merge');
      const text = typeof merge.commit_message === 'string' && merge.commit_message ? `${merge.commit_message}\n\n` : '';
      return { json: { ...merge, commit_message: `${text}Published by ${personLine(scope)}` } };
    }
  }
  if (rest[0] === 'issues' && rest.length >= 2) {
    // Labels are how the editorial workflow marks a pull request's status.
    await editorPullRequest(scope, rest[1]!);
    if (method === 'PATCH' && rest.length === 2) {
      onlyKeys(body(), ['labels'], 'the editor');
      return { body: request.body };
    }
    if (rest[2] === 'labels' && ((method === 'POST' || method === 'PUT') ? rest.length === 3 : method === 'DELETE')) return { body: request.body };
  }
  throw new ProxyRefusal(`${method} ${request.path} is not a change the editor makes`);
}

export type RestVerdict = LocalAnswer | { readonly forward: { method: string; pathWithQuery: string; headers: Record<string, string>; body: ArrayBuffer | null }; readonly write: string | null };

/** What to do with one REST call of the editor: answer it here, forward it (a write named for the log), or refuse it. */
export async function judgeRestRequest(scope: ProxyScope, request: ProxiedRequest): Promise<RestVerdict> {
  const { method } = request;
  const parts = decodedParts(request.path);
  const reading = method === 'GET' || method === 'HEAD';
  if (reading && parts.length === 1 && parts[0] === 'user') return json(200, userOf(scope));
  if (parts[0] !== 'repos' || parts.length < 3) throw new ProxyRefusal(`the editor reaches only the repository ${repositoryName(scope)}`);
  if (!isTheRepository(scope, parts[1]!, parts[2]!)) throw new ProxyRefusal(`the editor reaches only the repository ${repositoryName(scope)}, not ${parts[1]}/${parts[2]}`);
  const rest = parts.slice(3);
  if (reading && rest[0] === 'collaborators' && rest.length === 2) {
    // The editor asks whether the signed-in person may write: yes for someone with the editor role.
    const mayWrite = rest[1]!.toLowerCase() === scope.person.email.toLowerCase() && scope.roles.edit;
    return mayWrite ? json(204, null) : json(404, { message: 'Not Found' });
  }
  const accept: Record<string, string> = request.accept && /^application\/(vnd\.github[a-z0-9.+-]*|json)$/i.test(request.accept) ? { Accept: request.accept } : {};
  if (reading) return { forward: { method, pathWithQuery: `${request.path}${request.search}`, headers: accept, body: null }, write: null };
  // A write's parameters are its body, which the rules read: a query is not passed on.
  const pathWithQuery = request.path;
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) throw new ProxyRefusal(`${method} is not a method the editor uses`);
  if (!scope.roles.edit) throw new ProxyRefusal(`${scope.person.email} may read the newsroom’s content but not change it (EDITOR_EDITORS)`);
  const forward = await judgeWrite(scope, request, rest);
  const write = `${method} ${rest.join('/')}`;
  if ('json' in forward) {
    return { forward: { method, pathWithQuery, headers: { ...accept, 'Content-Type': 'application/json' }, body: new TextEncoder().encode(JSON.stringify(forward.json)).buffer as ArrayBuffer }, write };
  }
  return { forward: { method, pathWithQuery, headers: forward.body ? { ...accept, 'Content-Type': 'application/json' } : accept, body: forward.body }, write };
}
