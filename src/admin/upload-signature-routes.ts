/**
 * `POST /admin/uploads/signature`: a short-lived Uploadcare upload signature for the editor's own
 * page (docs/decisions/0042-editor-uploads-to-uploadcare.md). The editor's browser uploads files
 * straight to Uploadcare with the project's public key and this signature; the secret key that
 * makes it stays here.
 *
 * Given only to someone who may change the newsroom anyway:
 * - with the editor's GitHub login configured (ADR 0040), to a request carrying a GitHub token
 *   (`Authorization: Bearer …`, the one the editor holds) whose owner may push to
 *   `EDITOR_REPOSITORY`, asked of GitHub as the login's callback asks it; the verdict is kept a
 *   minute per token (by its SHA-256, never the token itself), so a batch of uploads asks GitHub
 *   once;
 * - without it, only to a worker on a developer's machine (`npm start`, src/env.ts
 *   isLocalDevelopment), where the editor works on a local folder and signs in to nothing.
 * Always: POST only, from the editor's page only (a browser's `Origin`, and `Sec-Fetch-Site` when
 * sent, name this site), counted against the render limiter per client. Answers are JSON with the
 * editor's private headers; refusals say why in `message`, which the editor shows.
 */
import { Hono, type Context } from 'hono';
import { editorLoginOf, editorUploadsOf, type EditorUploadsConfig } from './admin-env';
import { isLocalDevelopment } from '#src/env';
import type { AppEnv } from '#src/http/app-env';
import { TooManyRequestsError } from '#src/domain/errors';
import { logEvent } from '#src/log';
import { limitClient } from '#src/http/client-limits';
import { repositoryAccess, type GitHubRepository } from '#src/platform/github/oauth-client';
import { signUploads } from '#src/platform/uploadcare/signed-upload';
import { ADMIN_HEADERS } from './admin-headers';
import { sha256Hex } from '#src/domain/sha256';

export const SIGNATURE_PATH = '/admin/uploads/signature';

export const UPLOAD_REFUSALS = {
  notConfigured: { status: 503, message: 'Uploads to Uploadcare are not configured on this site.' },
  notFromEditor: { status: 403, message: 'Upload signatures are given to the editor’s own page only.' },
  noLogin: { status: 403, message: 'Uploading needs the editor’s GitHub login, which this site has not set up (docs/operations.md).' },
  notSignedIn: { status: 403, message: 'Sign in to the editor with GitHub to upload files.' },
  badToken: { status: 403, message: 'Your sign-in has expired or was revoked. Sign out of the editor and sign in again.' },
  noPushAccess: { status: 403, message: 'Your GitHub account cannot change the newsroom’s repository, so it cannot upload its media either. Ask its owners for write access.' },
  githubUnavailable: { status: 502, message: 'GitHub could not be reached to check your access. Please try again in a few minutes.' },
  tooMany: { status: 429, message: 'Too many uploads at once. Please wait a minute and try again.' },
} as const;

type Refusal = (typeof UPLOAD_REFUSALS)[keyof typeof UPLOAD_REFUSALS];

export interface UploadSignatureOptions {
  /** Outbound requests to GitHub (tests pass a stand-in). */
  readonly fetch?: typeof fetch;
  /** The clock, in Unix seconds. */
  readonly now?: () => number;
}

/** How long a push-access verdict is reused. */
export const VERDICT_SECONDS = 60;
const MAX_VERDICTS = 256;

type Verdict = 'push' | 'no-push' | 'bad-token';

/**
 * Verdicts of this isolate, by repository and token digest. A person who loses write access can
 * get signatures for at most VERDICT_SECONDS more, as they could go on saving with a token
 * already in their browser.
 */
const verdicts = new Map<string, { verdict: Verdict; until: number }>();

