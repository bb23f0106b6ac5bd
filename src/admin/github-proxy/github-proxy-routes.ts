/**
 * The editor's GitHub API, served by this worker behind the door (ADR 0051): Sveltia CMS's
 * `api_root` is `/admin/github/api/v3` and its GraphQL address `/admin/github/api/graphql`
 * (src/admin/editor-config-document.ts). Each request is judged (./rest-proxy.ts,
 * ./graphql-proxy.ts) and, when it passes, sent to GitHub with the App's installation token; the
 * browser's own `Authorization` (a placeholder the editor insists on holding) is never passed on.
 *
 * Bodies are limited (MAX_PROXY_BODY_BYTES, 413), each person has a rate limit (the render
 * limiter's, keyed by their e-mail), every refusal is a 403 `{message}` with its reason and one log
 * line, and every write is logged with the person's e-mail, never a token. Answers carry the
 * admin's private JSON headers; GitHub's pagination links point back here.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { logEvent } from '#src/log';
import { InstallationTokenError } from '#src/platform/github/app-client';
import { gitHubApi } from '#src/platform/github/github-api';
import { ADMIN_JSON_HEADERS } from '../admin-headers';
import { editorContentDirOf, editorGitHubOf, editorRolesFor } from '#src/env';
import type { AdminEnv } from '../admin-door';
import { StaleHeadError } from './commit-on-branch';
import { judgeGraphqlRequest } from './graphql-proxy';
import { GitHubStepError, ProxyRefusal, type ProxyScope } from './proxy-scope';
import { judgeRestRequest } from './rest-proxy';

export const GITHUB_PROXY_ROOT = '/admin/github';
/** Where the editor sends REST calls (Sveltia adds `/api/v3` to an `api_root` that is not GitHub's). */
export const GITHUB_PROXY_REST_ROOT = `${GITHUB_PROXY_ROOT}/api/v3`;
export const GITHUB_PROXY_GRAPHQL_PATH = `${GITHUB_PROXY_ROOT}/api/graphql`;
/** The largest body let through: the editor splits a save's files into commits of at most 16 MB of base64. */
export const MAX_PROXY_BODY_BYTES = 20 * 1024 * 1024;
/** Calls per person per minute: loading the content folder takes a few dozen. */
const LIMIT_SCOPE = 'github-proxy';

/** GitHub's answer headers worth passing on. */
const PASSED_HEADERS = ['Content-Type', 'ETag', 'Last-Modified', 'Link'];

export interface GitHubProxyOptions {
  /** Outbound requests to GitHub (tests pass a stand-in). */
  readonly fetch?: typeof fetch;
  /** The clock, in Unix seconds. */
  readonly now?: () => number;
}

function jsonAnswer(status: number, body: unknown, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...ADMIN_JSON_HEADERS, ...extra } });
}

function refused(c: Context<AdminEnv>, reason: string, status: number, extra: Record<string, string> = {}): Response {
  logEvent('editor_proxy_refused', { reason, method: c.req.method, path: c.req.path, by: c.var.person.email }, 'warn');
  return jsonAnswer(status, { message: `The newsroom’s editor cannot do this: ${reason}.` }, extra);
}

/** GitHub's answer, with the admin's headers; pagination links rewritten to this proxy. */
function passOn(answer: Response, apiUrl: string, restRoot: string): Response {
  const headers = new Headers(ADMIN_JSON_HEADERS);
  headers.delete('Content-Type');
  for (const name of PASSED_HEADERS) {
    const value = answer.headers.get(name);
    if (value !== null) headers.set(name, name === 'Link' ? value.split(apiUrl).join(restRoot) : value);
  }
  return new Response(answer.status === 204 || answer.status === 304 ? null : answer.body, { status: answer.status, headers });
}

