/**
 * The headers of every answer of the press office view, its refusals included: private and never
 * stored (`private, no-store`), never indexed, no Referer sent from it, never framed, and a policy
 * of its own that allows no script at all (the page has none), only its one inline stylesheet by
 * hash, and forms posting to this site.
 */
import { PRIVATE_PAGE_HEADERS } from '#src/http/cache-rules';
import { scriptHashSource } from '../admin-headers';
import { OFFICE_STYLESHEET } from './press-office-page';

let styleSource: Promise<string> | undefined;

/** The view's Content-Security-Policy. */
export async function officeContentSecurityPolicy(): Promise<string> {
  styleSource ??= scriptHashSource(OFFICE_STYLESHEET);
  return ["default-src 'none'", `style-src ${await styleSource}`, "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'"].join('; ');
}

export async function officeHeaders(): Promise<Record<string, string>> {
  return { ...PRIVATE_PAGE_HEADERS, 'Content-Security-Policy': await officeContentSecurityPolicy() };
}
