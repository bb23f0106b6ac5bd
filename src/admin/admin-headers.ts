/**
 * The headers of the press team's editor (/admin/), apart from the readers' site: never stored by
 * any cache, never indexed, no Referer sent from it, never framed, and a Content-Security-Policy
 * of its own allowing only what Sveltia CMS needs (docs/decisions/0039-the-press-teams-editor.md):
 * its scripts, styles and fonts from this site, inline styles (Svelte injects them), `blob:` and
 * `data:` images (previews of files picked from the local folder), GitHub's avatars (the signed-in
 * person's and commit authors', which the GitHub backend shows), and connections to the GitHub
 * API (the production backend) and to Uploadcare only when media live there. Everything else is
 * blocked on purpose: the fonts Sveltia would fetch from jsDelivr (ours are self-hosted), its
 * version check on unpkg and GitHub's status page.
 */
import { PRIVATE_PAGE_HEADERS } from '#src/middleware/cache-rules';
import { GITHUB_API_ORIGIN } from '#src/platform/github/oauth-client';

/** Where GitHub serves the avatars its API links to (`avatar_url`, `avatarUrl`). */
export const GITHUB_AVATARS_ORIGIN = 'https://avatars.githubusercontent.com';

/** Where the Uploadcare widget uploads files and asks about them. */
export const UPLOADCARE_CONNECT_ORIGINS: readonly string[] = ['https://upload.uploadcare.com', 'https://api.uploadcare.com'];

export const ADMIN_HEADERS: Readonly<Record<string, string>> = {
  ...PRIVATE_PAGE_HEADERS,
  // The GitHub sign-in popup (src/admin/oauth-page.ts) must be able to answer this window.
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
};

export interface AdminCspOptions {
  /** The media CDN's origin when media are on Uploadcare (MEDIA_CDN_URL), else null. */
  readonly mediaCdnOrigin: string | null;
}

/** The editor's Content-Security-Policy. */
export function adminContentSecurityPolicy({ mediaCdnOrigin }: AdminCspOptions): string {
  const cdn = mediaCdnOrigin ? [mediaCdnOrigin] : [];
  const uploads = mediaCdnOrigin ? UPLOADCARE_CONNECT_ORIGINS : [];
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'blob:', 'data:', GITHUB_AVATARS_ORIGIN, ...cdn].join(' '),
    ['media-src', "'self'", 'blob:', ...cdn].join(' '),
    "font-src 'self'",
    ['connect-src', "'self'", 'blob:', GITHUB_API_ORIGIN, ...uploads].join(' '),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}
