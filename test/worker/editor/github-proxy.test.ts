// The editor's GitHub proxy (POST /admin/github/api/graphql, /admin/github/api/v3/*; ADR 0051)
// through the whole app, Cloudflare Access played by test/fixtures/fake-access.ts and GitHub by
// test/fixtures/fake-github-app.ts (the App's key pair, its token exchange, the repository's REST
// and GraphQL API; every request it receives recorded).
//
// What it guards: the worker holds a key that can write the whole repository (workflows included,
// which deploy with the Cloudflare key), and hands the press team only this: behind Access, from
// the editor's own page, files inside EDITOR_CONTENT_DIR, on main or the editor's cms/… branches,
// merges by publishers of the editor's own pull requests, with the person as the commits' author.
// Every refusal is a 403 (413 for a body too big) with a JSON {message} giving the reason, one
// `editor_proxy_refused` warning, and nothing written to GitHub; a refusal decided from the request
// alone sends GitHub nothing at all. What passes is sent with the App's installation token
// (exchanged once, narrowed to the repository and to contents, pull requests and metadata), never
// the browser's Authorization, and every write is logged with the person's e-mail, never a token.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createApp } from '#src/app';
import { ACCESS_HEADER, DOOR_TEXTS } from '#src/admin/admin-door';
import { MAX_PROXY_BODY_BYTES } from '#src/admin/github-proxy/github-proxy-routes';
import { createFakeAccess, type AccessClaims, type FakeAccess } from '../../fixtures/fake-access';
import { createFakeGitHubApp, madeUpSha, strangerPrivateKeyPem, type FakeChangedFile, type FakeGitHubApp, type FakePullRequest } from '../../fixtures/fake-github-app';
import { ORIGIN } from '../request';

const REST_ROOT = `${ORIGIN}/admin/github/api/v3`;
const GRAPHQL_URL = `${ORIGIN}/admin/github/api/graphql`;
const REPO = '/repos/northwind/newsroom';
const EMAIL = 'press.officer@northwind.example';
const NAME = 'Petra Jansen';
const FOLDER = 'content/demo';
/** What Sveltia CMS sends as its own Authorization: a placeholder the proxy must never pass on. */
const BROWSER_AUTHORIZATION = 'token gho_browser';
const REPOSITORY_QUERY = 'query { repository(owner: "northwind", name: "newsroom") { id nameWithOwner isPrivate } }';

let access: FakeAccess;
let accessToken: string;
/** GitHub for most tests: one stand-in for the file (the proxy keeps its token per isolate), put back before each test. */
let github: FakeGitHubApp;

interface LogLine {
  readonly event?: string;
  readonly [field: string]: unknown;
}
/** What the worker logged during the test: console.log and console.warn lines, parsed; and every line as written. */
let logs: { info: LogLine[]; warn: LogLine[]; raw: string[] };

/** A GitHub installation id no test used before: the proxy's token cache starts empty for it, whatever ran first. */
let lastInstallation = 70_000;
const freshInstallation = () => String(++lastInstallation);

function bindingsFor(stand: FakeGitHubApp): Record<string, string> {
  return {
    ACCESS_TEAM_DOMAIN: access.teamDomain,
    ACCESS_AUD: access.audience,
    GITHUB_APP_ID: '12345',
    GITHUB_APP_INSTALLATION_ID: stand.installationId,
    GITHUB_APP_PRIVATE_KEY: stand.privateKeyPem,
    EDITOR_REPOSITORY: 'northwind/newsroom',
    EDITOR_CONTENT_DIR: FOLDER,
    EDITOR_EDITORS: '',
    EDITOR_PUBLISHERS: '',
  };
}

interface SendOptions {
  readonly method?: string;
  readonly json?: unknown;
  readonly body?: BodyInit;
  /** Headers over the editor page's own; null removes one. */
  readonly headers?: Record<string, string | null>;
  readonly bindings?: Record<string, string>;
  readonly github?: FakeGitHubApp;
}

