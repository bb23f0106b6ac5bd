/**
 * The editor's GraphQL calls to GitHub, judged before any is forwarded (ADR 0051). The document is
 * parsed (graphql-js's parser alone), and its one operation looked at field by field at the root:
 *
 * - a query may ask only for `repository(owner, name)` of the configured repository (and
 *   `__typename`), whatever the arguments are written as (literals or variables);
 * - a mutation, for people with the editor role, is exactly one of the mutations the editor makes:
 *   `createCommitOnBranch` (every addition and deletion inside the content folder, on the
 *   configured or a `cms/…` branch; carried out here through the git data API so that the person
 *   is the commit's author, ./commit-on-branch.ts), `createRef` (a `cms/…` branch of this
 *   repository), `markPullRequestReadyForReview` and `convertPullRequestToDraft` (one of the
 *   editor's pull requests);
 * - anything else (another repository, an unknown mutation, a subscription, a fragment at the
 *   root) is a `ProxyRefusal`.
 */
import { Kind, type DocumentNode, type FieldNode, type OperationDefinitionNode } from 'graphql/language';
import { parse } from 'graphql/language/parser';
import { valueFromASTUntyped } from 'graphql/utilities/valueFromASTUntyped';
import { branchOfRef, WORKFLOW_BRANCH_PREFIX } from '#src/domain/content-folder-writes';
import { commitOnBranch } from './commit-on-branch';
import { checkBranchMove, editorPullRequest } from './repository-checks';
import { isTheRepository, objectBody, ProxyRefusal, repositoryName, type ProxyScope } from './proxy-scope';

/** A bound on the parser's work for a document a stranger could send (the editor's largest batch reads are far below it). */
const MAX_TOKENS = 50_000;

type Variables = Record<string, unknown>;

export type GraphqlVerdict =
  | { readonly forward: { query: string; variables: Variables; operationName?: string }; readonly write: string | null }
  | { readonly answer: unknown; readonly write: string };

function documentOf(query: string): DocumentNode {
  try {
    return parse(query, { maxTokens: MAX_TOKENS, noLocation: true });
  } catch (error) {
    throw new ProxyRefusal(`the GraphQL document does not parse: ${error instanceof Error ? error.message : 'syntax error'}`);
  }
}

function operationOf(document: DocumentNode, operationName: string | undefined): OperationDefinitionNode {
  const operations = document.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  const chosen = operationName === undefined ? operations : operations.filter((operation) => operation.name?.value === operationName);
  if (chosen.length !== 1) throw new ProxyRefusal('the GraphQL document must hold exactly one operation to run');
  return chosen[0]!;
}

/** The root fields of an operation; fragments at the root would hide what is asked. */
function rootFields(operation: OperationDefinitionNode): FieldNode[] {
  return operation.selectionSet.selections.map((selection) => {
    if (selection.kind !== Kind.FIELD) throw new ProxyRefusal('fragments at the root of a GraphQL operation are not let through');
    return selection;
  });
}

/** An argument's value, from a literal or the variables. */
function argument(field: FieldNode, name: string, variables: Variables): unknown {
  const node = field.arguments?.find((candidate) => candidate.name.value === name);
  return node ? valueFromASTUntyped(node.value, variables) : undefined;
}

function checkQueryField(scope: ProxyScope, field: FieldNode, variables: Variables): void {
  if (field.name.value === '__typename') return;
  if (field.name.value !== 'repository') throw new ProxyRefusal(`the editor reads only the repository ${repositoryName(scope)}, not “${field.name.value}”`);
  const owner = argument(field, 'owner', variables);
  const name = argument(field, 'name', variables);
  if (typeof owner !== 'string' || typeof name !== 'string' || !isTheRepository(scope, owner, name)) {
    throw new ProxyRefusal(`the editor reads only the repository ${repositoryName(scope)}, not ${String(owner)}/${String(name)}`);
  }
}

/** The repository's GraphQL node id, kept per isolate (createRef names the repository by it). */
const repositoryIds = new Map<string, Promise<string>>();