export function githubProxy(options: GitHubProxyOptions = {}): Hono<AdminEnv> {
  const fetcher = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const nowSeconds = options.now ?? (() => Math.floor(Date.now() / 1000));
  const app = new Hono<AdminEnv>();

  app.use(
    `${GITHUB_PROXY_ROOT}/*`,
    bodyLimit({ maxSize: MAX_PROXY_BODY_BYTES, onError: (c) => refused(c as Context<AdminEnv>, `a request body may hold at most ${MAX_PROXY_BODY_BYTES / 1024 / 1024} MB`, 413) }),
  );

  const handle = async (c: Context<AdminEnv>, graphql: boolean): Promise<Response> => {
    const config = editorGitHubOf(c.env);
    if (!config.enabled) {
      if (config.problem) logEvent('editor_github_not_configured', { problem: config.problem }, 'warn');
      return jsonAnswer(503, { message: 'The editor’s GitHub App is not configured on this site (npm run setup:editor).' });
    }
    const folder = editorContentDirOf(c.env);
    if (!folder.ok) return jsonAnswer(503, { message: `The editor is not configured: ${folder.problem}.` });
    const { person } = c.var;
    const { success } = await c.env.RENDER_LIMITER.limit({ key: `${LIMIT_SCOPE}:${person.email.toLowerCase()}` });
    if (!success) return refused(c, 'too many requests in a minute; wait a moment', 429, { 'Retry-After': '60' });

    const roles = editorRolesFor(c.env, person.email);
    if (roles.problem) logEvent('editor_roles_invalid', { problem: roles.problem }, 'error');
    const scope: ProxyScope = {
      github: gitHubApi(config.app, fetcher, nowSeconds),
      repository: config.repository,
      branch: config.branch,
      contentDir: folder.contentDir,
      person,
      roles,
      now: () => new Date(nowSeconds() * 1000),
    };
    const url = new URL(c.req.url);
    const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? null : await c.req.arrayBuffer();
    try {
      if (graphql) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(new TextDecoder().decode(body ?? new ArrayBuffer(0)));
        } catch {
          throw new ProxyRefusal('the GraphQL request is not JSON');
        }
        const verdict = await judgeGraphqlRequest(scope, parsed);
        if ('answer' in verdict) {
          logEvent('editor_write', { write: verdict.write, status: 200, by: person.email });
          return jsonAnswer(200, verdict.answer);
        }
        const answer = await scope.github.forward('POST', '/graphql', { 'Content-Type': 'application/json' }, new TextEncoder().encode(JSON.stringify(verdict.forward)).buffer as ArrayBuffer);
        if (verdict.write) logEvent('editor_write', { write: verdict.write, status: answer.status, by: person.email });
        return passOn(answer, config.app.apiUrl, `${url.origin}${GITHUB_PROXY_REST_ROOT}`);
      }
      const verdict = await judgeRestRequest(scope, {
        method: c.req.method,
        path: url.pathname.slice(GITHUB_PROXY_REST_ROOT.length) || '/',
        search: url.search,
        accept: c.req.header('Accept') ?? null,
        body,
      });
      if ('local' in verdict) {
        const headers = new Headers(ADMIN_JSON_HEADERS);
        return new Response(verdict.local.body, { status: verdict.local.status, headers });
      }
      const ifNoneMatch = c.req.header('If-None-Match');
      const { method, pathWithQuery, headers, body: forwardBody } = verdict.forward;
      const answer = await scope.github.forward(method, pathWithQuery, ifNoneMatch ? { ...headers, 'If-None-Match': ifNoneMatch } : headers, forwardBody);
      if (verdict.write) logEvent('editor_write', { write: verdict.write, status: answer.status, by: person.email });
      return passOn(answer, config.app.apiUrl, `${url.origin}${GITHUB_PROXY_REST_ROOT}`);
    } catch (error) {
      if (error instanceof ProxyRefusal) return refused(c, error.reason, error.status);
      if (error instanceof StaleHeadError) return jsonAnswer(200, { data: { createCommitOnBranch: null }, errors: [{ type: 'STALE_DATA', path: ['createCommitOnBranch'], message: error.message }] });
      if (error instanceof GitHubStepError) {
        logEvent('editor_github_step_failed', { step: error.step, status: error.status, by: person.email }, 'error');
        return jsonAnswer(502, { message: `GitHub did not complete the save (${error.message}). Please try again.` });
      }
      if (error instanceof InstallationTokenError) {
        logEvent('editor_github_token_refused', { status: error.status, message: error.message }, 'error');
        return jsonAnswer(502, { message: 'GitHub did not let the newsroom’s App in (its key or installation may have changed: docs/operations.md).' });
      }
      throw error;
    }
  };

  app.post(GITHUB_PROXY_GRAPHQL_PATH, (c) => handle(c, true));
  app.all(`${GITHUB_PROXY_REST_ROOT}/*`, (c) => handle(c, false));
  app.all(`${GITHUB_PROXY_ROOT}/*`, (c) => refused(c, 'no such address', 404));
  return app;
}