/** A request as the editor's page sends it: same origin, the Access token, Sveltia's placeholder Authorization. */
async function send(url: string, options: SendOptions = {}): Promise<Response> {
  const stand = options.github ?? github;
  const headers = new Headers({ Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Authorization: BROWSER_AUTHORIZATION, [ACCESS_HEADER]: accessToken });
  if (options.json !== undefined) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  }
  const body = options.json !== undefined ? JSON.stringify(options.json) : options.body;
  const ctx = createExecutionContext();
  const response = await createApp({ accessFetch: access.fetch, githubFetch: stand.fetch }).fetch(
    new Request(url, { method: options.method ?? 'GET', headers, ...(body === undefined ? {} : { body }), redirect: 'manual' }),
    { ...env, ...bindingsFor(stand), ...options.bindings },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const rest = (method: string, path: string, json?: unknown, options: SendOptions = {}) => send(`${REST_ROOT}${path}`, { method, ...(json === undefined ? {} : { json }), ...options });
const graphql = (query: string, variables?: Record<string, unknown>, options: SendOptions = {}) => send(GRAPHQL_URL, { method: 'POST', json: { query, ...(variables ? { variables } : {}) }, ...options });

/** An addition as createCommitOnBranch takes it (base64 contents). */
const addition = (path: string, text = `Text of ${path}`) => ({ path, contents: btoa(text) });

interface CommitOptions {
  readonly branch?: string;
  readonly repository?: string;
  readonly additions?: readonly { path: string; contents: string }[];
  readonly deletions?: readonly { path: string }[];
  readonly expectedHeadOid?: string;
}

/** Sveltia CMS's createCommitOnBranch (src/lib/services/backends/git/github/commits.js): the new blobs' oids asked for as `file_{index}`. */
function commitMutation(options: CommitOptions = {}, stand: FakeGitHubApp = github): { query: string; variables: Record<string, unknown> } {
  const additions = options.additions ?? [];
  const fileShaQuery = additions.map(({ path }, index) => `file_${index}: file(path: ${JSON.stringify(path)}) { oid }`).join(' ');
  return {
    query: `
    mutation($input: CreateCommitOnBranchInput!) {
      createCommitOnBranch(input: $input) {
        commit {
          oid
          committedDate
          ${fileShaQuery}
        }
      }
    }
  `,
    variables: {
      input: {
        branch: { repositoryNameWithOwner: options.repository ?? 'northwind/newsroom', branchName: options.branch ?? 'main' },
        expectedHeadOid: options.expectedHeadOid ?? stand.branches.get(options.branch ?? 'main') ?? stand.initialHead,
        fileChanges: { additions, deletions: options.deletions ?? [] },
        message: { headline: 'Update “Launch”' },
      },
    },
  };
}

const commit = (changes: CommitOptions = {}, options: SendOptions = {}) => {
  const { query, variables } = commitMutation(changes, options.github);
  return graphql(query, variables, options);
};

/** A pull request of the editor's workflow: from a cms/… branch into main. */
function pullRequest(overrides: Partial<FakePullRequest> = {}): FakePullRequest {
  const pull: FakePullRequest = { number: 7, nodeId: 'PR_kwDOAbc7', headRef: 'cms/posts/launch', baseRef: 'main', files: [{ filename: `${FOLDER}/posts/launch.md`, status: 'added' }], ...overrides };
  github.pulls.set(pull.number, pull);
  if (!github.branches.has(pull.headRef)) github.branches.set(pull.headRef, github.addCommit());
  return pull;
}

/** The stand-in's requests as `METHOD path`, the token exchanges left out. */
const calls = (stand: FakeGitHubApp = github) => stand.apiRequests().map((request) => `${request.method} ${request.path}`);

/** A refusal by the proxy: the status, GitHub-shaped JSON {message} with the reason, one warning, no write. */
async function expectRefused(response: Response, reason: string, status = 403): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  const { message } = (await response.json()) as { message: string };
  expect(message).toContain(reason);
  expect(logs.warn).toEqual([expect.objectContaining({ event: 'editor_proxy_refused', reason: expect.stringContaining(reason), by: EMAIL })]);
  expect(logs.info.filter((line) => line.event === 'editor_write')).toEqual([]);
  expect(github.writes()).toEqual([]);
}

/** A refusal decided from the request alone: GitHub heard nothing, not even a token exchange. */
async function expectRefusedUnheard(response: Response, reason: string, status = 403): Promise<void> {
  await expectRefused(response, reason, status);
  expect(github.requests).toEqual([]);
}

/** A refusal by the door in front of /admin: its JSON message, one `admin_refused` warning, GitHub unheard. */
async function expectDoorRefused(response: Response, title: string, reason: string): Promise<void> {
  expect(response.status).toBe(403);
  expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
  expect(((await response.json()) as { message: string }).message).toContain(title);
  expect(logs.warn).toEqual([expect.objectContaining({ event: 'admin_refused', reason })]);
  expect(github.requests).toEqual([]);
}

beforeAll(async () => {
  access = await createFakeAccess();
  // Access passes the identity provider's name on when the application asks for it.
  accessToken = await access.token({ name: NAME } as Partial<AccessClaims>);
  github = await createFakeGitHubApp();
});

beforeEach(() => {
  github.reset();
  const info: LogLine[] = [];
  const warn: LogLine[] = [];
  const raw: string[] = [];
  const capture = (into: LogLine[]) => (...args: unknown[]) => {
    const line = args.map(String).join(' ');
    raw.push(line);
    into.push(line.startsWith('{') ? (JSON.parse(line) as LogLine) : { text: line });
  };
  vi.spyOn(console, 'log').mockImplementation(capture(info));
  // console.error stays with the console guard: an unexpected one fails the test.
  vi.spyOn(console, 'warn').mockImplementation(capture(warn));
  logs = { info, warn, raw };
});

