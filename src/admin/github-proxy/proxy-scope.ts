/**
 * What every rule of the editor's GitHub proxy works with (ADR 0051): GitHub through the App's
 * installation token, the repository, branch and content folder the editor may write, the person
 * who passed the door and their roles; and the one way a rule says no (`ProxyRefusal`, a 403 with
 * its reason, before anything is forwarded).
 */
import type { EditorRoles } from '#src/domain/content-folder-writes';
import type { GitHubRepository } from '#src/env';
import type { GitHubApi } from '#src/platform/github/github-api';
import type { AdminPerson } from '../admin-door';

export interface ProxyScope {
  readonly github: GitHubApi;
  readonly repository: GitHubRepository;
  /** The branch the editor publishes to (`main`). */
  readonly branch: string;
  /** The content folder inside the repository; null when the repository is the content folder. */
  readonly contentDir: string | null;
  readonly person: AdminPerson;
  readonly roles: EditorRoles;
  /** The clock, for commit dates (ISO 8601). */
  readonly now: () => Date;
}

/** A request the proxy will not forward, and why (shown to the press officer by the editor, and logged). */
export class ProxyRefusal extends Error {
  constructor(readonly reason: string, readonly status: 403 | 404 | 413 = 403) {
    super(reason);
    this.name = 'ProxyRefusal';
  }
}

/** GitHub refused a step the proxy takes itself (a blob, a tree, a commit, a branch move): a 502 for the editor. */
export class GitHubStepError extends Error {
  constructor(readonly step: string, readonly status: number) {
    super(`GitHub refused ${step}: ${status}`);
    this.name = 'GitHubStepError';
  }
}

/** Refuses with `reason` when it is not null. */
export function refuseIf(reason: string | null): void {
  if (reason !== null) throw new ProxyRefusal(reason);
}

/** `owner/name`, as the editor and GitHub write it. */
export const repositoryName = (scope: ProxyScope) => `${scope.repository.owner}/${scope.repository.name}`;

/** Is `owner/name` the configured repository (GitHub's names are not case-sensitive)? */
export const isTheRepository = (scope: ProxyScope, owner: string, name: string) => `${owner}/${name}`.toLowerCase() === repositoryName(scope).toLowerCase();

/** The signed-in person as a git author: their name and e-mail from Access, at `now`. */
export function authorOf(scope: ProxyScope): { name: string; email: string; date: string } {
  return { name: scope.person.name, email: scope.person.email, date: scope.now().toISOString() };
}

/** A line for pull requests and merge commits saying who did it. */
export const personLine = (scope: ProxyScope) => `${scope.person.name} <${scope.person.email}>`;

/** A JSON object body, or a refusal. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ProxyRefusal('the request’s body is not a JSON object', 403);
  return body as Record<string, unknown>;
}

/** Requires the publisher role (merging a pull request is publishing). */
export function requirePublisher(scope: ProxyScope): void {
  if (!scope.roles.publish) throw new ProxyRefusal(`${scope.person.email} may write and propose changes but not publish them (EDITOR_PUBLISHERS)`);
}
