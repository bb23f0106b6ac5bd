/**
 * The press team's editor, mounted in src/app.tsx before the page cache (so nothing of it is ever
 * stored there, and it needs no imported newsroom): `/admin` → 301 `/admin/`, the editor's page,
 * and `config.yml` beside it, which Sveltia CMS reads. Every answer carries the editor's own
 * headers (src/admin/admin-headers.ts); the outer security middleware leaves its policy and its
 * `no-referrer` alone.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '#src/env';
import { configOf, editorLoginOf } from '#src/env';
import { redirect } from '#src/routes/redirect';
import { httpsOrigin } from '#src/middleware/security';
import { ADMIN_HEADERS, adminContentSecurityPolicy } from './admin-headers';
import manifest from './admin-manifest.generated.json';
import { adminPageHtml, importMapSource } from './admin-page';
import { editorBackend, editorConfigYaml } from './editor-config-document';

async function adminHeaders(c: Context<AppEnv>, contentType: string): Promise<Record<string, string>> {
  const policy = adminContentSecurityPolicy({ mediaCdnOrigin: httpsOrigin(configOf(c.env).mediaRoot), scriptHashes: [await importMapSource(manifest)] });
  return { ...ADMIN_HEADERS, 'Content-Type': contentType, 'Content-Security-Policy': policy };
}

export const adminRoutes = new Hono<AppEnv>()
  .get('/admin', (c) => redirect(c, '/admin/', 301, { ...ADMIN_HEADERS }))
  .get('/admin/', async (c) => c.body(adminPageHtml(manifest), 200, await adminHeaders(c, 'text/html; charset=utf-8')))
  .get('/admin/config.yml', async (c) => c.body(editorConfigYaml(editorBackend(editorLoginOf(c.env))), 200, await adminHeaders(c, 'text/yaml; charset=utf-8')));
