/**
 * `POST /admin/uploads/signature`: a short-lived Uploadcare upload signature for the editor's own
 * page (docs/decisions/0042-editor-uploads-to-uploadcare.md). The editor's browser uploads files
 * straight to Uploadcare with the project's public key and this signature; the secret key that
 * makes it stays here.
 *
 * Given only to someone who may change the newsroom anyway: a person the door let in (Cloudflare
 * Access, or `npm start` on loopback; src/admin/admin-door.tsx) who holds the editor role
 * (EDITOR_EDITORS, src/config/press-tools.ts editorRolesFor).
 * Always: POST only, from the editor's page only (a browser's `Origin`, and `Sec-Fetch-Site` when
 * sent, name this site), counted against the render limiter per client. Answers are JSON with the
 * editor's private headers; refusals say why in `message`, which the editor shows.
 */
import { Hono, type Context } from 'hono';
import { editorRolesFor, editorUploadsOf, type EditorUploadsConfig } from '#src/env';
import type { AdminEnv } from './admin-door';
import { TooManyRequestsError } from '#src/domain/errors';
import { logEvent } from '#src/log';
import { limitClient } from '#src/http/client-limits';
import { signUploads } from '#src/platform/uploadcare/signed-upload';
import { ADMIN_HEADERS } from './admin-headers';

export const SIGNATURE_PATH = '/admin/uploads/signature';

export const UPLOAD_REFUSALS = {
  notConfigured: { status: 503, message: 'Uploads to Uploadcare are not configured on this site.' },
  notFromEditor: { status: 403, message: 'Upload signatures are given to the editor’s own page only.' },
  notAnEditor: { status: 403, message: 'Your sign-in does not hold the editor role, so it cannot upload the newsroom’s media. Ask the people who run the newsroom (EDITOR_EDITORS).' },
  tooMany: { status: 429, message: 'Too many uploads at once. Please wait a minute and try again.' },
} as const;

type Refusal = (typeof UPLOAD_REFUSALS)[keyof typeof UPLOAD_REFUSALS];

export interface UploadSignatureOptions {
  /** The clock, in Unix seconds. */
  readonly now?: () => number;
}

/** Did the editor's own page send this? Browsers always name the origin of a POST from a page. */
function isFromEditorPage(request: Request): boolean {
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  if (fetchSite !== null && fetchSite !== 'same-origin') return false;
  return request.headers.get('Origin') === new URL(request.url).origin;
}

const JSON_HEADERS = { ...ADMIN_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'" };

function refuse(refusal: Refusal, reason: string, detail?: string): Response {
  logEvent('editor_upload_refused', detail === undefined ? { reason } : { reason, detail });
  const retry: Record<string, string> = refusal.status === 429 ? { 'Retry-After': '60' } : {};
  return new Response(JSON.stringify({ message: refusal.message }), { status: refusal.status, headers: { ...JSON_HEADERS, ...retry } });
}

/** Who is asking, judged as the module's purpose says: null when they may upload. */
function refusalFor(c: Context<AdminEnv>): [Refusal, string, string?] | null {
  if (!isFromEditorPage(c.req.raw)) return [UPLOAD_REFUSALS.notFromEditor, 'not_from_editor'];
  const roles = editorRolesFor(c.env, c.var.person.email);
  if (!roles.edit) return [UPLOAD_REFUSALS.notAnEditor, 'not_an_editor', roles.problem ?? undefined];
  return null;
}

/** The editor's Uploadcare uploads as configured; a half-done set-up is logged (never its values). */
export function configuredUploads(env: CloudflareBindings): EditorUploadsConfig {
  const uploads = editorUploadsOf(env);
  if (!uploads.enabled && uploads.problem) logEvent('editor_uploads_not_configured', { problem: uploads.problem }, 'warn');
  return uploads;
}

export function uploadSignatures(options: UploadSignatureOptions = {}): Hono<AdminEnv> {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const app = new Hono<AdminEnv>();

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
    const refusal = refusalFor(c);
    if (refusal) return refuse(...refusal);
    const { signature, expire } = await signUploads(uploads.secretKey, at);
    return new Response(JSON.stringify({ signature, expire }), { status: 200, headers: JSON_HEADERS });
  });

  return app;
}