async function pushVerdict(token: string, repository: GitHubRepository, fetcher: typeof fetch, now: number): Promise<Verdict | { unavailable: string }> {
  const key = `${repository.owner}/${repository.name}\n${await sha256Hex(token)}`;
  const kept = verdicts.get(key);
  if (kept && kept.until > now) return kept.verdict;
  const access = await repositoryAccess(token, repository, fetcher);
  if (access.outcome === 'unavailable') return { unavailable: access.reason };
  const verdict: Verdict = access.outcome === 'bad-token' ? 'bad-token' : access.outcome === 'found' && access.push ? 'push' : 'no-push';
  verdicts.delete(key);
  if (verdicts.size >= MAX_VERDICTS) verdicts.delete(verdicts.keys().next().value!);
  verdicts.set(key, { verdict, until: now + VERDICT_SECONDS });
  return verdict;
}

/** Did the editor's own page send this? Browsers always name the origin of a POST from a page. */
function isFromEditorPage(request: Request): boolean {
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  if (fetchSite !== null && fetchSite !== 'same-origin') return false;
  return request.headers.get('Origin') === new URL(request.url).origin;
}

function bearerToken(request: Request): string | null {
  const match = /^Bearer ([A-Za-z0-9_.~+/-]{1,400}=*)$/.exec(request.headers.get('Authorization') ?? '');
  return match ? match[1]! : null;
}

const JSON_HEADERS = { ...ADMIN_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'" };

function refuse(refusal: Refusal, reason: string, detail?: string): Response {
  logEvent('editor_upload_refused', detail === undefined ? { reason } : { reason, detail });
  const retry: Record<string, string> = refusal.status === 429 ? { 'Retry-After': '60' } : {};
  return new Response(JSON.stringify({ message: refusal.message }), { status: refusal.status, headers: { ...JSON_HEADERS, ...retry } });
}

/** Who is asking, judged as the module's purpose says: null when they may upload. */
async function refusalFor(c: Context<AppEnv>, fetcher: typeof fetch, now: number): Promise<[Refusal, string, string?] | null> {
  const request = c.req.raw;
  if (!isFromEditorPage(request)) return [UPLOAD_REFUSALS.notFromEditor, 'not_from_editor'];
  const login = editorLoginOf(c.env);
  if (!login.enabled) return isLocalDevelopment(c.env, request.url) ? null : [UPLOAD_REFUSALS.noLogin, 'no_login'];
  const token = bearerToken(request);
  if (!token) return [UPLOAD_REFUSALS.notSignedIn, 'no_token'];
  const verdict = await pushVerdict(token, login.repository, fetcher, now);
  if (typeof verdict === 'object') return [UPLOAD_REFUSALS.githubUnavailable, 'github_unavailable', verdict.unavailable];
  if (verdict === 'bad-token') return [UPLOAD_REFUSALS.badToken, 'bad_token'];
  if (verdict === 'no-push') return [UPLOAD_REFUSALS.noPushAccess, 'no_push_access'];
  return null;
}

/** The editor's Uploadcare uploads as configured; a half-done set-up is logged (never its values). */
export function configuredUploads(env: CloudflareBindings): EditorUploadsConfig {
  const uploads = editorUploadsOf(env);
  if (!uploads.enabled && uploads.problem) logEvent('editor_uploads_not_configured', { problem: uploads.problem }, 'warn');
  return uploads;
}

export function uploadSignatures(options: UploadSignatureOptions = {}): Hono<AppEnv> {
  const fetcher = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const app = new Hono<AppEnv>();

  app.post('/uploads/signature', async (c) => {
    try {
      await limitClient(c.env.RENDER_LIMITER, 'editor-uploads', c.req.raw);
    } catch (error) {
      if (error instanceof TooManyRequestsError) return refuse(UPLOAD_REFUSALS.tooMany, 'rate_limited');
      throw error;
    }
    const uploads = configuredUploads(c.env);
    if (!uploads.enabled) return refuse(UPLOAD_REFUSALS.notConfigured, 'not_configured');
    const at = now();
    const refusal = await refusalFor(c, fetcher, at);
    if (refusal) return refuse(...refusal);
    const { signature, expire } = await signUploads(uploads.secretKey, at);
    return new Response(JSON.stringify({ signature, expire }), { status: 200, headers: JSON_HEADERS });
  });

  return app;
}
