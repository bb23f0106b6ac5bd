/**
 * The press team's editor, mounted in src/app.tsx before the page cache (so nothing of it is ever
 * stored there, and it needs no imported newsroom): `/admin` → 301 `/admin/`, the editor's page,
 * and `config.yml` beside it, which Sveltia CMS reads. Every answer carries the editor's own
 * headers (src/admin/admin-headers.ts); the outer security middleware leaves its policy and its
 * `no-referrer` alone. With Uploadcare uploads configured (ADR 0042) the page, its policy and the
 * configuration name the Upload API; otherwise nothing of it.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { configOf, editorContentDirOf, editorGitHubOf } from '#src/env';
import { logEvent } from '#src/log';
import { redirect } from '#src/http/redirect';
import { httpsOrigin } from '#src/http/content-security-policy';
import { ADMIN_HEADERS, adminContentSecurityPolicy } from './admin-headers';
import manifest from './admin-manifest.generated.json';
import { adminPageHtml } from './admin-page';
import { configuredUploads } from './upload-signature-routes';
import { editorConfigYaml, editorDeployment, uploadcareFieldSettings, type UploadcareFieldSettings } from './editor-config-document';

/** The Uploadcare fields' settings when uploads are on; a half-configured setup is logged, and the editor keeps media/. */
function uploadSettings(c: Context<AppEnv>): UploadcareFieldSettings | null {
  return uploadcareFieldSettings(configuredUploads(c.env));
}

function adminHeaders(c: Context<AppEnv>, contentType: string, uploads: UploadcareFieldSettings | null): Record<string, string> {
  const policy = adminContentSecurityPolicy({
    mediaCdnOrigin: httpsOrigin(configOf(c.env).mediaRoot),
    uploadOrigin: uploads ? new URL(uploads.upload_url).origin : null,
    importMapSource: manifest.importMapSource,
  });
  return { ...ADMIN_HEADERS, 'Content-Type': contentType, 'Content-Security-Policy': policy };
}

export const adminRoutes = new Hono<AppEnv>()
  .get('/admin', (c) => redirect(c, '/admin/', 301, { ...ADMIN_HEADERS }))
  .get('/admin/', (c) => {
    const uploads = uploadSettings(c);
    const folder = editorContentDirOf(c.env);
    const mediaFolder = folder.ok && folder.contentDir !== null ? `/${folder.contentDir}/media` : '/media';
    const session = editorGitHubOf(c.env).enabled ? 'access' : 'local';
    return c.body(adminPageHtml(manifest, uploads, mediaFolder, session), 200, adminHeaders(c, 'text/html; charset=utf-8', uploads));
  })
  .get('/admin/config.yml', (c) => {
    const uploads = uploadSettings(c);
    const folder = editorContentDirOf(c.env);
    // A folder that cannot be one: no configuration rather than saves where nothing is imported.
    if (!folder.ok) {
      logEvent('editor_content_dir_invalid', { problem: folder.problem }, 'error');
      return c.body(`# The editor is not configured: ${folder.problem}.\n`, 503, adminHeaders(c, 'text/yaml; charset=utf-8', uploads));
    }
    return c.body(editorConfigYaml(editorDeployment(editorGitHubOf(c.env), folder.contentDir, new URL(c.req.url).origin), uploads), 200, adminHeaders(c, 'text/yaml; charset=utf-8', uploads));
  });
