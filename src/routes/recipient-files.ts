/**
 * A recipient's file addresses: `/s/{file key}/{uuid}/[-/effects/]{name}` and
 * `/s/{file key}/download` (the story's ZIP). What they answer and why:
 * src/pages/recipient-files.ts, docs/decisions/0053-files-that-name-their-recipient.md.
 *
 * Before the lift the worker serves the file itself (from the static assets offline, else fetched
 * from the media CDN and streamed), with the private headers, and counts the download on the
 * recipient's link after the answer. Every answer (the file, the 301 after the lift, a 404) is
 * private, no-store, noindex and no-referrer; the page cache never sees `/s/`.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { normalizeCdnRoot } from '#src/domain/media';
import { ARCHIVE_FILE, parseRecipientFileAddress, RECIPIENT_ARCHIVE_SEGMENT, type RecipientFileTarget } from '#src/domain/recipient-files';
import { archiveResponse } from '#src/http/archive-response';
import { PRIVATE_PAGE_HEADERS } from '#src/http/cache-rules';
import { redirectToMediaFile } from '#src/http/redirect';
import { logEvent } from '#src/log';
import { findRecipientFile } from '#src/pages/recipient-files';
import { isDocumentContentType, MEDIA_CONTENT_SECURITY_POLICY } from './media';

/** The path segment of a file key (the shape isWellFormedRecipientFileKey checks). */
const KEY = ':key{f[A-Za-z0-9_-]{43}}';
const UUID = ':uuid{[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}}';

/** Nothing here: a bare 404, private like every answer on these addresses. */
function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { ...PRIVATE_PAGE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** Counts a download after the answer (a GET only: a HEAD fetches nothing); a failed count never fails the file. */
function countDownload(c: Context<AppEnv>, linkId: number, file: string): void {
  if (c.req.method !== 'GET') return;
  const counted = c.var.deps.recipientFiles
    .recordDownload(linkId, file, Math.floor(Date.now() / 1000))
    .catch((error: unknown) => logEvent('recipient_download_not_counted', { error: (error as Error).message }, 'warn'));
  c.executionCtx.waitUntil(counted);
}

/** The original (or, on the CDN, the file with its effects) as the media root serves it. */
async function openFile(c: Context<AppEnv>, uuid: string, rest: string): Promise<Response> {
  const root = normalizeCdnRoot(c.var.deps.config.mediaRoot);
  // The offline stand-in serves originals from static assets, effects ignored (./media.ts).
  if (root.startsWith('/')) return c.env.ASSETS.fetch(new Request(new URL(`/media/${uuid}/${rest.slice(rest.lastIndexOf('/') + 1)}`, c.req.url)));
  return fetch(`${root}/${uuid}/${rest}`);
}

async function answer(c: Context<AppEnv>, target: RecipientFileTarget): Promise<Response> {
  const found = await findRecipientFile(c.var.deps, c.req.param('key') ?? '', target);
  if (found.kind === 'none') return notFound();
  if (found.kind === 'moved') return redirectToMediaFile(c, found.location, PRIVATE_PAGE_HEADERS);
  if (found.kind === 'archive') {
    countDownload(c, found.linkId, ARCHIVE_FILE);
    return archiveResponse(c, found.title, found.files, PRIVATE_PAGE_HEADERS);
  }
  const upstream = await openFile(c, found.uuid, found.rest);
  if (!upstream.ok || !upstream.body) return notFound();
  const headers = new Headers({ ...PRIVATE_PAGE_HEADERS, 'Content-Security-Policy': MEDIA_CONTENT_SECURITY_POLICY });
  for (const name of ['Content-Type', 'Content-Length', 'Last-Modified']) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  // The CDN's download flag, and types a browser would run as a page: saved, never shown in place.
  if (found.rest.includes('-/inline/no/') || isDocumentContentType(headers.get('Content-Type'))) {
    headers.set('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(found.filename)}`);
  }
  countDownload(c, found.linkId, found.uuid);
  return new Response(upstream.body, { status: 200, headers });
}

export const recipientFiles = new Hono<AppEnv>()
  .get(`/${KEY}/${RECIPIENT_ARCHIVE_SEGMENT}`, (c) => answer(c, { kind: 'archive' }))
  .get(`/${KEY}/${UUID}/*`, (c) => {
    // The address read the one way every recipient file address is read (src/domain/recipient-files.ts).
    const target = parseRecipientFileAddress(c.req.path)?.target;
    return target?.kind === 'file' ? answer(c, target) : notFound();
  });
