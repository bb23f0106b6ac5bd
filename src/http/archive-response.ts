/**
 * "Download all": a ZIP of media originals, streamed (src/platform/archive/zip-stream.ts). The
 * originals come from this worker's static assets in the offline demo, or from the media CDN.
 * Only media of public content are archived under public addresses: callers pass what a public
 * page shows (an unreleased gallery's ZIP is behind its secret link, with private headers).
 */
import type { Context } from 'hono';
import { archiveFilename, archiveNames } from '#src/domain/archive';
import type { StoredFilePayload } from '#src/domain/media-payload';
import { UploadedFile } from '#src/domain/media';
import type { AppEnv } from './app-env';
import { cacheRules } from './cache-rules';
import { logFailure } from '#src/log';

async function openOriginal(c: Context<AppEnv>, file: StoredFilePayload): Promise<ReadableStream<Uint8Array>> {
  const address = UploadedFile.fromJSON(file, { cdn: c.var.deps.config.mediaRoot }).cdnUrl;
  const response = address.startsWith('/') ? await c.env.ASSETS.fetch(new Request(new URL(address, c.req.url))) : await fetch(address);
  if (!response.ok || !response.body) throw new Error(`Original of ${file.uuid} answered ${response.status}`);
  return response.body;
}

/** `headers` replace the defaults (a secret link's ZIP is private: src/http/private-page.ts). */
export function archiveResponse(c: Context<AppEnv>, title: string, files: readonly StoredFilePayload[], headers: Readonly<Record<string, string>> = {}): Response {
  const names = archiveNames(files.map((file) => file.filename));
  const { stream, done } = c.var.deps.zip(
    files.map((file, index) => ({ name: names[index]!, open: () => openOriginal(c, file) })),
    (error) => logFailure('Archive stopped short', { title, error: String(error) }),
  );
  c.executionCtx.waitUntil(done);
  const filename = archiveFilename(title);
  return new Response(stream, {
    headers: {
      'Content-Type': 'application/zip',
      // An ASCII fallback name first, for clients that do not read filename*.
      'Content-Disposition': `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      'Cache-Control': cacheRules.page,
      ...headers,
    },
  });
}
