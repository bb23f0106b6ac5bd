/**
 * GitHub, as the editor's login needs it (docs/decisions/0040-editor-github-login.md): the OAuth
 * App's authorize address, the code-for-token exchange (`POST /login/oauth/access_token`) and
 * the signed-in person's permissions on the newsroom's repository (`GET /repos/{owner}/{repo}`).
 * Every call goes through the `fetch` it is given, so tests talk to a stand-in
 * (test/fixtures/fake-github.ts) through the same code.
 *
 * Answers are outcomes, never exceptions: GitHub refusing (a used code, wrong client
 * credentials), GitHub not answering, and a repository it does not show are different messages
 * for the press officer. Outcomes name GitHub's error code only; the token never appears in one
 * that is meant to be logged.
 */
import { assertServerOnly } from '#src/server-only';

// Sends the OAuth App's client secret: never in a browser bundle.
assertServerOnly('src/platform/github/oauth-client.ts (GitHub OAuth client)');

export const GITHUB_WEB_ORIGIN = 'https://github.com';
export const GITHUB_API_ORIGIN = 'https://api.github.com';
/** The REST API version these shapes are read from. */
export const GITHUB_API_VERSION = '2022-11-28';
/** GitHub refuses API requests without a User-Agent. */
const USER_AGENT = 'edge-newsroom-editor-login';
const TIMEOUT_MS = 10_000;

export interface GitHubOAuthApp {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** A repository as `owner/name`, split. */
export interface GitHubRepository {
  readonly owner: string;
  readonly name: string;
}

export type TokenExchange =
  | { readonly outcome: 'token'; readonly token: string; readonly scopes: readonly string[] }
  /** GitHub answered with an OAuth error (`bad_verification_code`, `incorrect_client_credentials`…). */
  | { readonly outcome: 'refused'; readonly error: string }
  | { readonly outcome: 'unavailable'; readonly reason: string };

export type RepositoryAccess =
  | { readonly outcome: 'found'; readonly push: boolean }
  /** 404: no such repository, or a private one this person cannot see. */
  | { readonly outcome: 'not-found' }
  /** 401: GitHub does not know the token (revoked, expired or made up). */
  | { readonly outcome: 'bad-token' }
  | { readonly outcome: 'unavailable'; readonly reason: string };

/** Where the browser goes to sign in and grant the editor `scope` on the person's behalf. */
export function authorizeUrl(app: GitHubOAuthApp, options: { redirectUri: string; scope: string; state: string }): string {
  const url = new URL('/login/oauth/authorize', GITHUB_WEB_ORIGIN);
  url.search = new URLSearchParams({ client_id: app.clientId, redirect_uri: options.redirectUri, scope: options.scope, state: options.state, allow_signup: 'false' }).toString();
  return url.href;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Exchanges the code GitHub sent to the callback for the person's access token. */
export async function exchangeCode(app: GitHubOAuthApp, code: string, redirectUri: string, fetcher: typeof fetch = fetch): Promise<TokenExchange> {
  let response: Response;
  try {
    response = await fetcher(new URL('/login/oauth/access_token', GITHUB_WEB_ORIGIN).href, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': USER_AGENT },
      body: new URLSearchParams({ client_id: app.clientId, client_secret: app.clientSecret, code, redirect_uri: redirectUri }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return { outcome: 'unavailable', reason: describe(error) };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return { outcome: 'unavailable', reason: `access_token answered ${response.status}` };
  }
  let answer: { access_token?: unknown; scope?: unknown; error?: unknown };
  try {
    answer = (await response.json()) as typeof answer;
  } catch {
    return { outcome: 'unavailable', reason: 'access_token answered something that is not JSON' };
  }
  // GitHub answers its OAuth errors with a 200 and an `error` field.
  if (typeof answer.error === 'string') return { outcome: 'refused', error: answer.error.slice(0, 100) };
  if (typeof answer.access_token !== 'string' || answer.access_token === '') return { outcome: 'unavailable', reason: 'access_token answered without a token' };
  const scopes = typeof answer.scope === 'string' ? answer.scope.split(',').map((scope) => scope.trim()).filter(Boolean) : [];
  return { outcome: 'token', token: answer.access_token, scopes };
}

/** What the token's owner may do in the repository (only `push` matters to the editor). */
export async function repositoryAccess(token: string, repository: GitHubRepository, fetcher: typeof fetch = fetch): Promise<RepositoryAccess> {
  let response: Response;
  try {
    const path = `/repos/${encodeURIComponent(repository.owner)}/${encodeURIComponent(repository.name)}`;
    response = await fetcher(new URL(path, GITHUB_API_ORIGIN).href, {
      headers: { Accept: 'application/vnd.github+json', Authorization: `Bearer ${token}`, 'X-GitHub-Api-Version': GITHUB_API_VERSION, 'User-Agent': USER_AGENT },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return { outcome: 'unavailable', reason: describe(error) };
  }
  if (response.status === 404 || response.status === 401) {
    await response.body?.cancel();
    return { outcome: response.status === 404 ? 'not-found' : 'bad-token' };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return { outcome: 'unavailable', reason: `repository answered ${response.status}` };
  }
  try {
    const answer = (await response.json()) as { permissions?: { push?: unknown } };
    return { outcome: 'found', push: answer.permissions?.push === true };
  } catch {
    return { outcome: 'unavailable', reason: 'repository answered something that is not JSON' };
  }
}
