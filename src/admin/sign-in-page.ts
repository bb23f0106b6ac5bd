/**
 * The small page the editor's sign-in popup ends on (ADR 0051): readable text for the person
 * (signed in, or what went wrong), and the handshake Sveltia and Decap expect from an external
 * OAuth provider. The popup tells its opener `authorizing:github`; the editor answers the same
 * words back; the popup then posts `authorization:github:success:{"token":…,"provider":"github"}`
 * or `authorization:github:error:{…}`. The "token" is a placeholder worth nothing anywhere (the
 * person's key is their Cloudflare Access session; the worker holds GitHub's). Every message goes
 * to the popup's own origin only (the editor opens it on its own site), and only an answer from
 * the opener at that origin is listened to.
 *
 * The script is one fixed text; what differs between answers travels in a JSON data block,
 * which no browser runs. The page's CSP allows exactly that script by its SHA-256 hash and
 * nothing else (no 'self', no other source of any kind).
 *
 * Its words are the site's messages (src/i18n/messages, `editor_login.*`) in the language the
 * sign-in chose for the request (sign-in-routes.ts); the message posted to the editor carries the
 * same text.
 */
import { formatMessage, messagesFor, type MessageId } from '#src/i18n/translate';
import { textDirection, toBcp47 } from '#src/i18n/locales';
import { PRIVATE_PAGE_HEADERS } from '#src/http/cache-rules';
import { scriptHashSource } from './admin-headers';
import { escapeXml } from '#src/pages/feed-formats';
import { scriptJson } from '#src/pages/script-json';

export const PROVIDER = 'github';
const DATA_ID = 'editor-login-handshake';

/** The handshake, run in the popup. Plain ES5-era code: it runs wherever the editor does. */
export const HANDSHAKE_SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById('${DATA_ID}').textContent);
  var opener = window.opener;
  if (!opener) return;
  window.addEventListener('message', function (event) {
    if (event.source !== opener || event.origin !== data.origin || event.data !== data.ready) return;
    opener.postMessage(data.result, data.origin);
  });
  opener.postMessage(data.ready, data.origin);
})();`;

let scriptHash: Promise<string> | undefined;

/** `'sha256-…'`, the CSP source of HANDSHAKE_SCRIPT. */
export function handshakeScriptSource(): Promise<string> {
  scriptHash ??= scriptHashSource(HANDSHAKE_SCRIPT);
  return scriptHash;
}

/**
 * Why a sign-in failed: the code Sveltia localises its message by (its authenticator's codes
 * where one fits) and the message the person reads.
 */
export const LOGIN_ERRORS = {
  notConfigured: { code: 'MISCONFIGURED_CLIENT', message: 'editor_login.error.not_configured' },
  unsupportedProvider: { code: 'UNSUPPORTED_BACKEND', message: 'editor_login.error.unsupported_provider' },
} as const satisfies Record<string, { code: string; message: MessageId }>;

export type LoginError = (typeof LOGIN_ERRORS)[keyof typeof LOGIN_ERRORS];

export type LoginResult = { readonly token: string } | { readonly error: LoginError };

/** One of the login's messages in `locale` (a code of the site's catalogues). */
export function loginText(locale: string, id: MessageId, values: Record<string, string> = {}): string {
  return formatMessage(locale, messagesFor(locale), id, values);
}

/** The message the popup posts, its text in `locale`: Sveltia reads `error` and `errorCode`, Decap `message`. */
export function resultMessage(result: LoginResult, locale: string): string {
  if ('token' in result) return `authorization:${PROVIDER}:success:${JSON.stringify({ token: result.token, provider: PROVIDER })}`;
  const code = result.error.code;
  const message = loginText(locale, result.error.message);
  return `authorization:${PROVIDER}:error:${JSON.stringify({ provider: PROVIDER, error: message, errorCode: code, message })}`;
}

/**
 * Headers of every answer of the login (the redirect to GitHub too): private, never stored,
 * never indexed, no Referer (the callback's address holds the code). The opener policy is
 * `unsafe-none`: the popup passes through github.com and must come back still knowing its opener
 * (the site-wide `same-origin` would sever it; the editor's page keeps its popups with
 * `same-origin-allow-popups`).
 */
export const LOGIN_HEADERS: Readonly<Record<string, string>> = {
  ...PRIVATE_PAGE_HEADERS,
  'Cross-Origin-Opener-Policy': 'unsafe-none',
};

/** The popup's page is in the language its request's Accept-Language chose. */
const PAGE_HEADERS: Readonly<Record<string, string>> = { ...LOGIN_HEADERS, Vary: 'Accept-Language' };

/** The page's policy: nothing may load; with a handshake, its one script by hash. */
export function loginPagePolicy(scriptSource: string | null): string {
  return ["default-src 'none'", `script-src ${scriptSource ?? "'none'"}`, "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"].join('; ');
}

/**
 * The popup's page, in `locale` (a code of the site's catalogues). `siteOrigin` is where the
 * handshake talks (the configured site origin); null when it is not known, then the page only reads.
 */
export async function loginPage(result: LoginResult, siteOrigin: string | null, status: number, locale: string): Promise<Response> {
  const failed = 'error' in result;
  const heading = loginText(locale, failed ? 'editor_login.failed' : 'editor_login.signed_in');
  const text = loginText(locale, failed ? result.error.message : 'editor_login.signed_in.text');
  const title = loginText(locale, 'editor_login.title', { heading });
  const data = siteOrigin ? { origin: siteOrigin, ready: `authorizing:${PROVIDER}`, result: resultMessage(result, locale) } : null;
  const handshake = data ? `<script type="application/json" id="${DATA_ID}">${scriptJson(data)}</script><script>${HANDSHAKE_SCRIPT}</script>` : '';
  const html = `<!doctype html><html lang="${escapeXml(toBcp47(locale))}" dir="${textDirection(locale)}"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer"><title>${escapeXml(title)}</title></head><body><h1>${escapeXml(heading)}</h1><p>${escapeXml(text)}</p>${handshake}</body></html>`;
  return new Response(html, {
    status,
    headers: { ...PAGE_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': loginPagePolicy(data ? await handshakeScriptSource() : null) },
  });
}