describe('the door: without Access, from another site, or too big, nothing reaches GitHub', () => {
  test('a REST read and a GraphQL write without an Access token are refused by the door', async () => {
    await expectDoorRefused(await send(`${REST_ROOT}${REPO}`, { headers: { [ACCESS_HEADER]: null } }), DOOR_TEXTS.refusedTitle, 'no_token');
    logs.warn.length = 0;
    const { query, variables } = commitMutation({ additions: [addition(`${FOLDER}/posts/launch.md`)] });
    await expectDoorRefused(await graphql(query, variables, { headers: { [ACCESS_HEADER]: null } }), DOOR_TEXTS.refusedTitle, 'no_token');
  });

  test('a forged Access token is refused by the door', async () => {
    const forged = await access.token({}, { forged: true });
    await expectDoorRefused(await graphql(REPOSITORY_QUERY, undefined, { headers: { [ACCESS_HEADER]: forged } }), DOOR_TEXTS.refusedTitle, 'bad_signature');
  });

  test('a GitHub token in Authorization opens nothing without Access', async () => {
    await expectDoorRefused(await send(`${REST_ROOT}${REPO}`, { headers: { [ACCESS_HEADER]: null, Authorization: 'Bearer ghs_stolen0000000000000000000000000000' } }), DOOR_TEXTS.refusedTitle, 'no_token');
  });

  test.each([
    ['an Origin of another site, from a browser that sends no Sec-Fetch-Site', { Origin: 'https://evil.example', 'Sec-Fetch-Site': null }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site', Origin: 'https://preview.test.example' }],
    ['no Origin at all', { Origin: null, 'Sec-Fetch-Site': null }],
  ] as const)('a write with %s is refused by the door, with a valid Access token', async (_name, headers) => {
    const { query, variables } = commitMutation({ additions: [addition(`${FOLDER}/posts/launch.md`)] });
    await expectDoorRefused(await graphql(query, variables, { headers }), DOOR_TEXTS.crossSiteTitle, 'cross_site_write');
    logs.warn.length = 0;
    await expectDoorRefused(await rest('PUT', `${REPO}/contents/${FOLDER}/posts/launch.md`, { message: 'x', content: btoa('x') }, { headers }), DOOR_TEXTS.crossSiteTitle, 'cross_site_write');
  });

  test.each([
    ['GraphQL', GRAPHQL_URL, 'POST'],
    ['REST', `${REST_ROOT}${REPO}/git/blobs`, 'POST'],
  ])('a %s body over 20 MB is refused with 413', async (_name, url, method) => {
    const body = new Uint8Array(MAX_PROXY_BODY_BYTES + 1).fill(0x20);
    await expectRefusedUnheard(await send(url, { method, body, headers: { 'Content-Type': 'application/json' } }), 'a request body may hold at most 20 MB', 413);
  });
});

describe('writes outside the content folder are refused before anything is sent', () => {
  test.each([
    ['adding src/worker.ts', { additions: [addition('src/worker.ts')] }, '“src/worker.ts” is outside the content folder (content/demo/)'],
    ['deleting the publish workflow', { deletions: [{ path: '.github/workflows/publish.yml' }] }, '“.github/workflows/publish.yml” is outside the content folder: the editor never changes .github/'],
    ['adding one file inside the folder and one outside', { additions: [addition(`${FOLDER}/posts/launch.md`), addition('wrangler.toml')] }, '“wrangler.toml” is outside the content folder'],
    ['a rename out of the folder (an addition outside, a deletion inside)', { additions: [addition('press/launch.md')], deletions: [{ path: `${FOLDER}/posts/launch.md` }] }, '“press/launch.md” is outside the content folder'],
    ['a path climbing out of the folder', { additions: [addition(`${FOLDER}/../../src/app.tsx`)] }, `“${FOLDER}/../../src/app.tsx” is not a file path the editor writes`],
    ['a .git folder inside the content folder', { additions: [addition(`${FOLDER}/.git/hooks/post-checkout`)] }, 'the editor never changes .github/ or .git'],
    ['a folder that only starts like the content folder', { additions: [addition(`${FOLDER}-evil/posts/launch.md`)] }, `“${FOLDER}-evil/posts/launch.md” is outside the content folder`],
  ] as const)('createCommitOnBranch %s is refused', async (_name, changes, reason) => {
    await expectRefusedUnheard(await commit(changes), reason);
  });

  test.each([
    ['PUT', '/contents/src/app.tsx', '“src/app.tsx” is outside the content folder'],
    ['PUT', '/contents/.github/workflows/x.yml', '“.github/workflows/x.yml” is outside the content folder: the editor never changes .github/'],
    ['DELETE', '/contents/.github/workflows/publish.yml', '“.github/workflows/publish.yml” is outside the content folder'],
    ['PUT', `/contents/${FOLDER}%2F..%2F..%2Fsrc%2Fapp.tsx`, 'is not a file path the editor writes'],
  ])('REST %s …%s is refused', async (method, path, reason) => {
    await expectRefusedUnheard(await rest(method, `${REPO}${path}`, { message: 'Edit', content: btoa('export {};'), sha: madeUpSha(), branch: 'main' }), reason);
  });

  test('a git tree with an entry outside the folder is refused', async () => {
    const tree = { base_tree: madeUpSha(), tree: [{ path: `${FOLDER}/posts/launch.md`, mode: '100644', type: 'blob', sha: madeUpSha() }, { path: 'src/worker.ts', mode: '100644', type: 'blob', sha: madeUpSha() }] };
    await expectRefusedUnheard(await rest('POST', `${REPO}/git/trees`, tree), '“src/worker.ts” is outside the content folder');
  });

  test('a git tree without base_tree (a whole new repository) is refused, even with every entry inside', async () => {
    const tree = { tree: [{ path: `${FOLDER}/posts/launch.md`, mode: '100644', type: 'blob', sha: madeUpSha() }] };
    await expectRefusedUnheard(await rest('POST', `${REPO}/git/trees`, tree), 'a tree without base_tree would replace the whole repository');
  });

  test('a git tree with a submodule or a link inside the folder is refused', async () => {
    for (const mode of ['160000', '120000']) {
      logs.warn.length = 0;
      const tree = { base_tree: madeUpSha(), tree: [{ path: `${FOLDER}/posts/x`, mode, type: mode === '160000' ? 'commit' : 'blob', sha: madeUpSha() }] };
      await expectRefusedUnheard(await rest('POST', `${REPO}/git/trees`, tree), 'the editor writes files, not links or submodules');
    }
  });
});

describe('the one repository: anything about another is refused unheard', () => {
  test.each([
    ['GET', '/repos/someone/else', 'the editor reaches only the repository northwind/newsroom, not someone/else'],
    ['GET', '/repos/someone/else/contents/secrets.txt', 'not someone/else'],
    ['PUT', '/repos/someone/else/contents/content/demo/x.md', 'not someone/else'],
    ['GET', '/repositories/1296269', 'the editor reaches only the repository northwind/newsroom'],
    ['GET', '/orgs/northwind/repos', 'the editor reaches only the repository northwind/newsroom'],
    ['GET', '/installation/repositories', 'the editor reaches only the repository northwind/newsroom'],
    ['GET', '/repos/northwind%2Fnewsroom/x/contents/a', 'the editor reaches only the repository northwind/newsroom'],
  ])('REST %s %s', async (method, path, reason) => {
    await expectRefusedUnheard(await rest(method, path, method === 'GET' ? undefined : { message: 'x', content: btoa('x') }), reason);
  });

  test('a GraphQL query for repository(owner: "someone", name: "else") is refused', async () => {
    await expectRefusedUnheard(await graphql('query { repository(owner: "someone", name: "else") { object(expression: "HEAD:secrets.txt") { ... on Blob { text } } } }'), 'the editor reads only the repository northwind/newsroom, not someone/else');
  });

  test('the same query with the repository in variables is refused', async () => {
    await expectRefusedUnheard(await graphql('query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { id } }', { owner: 'someone', name: 'else' }), 'not someone/else');
  });

  test('a second, aliased repository beside the allowed one is refused', async () => {
    await expectRefusedUnheard(await graphql('query { mine: repository(owner: "northwind", name: "newsroom") { id } theirs: repository(owner: "someone", name: "else") { id } }'), 'not someone/else');
  });

  test.each([
    ['viewer', 'query { viewer { login repositories(first: 100) { nodes { nameWithOwner } } } }', 'not “viewer”'],
    ['search', 'query { search(query: "org:someone", type: REPOSITORY, first: 10) { repositoryCount } }', 'not “search”'],
    ['node', 'query { node(id: "R_other") { id } }', 'not “node”'],
    ['a fragment at the root', 'query { ...Everything } fragment Everything on Query { viewer { login } }', 'fragments at the root of a GraphQL operation are not let through'],
  ])('a GraphQL query reaching past the repository through %s is refused', async (_name, query, reason) => {
    await expectRefusedUnheard(await graphql(query), reason);
  });

  test('an operationName picking the other operation of a two-operation document is judged as that operation', async () => {
    const document = 'query Mine { repository(owner: "northwind", name: "newsroom") { id } } query Theirs { repository(owner: "someone", name: "else") { id } }';
    const response = await send(GRAPHQL_URL, { method: 'POST', json: { query: document, operationName: 'Theirs' } });
    await expectRefusedUnheard(response, 'not someone/else');
  });

  test('createCommitOnBranch naming another repository is refused', async () => {
    await expectRefusedUnheard(await commit({ repository: 'someone/else', additions: [addition(`${FOLDER}/posts/launch.md`)] }), 'the editor commits only to northwind/newsroom, not someone/else');
  });
});

describe('only the changes the editor makes: other mutations, settings and branches are refused', () => {
  test.each([
    ['deleteRepository', 'mutation { deleteRepository(input: { repositoryId: "R_1" }) { clientMutationId } }'],
    ['updateRepository', 'mutation { updateRepository(input: { repositoryId: "R_1", visibility: PUBLIC }) { clientMutationId } }'],
    ['mergePullRequest', 'mutation { mergePullRequest(input: { pullRequestId: "PR_kwDOAbc7" }) { clientMutationId } }'],
    ['updateRef', 'mutation { updateRef(input: { refId: "REF_1", oid: "0000000000000000000000000000000000000000", force: true }) { clientMutationId } }'],
  ])('the GraphQL mutation %s is refused', async (name, query) => {
    await expectRefusedUnheard(await graphql(query), `the GraphQL mutation “${name}” is not one the editor makes`);
  });

  test('two mutations in one operation are refused, even when one is the editor’s', async () => {
    const document = 'mutation($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid } } deleteRepository(input: { repositoryId: "R_1" }) { clientMutationId } }';
    await expectRefusedUnheard(await graphql(document, commitMutation({ additions: [addition(`${FOLDER}/a.md`)] }).variables), 'the editor makes one GraphQL mutation at a time');
  });

  test('a subscription is refused', async () => {
    await expectRefusedUnheard(await graphql('subscription { repository(owner: "northwind", name: "newsroom") { id } }'), 'GraphQL subscriptions are not let through');
  });

  test.each([
    ['PATCH', REPO, { private: false }],
    ['DELETE', REPO, undefined],
    ['PUT', `${REPO}/collaborators/x`, { permission: 'admin' }],
    ['POST', `${REPO}/hooks`, { config: { url: 'https://evil.example/hook' } }],
    ['PUT', `${REPO}/actions/secrets/CLOUDFLARE_API_TOKEN`, { encrypted_value: 'x', key_id: '1' }],
    ['POST', `${REPO}/dispatches`, { event_type: 'publish' }],
    ['PUT', `${REPO}/branches/main/protection`, { enforce_admins: null }],
    ['POST', `${REPO}/keys`, { key: 'ssh-ed25519 AAAA', read_only: false }],
    ['POST', `${REPO}/git/tags`, { tag: 'v1', message: 'x', object: 'a', type: 'commit' }],
    ['PATCH', `${REPO}/git/refs/tags/v1`, { sha: 'a'.repeat(40) }],
  ])('REST %s %s (settings, people, hooks, secrets, deploy keys, tags) is refused', async (method, path, json) => {
    await expectRefusedUnheard(await rest(method, path, json), `${method} ${path} is not a change the editor makes`);
  });

  test.each(['gh-pages', 'release/2026', 'cms', 'cms/'])('writing to the branch “%s” (neither main nor cms/…) is refused', async (branch) => {
    await expectRefusedUnheard(await commit({ branch, expectedHeadOid: madeUpSha(), additions: [addition(`${FOLDER}/posts/launch.md`)] }), `“${branch}”`);
    logs.warn.length = 0;
    await expectRefusedUnheard(await rest('PATCH', `${REPO}/git/refs/heads/${branch}`, { sha: madeUpSha(), force: false }), `“${branch}”`);
    logs.warn.length = 0;
    await expectRefusedUnheard(await rest('PUT', `${REPO}/contents/${FOLDER}/posts/launch.md`, { message: 'x', content: btoa('x'), branch }), `“${branch}”`);
  });

  test('main can be neither deleted nor created anew', async () => {
    await expectRefusedUnheard(await rest('DELETE', `${REPO}/git/refs/heads/main`), 'the editor deletes only its own cms/… branches');
    logs.warn.length = 0;
    await expectRefusedUnheard(await rest('POST', `${REPO}/git/refs`, { ref: 'refs/heads/main', sha: madeUpSha() }), 'the editor creates only its own cms/… branches');
  });

  test('someone Access lets in but not in EDITOR_EDITORS may read but not write', async () => {
    const readers = { bindings: { EDITOR_EDITORS: 'chief@northwind.example' } };
    await expectRefusedUnheard(await commit({ additions: [addition(`${FOLDER}/posts/launch.md`)] }, readers), `${EMAIL} may read the newsroom’s content but not change it (EDITOR_EDITORS)`);
    logs.warn.length = 0;
    await expectRefusedUnheard(await rest('PUT', `${REPO}/contents/${FOLDER}/posts/launch.md`, { message: 'x', content: btoa('x') }, readers), 'may read the newsroom’s content but not change it');
    logs.warn.length = 0;
    const read = await rest('GET', REPO, undefined, readers);
    expect(read.status).toBe(200);
    expect(calls()).toEqual([`GET ${REPO}`]);
  });
});

describe('moving a branch: GitHub’s comparison of the commits decides', () => {
  const moveMain = (sha: string) => rest('PATCH', `${REPO}/git/refs/heads/main`, { sha, force: false });
  const compare = (base: string, head: string, status: 'ahead' | 'diverged', files: readonly FakeChangedFile[]) => github.comparisons.set(`${base}...${head}`, { status, files });

  test('a move of main to a commit whose comparison lists a file outside the folder is refused, after reads only', async () => {
    const target = github.addCommit();
    compare(github.initialHead, target, 'ahead', [{ filename: `${FOLDER}/posts/launch.md` }, { filename: '.github/workflows/publish.yml', status: 'modified' }]);
    await expectRefused(await moveMain(target), '“.github/workflows/publish.yml” is outside the content folder');
    expect(calls()).toEqual([`GET ${REPO}/git/ref/heads/main`, `GET ${REPO}/compare/${github.initialHead}...${target}`]);
    expect(github.branches.get('main')).toBe(github.initialHead);
  });

  test('a rename from outside the folder (previous_filename) counts as outside', async () => {
    const target = github.addCommit();
    compare(github.initialHead, target, 'ahead', [{ filename: `${FOLDER}/worker.ts`, previous_filename: 'src/worker.ts', status: 'renamed' }]);
    await expectRefused(await moveMain(target), '“src/worker.ts” is outside the content folder');
  });

  test('a move that is not a fast-forward is refused when the files main would lose are outside the folder', async () => {
    const target = github.addCommit(madeUpSha());
    compare(github.initialHead, target, 'diverged', [{ filename: `${FOLDER}/posts/launch.md` }]);
    compare(target, github.initialHead, 'diverged', [{ filename: 'src/app.tsx' }]);
    await expectRefused(await rest('PATCH', `${REPO}/git/refs/heads/main`, { sha: target, force: true }), '“src/app.tsx” is outside the content folder');
  });

  test('a move of main to a commit whose files are all inside the folder is forwarded', async () => {
    const target = github.addCommit();
    compare(github.initialHead, target, 'ahead', [{ filename: `${FOLDER}/posts/launch.md`, status: 'added' }, { filename: `${FOLDER}/media/launch.jpg`, status: 'added' }]);
    const response = await moveMain(target);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { object: { sha: string } }).object.sha).toBe(target);
    expect(github.writes()).toEqual([expect.objectContaining({ method: 'PATCH', path: `${REPO}/git/refs/heads/main`, body: { sha: target, force: false } })]);
    expect(github.branches.get('main')).toBe(target);
    expect(logs.info.filter((line) => line.event === 'editor_write')).toEqual([{ event: 'editor_write', write: 'PATCH git/refs/heads/main', status: 200, by: EMAIL }]);
    expect(logs.warn).toEqual([]);
  });
});

