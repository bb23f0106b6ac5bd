/**
 * The headers of the press team's editor (/admin/), apart from the readers' site: never stored by
 * any cache, never indexed, no Referer sent from it, never framed, and a Content-Security-Policy
 * of its own allowing only what Sveltia CMS needs (docs/decisions/0039-the-press-teams-editor.md):
 * its scripts, styles and fonts from this site, inline styles (Svelte injects them), `blob:` and
 * `data:` images (previews of files picked from the local folder), GitHub's avatars (the signed-in
 * person's and commit authors', which the GitHub backend shows), the page's one inline script,
 * its import map, by hash (src/admin/admin-page.ts), `blob:` frames (Sveltia draws the story
 * preview, ADR 0041, in a frame loaded from a `blob:` address, which keeps this policy), images
 * from the media CDN when media live there, and connections to this site (the GitHub API is
 * reached through its proxy, /admin/github/, ADR 0051) and, when the editor uploads to Uploadcare
 * (ADR 0042), to its Upload API. Everything else is
 * blocked on purpose: the fonts Sveltia would fetch from jsDelivr (ours are self-hosted), its
 * version check on unpkg and GitHub's status page.
 */
import { PRIVATE_PAGE_HEADERS } from '#src/http/cache-rules';

/** Where GitHub serves the avatars its API links to (`avatar_url`, `avatarUrl`). */
export const GITHUB_AVATARS_ORIGIN = 'https://avatars.githubusercontent.com';

export const ADMIN_HEADERS: Readonly<Record<string, string>> = {
  ...PRIVATE_PAGE_HEADERS,
  // The editor's sign-in popup (src/admin/sign-in-page.ts) must be able to answer this window.
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
};

/** JSON answers under /admin (the GitHub proxy, upload signatures, the door's refusals there). */
export const ADMIN_JSON_HEADERS: Readonly<Record<string, string>> = {
  ...PRIVATE_PAGE_HEADERS,
  'Content-Type': 'application/json; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

export interface AdminCspOptions {
  /** The media CDN's origin when media are on Uploadcare (MEDIA_CDN_URL), else null. */
  readonly mediaCdnOrigin: string | null;
  /** The Upload API's origin when the editor uploads to Uploadcare (src/env.ts editorUploadsOf), else null. */
  readonly uploadOrigin?: string | null;
  /** The page's import map, as a CSP hash source (`'sha256-…'`); none on answers that are not the page. */
  readonly importMapSource?: string | null;
}

/** `'sha256-…'`: the CSP source that allows one inline script, this exact text. */
export async function scriptHashSource(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let binary = '';
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return `'sha256-${btoa(binary)}'`;
}

/** The editor's Content-Security-Policy. */
export function adminContentSecurityPolicy({ mediaCdnOrigin, uploadOrigin = null, importMapSource = null }: AdminCspOptions): string {
  const cdn = mediaCdnOrigin ? [mediaCdnOrigin] : [];
  const uploads = uploadOrigin ? [uploadOrigin] : [];
  return [
    "default-src 'none'",
    ['script-src', "'self'", ...(importMapSource ? [importMapSource] : [])].join(' '),
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'blob:', 'data:', GITHUB_AVATARS_ORIGIN, ...cdn].join(' '),
    ['media-src', "'self'", 'blob:', ...cdn].join(' '),
    "font-src 'self'",
    ['connect-src', "'self'", 'blob:', ...uploads].join(' '),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    'frame-src blob:',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}
