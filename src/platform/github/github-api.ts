/**
 * GitHub's API as the worker calls it with the App's installation token (./app-client.ts): one
 * `call` for the JSON requests the editor's proxy makes itself (a branch's head, a pull request's
 * files, the git data API), and `forward` for a request the proxy lets through as the editor sent
 * it. A 401 means the kept token died early (revoked, key rotated): it is forgotten and the call
 * tried once more with a new one. Every call goes through the `fetch` it is given.
 */
import type { GitHubAppSettings } from '#src/config/press-tools';
import { forgetInstallationToken, githubHeaders, installationToken } from './app-client';


export interface GitHubAnswer {
  readonly status: number;
  /** The parsed JSON body, or null. */
  readonly body: unknown;
}

export interface GitHubApi {
  /** A JSON request to `path` (`/repos/…`, `/graphql`). */
  call(method: string, path: string, body?: unknown): Promise<GitHubAnswer>;
  /** The request as given (method, path with query, headers to keep, body), GitHub's answer as it came. */
  forward(method: string, pathWithQuery: string, headers: Record<string, string>, body: ArrayBuffer | null): Promise<Response>;
}

export function gitHubApi(settings: GitHubAppSettings, fetcher: typeof fetch, now: () => number): GitHubApi {
  const send = async (method: string, pathWithQuery: string, headers: Record<string, string>, body: BodyInit | null): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      const token = await installationToken(settings, fetcher, now());
      const response = await fetcher(`${settings.apiUrl}${pathWithQuery}`, { method, headers: { ...githubHeaders(`Bearer ${token}`), ...headers }, body, redirect: 'manual' });
      if (response.status !== 401 || attempt > 0) return response;
      forgetInstallationToken(settings);
    }
  };
  return {
    async call(method, path, body) {
      const response = await send(method, path, body === undefined ? {} : { 'Content-Type': 'application/json' }, body === undefined ? null : JSON.stringify(body));
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      return { status: response.status, body: parsed };
    },
    forward(method, pathWithQuery, headers, body) {
      return send(method, pathWithQuery, headers, body);
    },
  };
}