describe('publishing: merging one of the editor’s pull requests', () => {
  const merge = (json: Record<string, unknown> = { merge_method: 'squash', commit_title: 'Publish “Launch”', commit_message: 'The launch story' }, options: SendOptions = {}) => rest('PUT', `${REPO}/pulls/7/merge`, json, options);

  test('a pull request whose files include one outside the folder is refused', async () => {
    pullRequest({ files: [{ filename: `${FOLDER}/posts/launch.md`, status: 'added' }, { filename: 'src/worker.ts', status: 'modified' }] });
    await expectRefused(await merge(), '“src/worker.ts” is outside the content folder');
    expect(github.pulls.get(7)!.merged).toBeFalsy();
  });

  test.each([
    ['from a branch that is not a cms/… branch', { headRef: 'feature/new-worker' }, 'pull request #7 is not one of the editor’s (from a cms/… branch into main)'],
    ['into a branch other than main', { baseRef: 'production' }, 'pull request #7 is not one of the editor’s'],
    ['from a fork', { headRepository: 'someone/newsroom' }, 'pull request #7 does not come from northwind/newsroom itself'],
  ])('a pull request %s is refused', async (_name, overrides, reason) => {
    pullRequest(overrides);
    await expectRefused(await merge(), reason);
    expect(calls()).toEqual([`GET ${REPO}/pulls/7`]);
  });

  test('a person not in EDITOR_PUBLISHERS may not merge', async () => {
    pullRequest();
    await expectRefused(await merge(undefined, { bindings: { EDITOR_PUBLISHERS: 'chief@northwind.example' } }), `${EMAIL} may write and propose changes but not publish them (EDITOR_PUBLISHERS)`);
  });

  test('an editor who is not a publisher cannot commit to main itself (a save there is a publication), only to a cms/… branch', async () => {
    const notPublisher = { bindings: { EDITOR_PUBLISHERS: 'chief@northwind.example' } };
    await expectRefusedUnheard(await commit({ additions: [addition(`${FOLDER}/posts/launch.md`)] }, notPublisher), `${EMAIL} may write and propose changes but not publish them (EDITOR_PUBLISHERS)`);
    logs.warn.length = 0;
    await expectRefusedUnheard(await rest('PUT', `${REPO}/contents/${FOLDER}/posts/launch.md`, { message: 'x', content: btoa('x') }, notPublisher), `${EMAIL} may write and propose changes but not publish them (EDITOR_PUBLISHERS)`);
    github.branches.set('cms/posts/launch', github.addCommit());
    expect((await commit({ branch: 'cms/posts/launch', additions: [addition(`${FOLDER}/posts/launch.md`)] }, notPublisher)).status).toBe(200);
  });

  test('a good merge is forwarded, its commit message saying who published', async () => {
    pullRequest();
    const response = await merge(undefined, { bindings: { EDITOR_PUBLISHERS: `chief@northwind.example, ${EMAIL}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sha: expect.stringMatching(/^[0-9a-f]{40}$/), merged: true, message: 'Pull Request successfully merged' });
    expect(calls()).toEqual([`GET ${REPO}/pulls/7`, `GET ${REPO}/pulls/7/files`, `PUT ${REPO}/pulls/7/merge`]);
    const [forwarded] = github.writes();
    const body = forwarded!.body as { commit_message: string };
    expect(body).toEqual({ merge_method: 'squash', commit_title: 'Publish “Launch”', commit_message: expect.any(String) });
    expect(body.commit_message).toBe(`The launch story\n\nPublished by ${NAME} <${EMAIL}>`);
    expect(body.commit_message.endsWith(`Published by ${NAME} <${EMAIL}>`)).toBe(true);
    expect(logs.info.filter((line) => line.event === 'editor_write')).toEqual([{ event: 'editor_write', write: 'PUT pulls/7/merge', status: 200, by: EMAIL }]);
    expect(logs.warn).toEqual([]);
  });
});

describe('what the editor may do is forwarded with the App’s token, never the browser’s', () => {
  /** Every request the proxy sent for the editor carries an installation token the stand-in issued. */
  function expectAppTokenOnly(stand: FakeGitHubApp = github): void {
    const sent = stand.apiRequests();
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      expect(request.authorization).toMatch(/^Bearer ghs_[0-9a-f]{36}$/);
      expect(stand.issuedTokens).toContain(request.authorization!.slice('Bearer '.length));
    }
    expect(JSON.stringify(stand.requests)).not.toContain('gho_browser');
  }

  test('a GraphQL query of northwind/newsroom goes to /graphql with the installation token, not the browser’s Authorization', async () => {
    const response = await graphql(REPOSITORY_QUERY);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(((await response.json()) as { data: { repository: { nameWithOwner: string } } }).data.repository.nameWithOwner).toBe('northwind/newsroom');
    expect(github.apiRequests()).toEqual([expect.objectContaining({ method: 'POST', path: '/graphql', body: { query: REPOSITORY_QUERY, variables: {} } })]);
    expectAppTokenOnly();
    expect(logs.info.filter((line) => line.event === 'editor_write')).toEqual([]);
    expect(logs.warn).toEqual([]);
  });

  test('a GraphQL query naming the repository in variables (any case) is forwarded as sent', async () => {
    const query = 'query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { id } }';
    const response = await graphql(query, { owner: 'Northwind', name: 'NewsRoom' });
    expect(response.status).toBe(200);
    expect(github.apiRequests()).toEqual([expect.objectContaining({ path: '/graphql', body: { query, variables: { owner: 'Northwind', name: 'NewsRoom' } } })]);
    expectAppTokenOnly();
  });

  test('GET /user is answered by the proxy from Access, and GitHub hears nothing', async () => {
    const response = await rest('GET', '/user');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(expect.objectContaining({ login: EMAIL, email: EMAIL, name: NAME, type: 'User' }));
    expect(github.requests).toEqual([]);
  });

  test('the collaborator check is answered by the proxy: yes for the signed-in person, no for anyone else', async () => {
    expect((await rest('GET', `${REPO}/collaborators/${EMAIL}`)).status).toBe(204);
    expect((await rest('GET', `${REPO}/collaborators/someone-else`)).status).toBe(404);
    expect((await rest('GET', `${REPO}/collaborators/${EMAIL}`, undefined, { bindings: { EDITOR_EDITORS: 'chief@northwind.example' } })).status).toBe(404);
    expect(github.requests).toEqual([]);
  });

  test('a REST read of the repository is forwarded with the installation token', async () => {
    const response = await rest('GET', REPO);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(expect.objectContaining({ full_name: 'northwind/newsroom', private: true }));
    expect(calls()).toEqual([`GET ${REPO}`]);
    expectAppTokenOnly();
  });

  test('a file change inside the folder is forwarded with the person as its author and no committer', async () => {
    const response = await rest('PUT', `${REPO}/contents/${FOLDER}/posts/launch.md`, { message: 'Create “Launch”', content: btoa('# Launch'), branch: 'main', committer: { name: 'Someone', email: 'someone@evil.example' }, author: { name: 'Someone', email: 'someone@evil.example' } });
    expect(response.status).toBe(201);
    const [forwarded] = github.writes();
    expect(forwarded).toEqual(expect.objectContaining({ method: 'PUT', path: `${REPO}/contents/${FOLDER}/posts/launch.md` }));
    expect(forwarded!.body).toEqual({ message: 'Create “Launch”', content: btoa('# Launch'), branch: 'main', author: { name: NAME, email: EMAIL, date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) } });
    expectAppTokenOnly();
  });

  test('marking one of the editor’s pull requests ready for review is forwarded after GitHub names it', async () => {
    const pull = pullRequest();
    const mutation = 'mutation($input: MarkPullRequestReadyForReviewInput!) { markPullRequestReadyForReview(input: $input) { pullRequest { id } } }';
    const response = await graphql(mutation, { input: { pullRequestId: pull.nodeId } });
    expect(response.status).toBe(200);
    expect(calls()).toEqual(['POST /graphql', `GET ${REPO}/pulls/7`, 'POST /graphql']);
    expect(github.writes()).toEqual([expect.objectContaining({ path: '/graphql', body: { query: mutation, variables: { input: { pullRequestId: pull.nodeId } } } })]);
    expectAppTokenOnly();
  });

  test('marking a pull request that is not the editor’s is refused after the lookups', async () => {
    const pull = pullRequest({ headRef: 'feature/new-worker' });
    const response = await graphql('mutation($input: MarkPullRequestReadyForReviewInput!) { markPullRequestReadyForReview(input: $input) { pullRequest { id } } }', { input: { pullRequestId: pull.nodeId } });
    await expectRefused(response, 'pull request #7 is not one of the editor’s');
  });
});

describe('createCommitOnBranch is made with the git database API, the person as its author', () => {
  test('a commit inside the folder on main: blobs, a tree on the head’s, a commit by the person, a fast-forward of main', async () => {
    const head = github.initialHead;
    const baseTree = github.commits.get(head)!.tree;
    const added = [addition(`${FOLDER}/posts/launch.md`, '# Launch\n'), addition(`${FOLDER}/media/launch.txt`, 'caption')];
    const response = await commit({ additions: added, deletions: [{ path: `${FOLDER}/posts/old.md` }] });
    expect(response.status).toBe(200);

    const { blobs, trees, commits } = github.created;
    expect(blobs).toHaveLength(2);
    expect(calls()).toEqual([
      `GET ${REPO}/git/ref/heads/main`,
      `GET ${REPO}/git/commits/${head}`,
      `POST ${REPO}/git/blobs`,
      `POST ${REPO}/git/blobs`,
      `POST ${REPO}/git/trees`,
      `POST ${REPO}/git/commits`,
      `PATCH ${REPO}/git/refs/heads/main`,
    ]);
    const [blob0, blob1, tree, made, move] = github.writes();
    expect(blob0!.body).toEqual({ content: added[0]!.contents, encoding: 'base64' });
    expect(blob1!.body).toEqual({ content: added[1]!.contents, encoding: 'base64' });
    expect(tree!.body).toEqual({
      base_tree: baseTree,
      tree: [
        { path: `${FOLDER}/posts/launch.md`, mode: '100644', type: 'blob', sha: blobs[0] },
        { path: `${FOLDER}/media/launch.txt`, mode: '100644', type: 'blob', sha: blobs[1] },
        { path: `${FOLDER}/posts/old.md`, mode: '100644', type: 'blob', sha: null },
      ],
    });
    expect(made!.body).toEqual({ message: 'Update “Launch”', tree: trees[0], parents: [head], author: { name: NAME, email: EMAIL, date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) } });
    expect(made!.body).not.toHaveProperty('committer');
    expect(move!.body).toEqual({ sha: commits[0], force: false });
    expect(github.branches.get('main')).toBe(commits[0]);

    expect(await response.json()).toEqual({
      data: { createCommitOnBranch: { commit: { oid: commits[0], committedDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/), file_0: { oid: blobs[0] }, file_1: { oid: blobs[1] } } } },
    });
    expect(logs.info.filter((line) => line.event === 'editor_write')).toEqual([{ event: 'editor_write', write: 'createCommitOnBranch', status: 200, by: EMAIL }]);
    expect(logs.warn).toEqual([]);
  });

  test('a commit on one of the editor’s cms/… branches moves that branch, not main', async () => {
    const branchHead = github.addCommit();
    github.branches.set('cms/posts/launch', branchHead);
    const response = await commit({ branch: 'cms/posts/launch', additions: [addition(`${FOLDER}/posts/launch.md`)] });
    expect(response.status).toBe(200);
    expect(github.writes().at(-1)).toEqual(expect.objectContaining({ method: 'PATCH', path: `${REPO}/git/refs/heads/cms/posts/launch`, body: { sha: github.created.commits[0], force: false } }));
    expect(github.branches.get('cms/posts/launch')).toBe(github.created.commits[0]);
    expect(github.branches.get('main')).toBe(github.initialHead);
  });

  test('with a stale expectedHeadOid the answer is GraphQL’s STALE_DATA error and nothing is written', async () => {
    const stale = github.initialHead;
    github.branches.set('main', github.addCommit());
    const response = await commit({ expectedHeadOid: stale, additions: [addition(`${FOLDER}/posts/launch.md`)] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { createCommitOnBranch: null }, errors: [{ type: 'STALE_DATA', path: ['createCommitOnBranch'], message: expect.stringContaining(stale) }] });
    expect(calls()).toEqual([`GET ${REPO}/git/ref/heads/main`]);
    expect(github.writes()).toEqual([]);
    expect(logs.info.filter((line) => line.event === 'editor_write')).toEqual([]);
  });

  test('a commit to a branch that does not exist is a 404, nothing written', async () => {
    await expectRefused(await commit({ branch: 'cms/posts/gone', additions: [addition(`${FOLDER}/posts/launch.md`)] }), 'branch cms/posts/gone does not exist', 404);
  });
});

describe('the installation token', () => {
  test('is exchanged once and reused, for the one repository and exactly contents, pull requests and metadata, by a JWT from App 12345', async () => {
    const stand = await createFakeGitHubApp({ installationId: freshInstallation() });
    expect((await graphql(REPOSITORY_QUERY, undefined, { github: stand })).status).toBe(200);
    expect((await rest('GET', REPO, undefined, { github: stand })).status).toBe(200);
    expect((await commit({ additions: [addition(`${FOLDER}/posts/launch.md`)] }, { github: stand })).status).toBe(200);

    expect(stand.exchanges).toHaveLength(1);
    const [exchange] = stand.exchanges;
    expect(stand.requests.filter((request) => request.path.endsWith('/access_tokens'))).toEqual([expect.objectContaining({ method: 'POST', path: `/app/installations/${stand.installationId}/access_tokens` })]);
    expect(exchange!.repositories).toEqual(['newsroom']);
    expect(exchange!.permissions).toStrictEqual({ contents: 'write', pull_requests: 'write', metadata: 'read' });
    expect(exchange!.jwtHeader).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(exchange!.jwtClaims.iss).toBe('12345');
    const { iat, exp } = exchange!.jwtClaims as { iat: number; exp: number };
    expect(exp - iat).toBeLessThanOrEqual(600);
    // Every other request, reads and writes alike, carries that one token.
    expect(stand.apiRequests().length).toBeGreaterThanOrEqual(8);
    for (const request of stand.apiRequests()) expect(request.authorization).toBe(`Bearer ${exchange!.token}`);
  });

  test('a PKCS#1 key, as GitHub hands App keys out, signs as well as PKCS#8', async () => {
    const stand = await createFakeGitHubApp({ installationId: freshInstallation() });
    expect(stand.privateKeyPkcs1Pem).toMatch(/^-----BEGIN RSA PRIVATE KEY-----\n/);
    const response = await graphql(REPOSITORY_QUERY, undefined, { github: stand, bindings: { GITHUB_APP_PRIVATE_KEY: stand.privateKeyPkcs1Pem } });
    expect(response.status).toBe(200);
    expect(stand.exchanges).toHaveLength(1);
  });

  test('a token within five minutes of its end is exchanged again', async () => {
    const stand = await createFakeGitHubApp({ installationId: freshInstallation(), tokenLifetimeSeconds: 200 });
    for (let i = 0; i < 2; i++) expect((await rest('GET', REPO, undefined, { github: stand })).status).toBe(200);
    expect(stand.exchanges).toHaveLength(2);
    expect(stand.apiRequests().map((request) => request.authorization)).toEqual(stand.exchanges.map((exchange) => `Bearer ${exchange.token}`));
  });

  test('a token GitHub no longer takes (401) is forgotten, exchanged again and the request tried once more', async () => {
    const stand = await createFakeGitHubApp({ installationId: freshInstallation() });
    expect((await rest('GET', REPO, undefined, { github: stand })).status).toBe(200);
    stand.revokeTokens();
    expect((await rest('GET', REPO, undefined, { github: stand })).status).toBe(200);
    expect(stand.exchanges).toHaveLength(2);
    expect(stand.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `POST /app/installations/${stand.installationId}/access_tokens`,
      `GET ${REPO}`,
      `GET ${REPO}`,
      `POST /app/installations/${stand.installationId}/access_tokens`,
      `GET ${REPO}`,
    ]);
  });

  test.each([
    ['a key that is not the App’s', async () => ({ GITHUB_APP_PRIVATE_KEY: await strangerPrivateKeyPem() })],
    ['another App’s id', () => Promise.resolve({ GITHUB_APP_ID: '99999' })],
  ])('a JWT signed with %s is refused by GitHub: a 502 saying so, an error logged without the key, nothing sent', async (_name, bindings) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stand = await createFakeGitHubApp({ installationId: freshInstallation() });
    const response = await graphql(REPOSITORY_QUERY, undefined, { github: stand, bindings: await bindings() });
    expect(response.status).toBe(502);
    expect(((await response.json()) as { message: string }).message).toContain('GitHub did not let the newsroom’s App in');
    expect(stand.exchanges).toEqual([]);
    expect(stand.apiRequests()).toEqual([]);
    const lines = error.mock.calls.map((call) => JSON.parse(String(call[0])) as LogLine);
    expect(lines).toEqual([expect.objectContaining({ event: 'editor_github_token_refused', status: 401 })]);
    expect(error.mock.calls.flat().join('\n')).not.toContain('PRIVATE KEY');
  });
});

describe('the log: who wrote, why a request was refused, never a token', () => {
  test('every write logs editor_write with the person’s e-mail, and no line holds a GitHub token', async () => {
    pullRequest();
    expect((await commit({ additions: [addition(`${FOLDER}/posts/launch.md`)] })).status).toBe(200);
    expect((await rest('PUT', `${REPO}/contents/${FOLDER}/posts/other.md`, { message: 'Create', content: btoa('x') })).status).toBe(201);
    expect((await rest('PUT', `${REPO}/pulls/7/merge`, { merge_method: 'merge' })).status).toBe(200);
    expect(logs.info.filter((line) => line.event === 'editor_write')).toEqual([
      { event: 'editor_write', write: 'createCommitOnBranch', status: 200, by: EMAIL },
      { event: 'editor_write', write: `PUT contents/${FOLDER}/posts/other.md`, status: 201, by: EMAIL },
      { event: 'editor_write', write: 'PUT pulls/7/merge', status: 200, by: EMAIL },
    ]);
    const everything = [...logs.raw, ...logs.warn.map((line) => JSON.stringify(line))].join('\n');
    expect(everything).not.toContain('ghs_');
    for (const token of github.issuedTokens) expect(everything).not.toContain(token);
    expect(everything).not.toContain('gho_browser');
    expect(everything).not.toContain(accessToken);
  });

  test('a refusal logs editor_proxy_refused with the reason, the method, the path and the person', async () => {
    await expectRefusedUnheard(await rest('PUT', `${REPO}/contents/src/app.tsx`, { message: 'x', content: btoa('x') }), '“src/app.tsx” is outside the content folder');
    expect(logs.warn).toEqual([{ event: 'editor_proxy_refused', reason: '“src/app.tsx” is outside the content folder (content/demo/)', method: 'PUT', path: `/admin/github/api/v3${REPO}/contents/src/app.tsx`, by: EMAIL }]);
  });
});
