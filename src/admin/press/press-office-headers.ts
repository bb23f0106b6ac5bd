/**
 * Every answer of the press office view, its refusals included: rendered like every page
 * (@hono/react-renderer's `c.render`, after the document's start: src/views/render.tsx), with the
 * office's headers: private and never stored (`private, no-store`), never indexed, no Referer sent
 * from it, never framed, and a policy of its own that allows no script at all (the page has none),
 * only its one inline stylesheet by hash, and forms posting to this site.
 */
import type { Context } from 'hono';
import type { ReactElement } from 'react';
import { PRIVATE_PAGE_HEADERS } from '#src/http/cache-rules';
import type { DocumentShell } from '#src/pages/model';
import { renderDocument } from '#src/views/render';
import { scriptHashSource } from '../admin-headers';
import { OFFICE_STYLESHEET } from './press-office-page';

/** The office's start: in English, light only, no stylesheet to fetch (its one is inline) and no script. */
const OFFICE_SHELL: DocumentShell = { locale: 'en', stylesheets: [], colorScheme: null, themeColor: null, clientScript: false };

let styleSource: Promise<string> | undefined;

/** The view's Content-Security-Policy. */
async function officeContentSecurityPolicy(): Promise<string> {
  styleSource ??= scriptHashSource(OFFICE_STYLESHEET);
  return ["default-src 'none'", `style-src ${await styleSource}`, "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'"].join('; ');
}

async function officeHeaders(): Promise<Record<string, string>> {
  return { ...PRIVATE_PAGE_HEADERS, 'Content-Security-Policy': await officeContentSecurityPolicy() };
}

/** An office page (an `OfficeDocument`) with the office's headers. */
export async function officeResponse(c: Context, page: ReactElement, status = 200, headers: Record<string, string> = {}): Promise<Response> {
  const body = await renderDocument(OFFICE_SHELL, c.render(page));
  return new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', ...(await officeHeaders()), ...headers } });
}