function repositoryIdOf(scope: ProxyScope): Promise<string> {
  const key = repositoryName(scope).toLowerCase();
  let id = repositoryIds.get(key);
  if (!id) {
    id = scope.github.call('GET', `/repos/${scope.repository.owner}/${scope.repository.name}`).then(({ status, body }) => {
      const nodeId = (body as { node_id?: unknown } | null)?.node_id;
      if (status !== 200 || typeof nodeId !== 'string') throw new ProxyRefusal(`the repository ${repositoryName(scope)} could not be read from GitHub (${status})`);
      return nodeId;
    });
    id.catch(() => repositoryIds.delete(key));
    repositoryIds.set(key, id);
  }
  return id;
}

const PULL_REQUEST_OF_NODE = 'query($id: ID!) { node(id: $id) { ... on PullRequest { number repository { nameWithOwner } } } }';

/** The pull request a node id names, when it is one of the editor's in this repository. */
async function checkPullRequestNode(scope: ProxyScope, id: unknown): Promise<void> {
  if (typeof id !== 'string' || id.length === 0 || id.length > 200) throw new ProxyRefusal('the pull request’s id is missing');
  const { status, body } = await scope.github.call('POST', '/graphql', { query: PULL_REQUEST_OF_NODE, variables: { id } });
  const node = (body as { data?: { node?: { number?: unknown; repository?: { nameWithOwner?: unknown } } | null } } | null)?.data?.node;
  const repository = node?.repository?.nameWithOwner;
  if (status !== 200 || typeof node?.number !== 'number' || typeof repository !== 'string') throw new ProxyRefusal('the pull request could not be found');
  if (!isTheRepository(scope, ...(repository.split('/') as [string, string]))) throw new ProxyRefusal(`the editor changes only pull requests of ${repositoryName(scope)}`);
  await editorPullRequest(scope, String(node.number));
}

async function judgeMutation(scope: ProxyScope, field: FieldNode, variables: Variables, document: string): Promise<GraphqlVerdict> {
  if (!scope.roles.edit) throw new ProxyRefusal(`${scope.person.email} may read the newsroom’s content but not change it (EDITOR_EDITORS)`);
  const name = field.name.value;
  const input = objectBody(argument(field, 'input', variables));
  switch (name) {
    case 'createCommitOnBranch':
      return { answer: { data: { [field.alias?.value ?? name]: await commitOnBranch(scope, input, field) } }, write: name };
    case 'createRef': {
      const branch = typeof input.name === 'string' ? branchOfRef(input.name) : null;
      if (branch === null || !branch.startsWith(WORKFLOW_BRANCH_PREFIX)) throw new ProxyRefusal(`the editor creates only its own ${WORKFLOW_BRANCH_PREFIX}… branches`);
      if (input.repositoryId !== (await repositoryIdOf(scope))) throw new ProxyRefusal(`the editor creates branches only in ${repositoryName(scope)}`);
      await checkBranchMove(scope, branch, typeof input.oid === 'string' ? input.oid : '');
      return { forward: { query: document, variables }, write: name };
    }
    case 'markPullRequestReadyForReview':
    case 'convertPullRequestToDraft':
      await checkPullRequestNode(scope, input.pullRequestId);
      return { forward: { query: document, variables }, write: name };
    default:
      throw new ProxyRefusal(`the GraphQL mutation “${name}” is not one the editor makes`);
  }
}

/** What to do with one GraphQL request of the editor: forward it, answer it (a commit made here), or refuse it. */
export async function judgeGraphqlRequest(scope: ProxyScope, body: unknown): Promise<GraphqlVerdict> {
  const request = objectBody(body);
  if (typeof request.query !== 'string') throw new ProxyRefusal('the GraphQL request has no query');
  const variables = request.variables === undefined || request.variables === null ? {} : objectBody(request.variables);
  const operationName = typeof request.operationName === 'string' ? request.operationName : undefined;
  const operation = operationOf(documentOf(request.query), operationName);
  const fields = rootFields(operation);
  if (operation.operation === 'query') {
    for (const field of fields) checkQueryField(scope, field, variables);
    return { forward: { query: request.query, variables, ...(operationName ? { operationName } : {}) }, write: null };
  }
  if (operation.operation !== 'mutation') throw new ProxyRefusal('GraphQL subscriptions are not let through');
  if (fields.length !== 1) throw new ProxyRefusal('the editor makes one GraphQL mutation at a time');
  const verdict = await judgeMutation(scope, fields[0]!, variables, request.query);
  return 'forward' in verdict && operationName ? { ...verdict, forward: { ...verdict.forward, operationName } } : verdict;
}
