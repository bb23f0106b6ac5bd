/**
 * The editor's GitHub login, served by this worker (docs/decisions/0040-editor-github-login.md):
 * the editor at /admin (Sveltia CMS, `backend: github`, `base_url` the site, `auth_endpoint:
 * admin/auth`) opens `/admin/auth?provider=github&site_id=…&scope=repo` in a popup.
 *
 * - `GET /admin/auth` sends the browser to GitHub's authorize page with the OAuth App's client id,
 *   the `repo` scope, the callback on the configured site origin (`SITE_URL`, never the request's
 *   Host) and a fresh signed state, which it also sets in a `__Host-` cookie for ten minutes.
 * - `GET /admin/callback` takes GitHub's `code` only with the state this browser's cookie holds,
 *   exchanges it for the person's token, and lets it through only when that person may push to
 *   `EDITOR_REPOSITORY`; the answer is the handshake page (oauth-page.ts), which hands the token
 *   to the editor's window at the site origin. The token is never logged or kept here.
 *
 * The pages speak the person's language: the first of Accept-Language's that the newsroom has
 * (its languages as the editor's generated configuration names them, so no D1 is needed), else
 * the newsroom's default language.
 *
 * Mounted before the page cache (src/app.tsx): never stored, and no D1 or KV is touched. Each
 * client's requests count against the render limiter, as each callback costs calls to GitHub.
 */
import { Hono, type Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import { languageDetector, type LanguageVariables } from 'hono/language';
import { configOf } from '#src/env';
import { editorLoginOf, type EditorLoginConfig } from './admin-env';
import type { AppEnv } from '#src/http/app-env';
import { logEvent } from '#src/log';
import { limitClient } from '#src/http/client-limits';
import { authorizeUrl, exchangeCode, repositoryAccess } from '#src/platform/github/oauth-client';
import { LOGIN_ERRORS, LOGIN_HEADERS, loginPage, loginPagePolicy, PROVIDER, type LoginError, type LoginResult } from './oauth-page';
import { callbackStateIsGood, issueState, STATE_LIFETIME_SECONDS } from './oauth-state';
import editorConfig from './editor-config.generated.json';

/** The state's cookie: `__Host-` makes browsers refuse it unless Secure, Path=/ and set by this host alone. */
export const STATE_COOKIE = '__Host-editor-login-state';
/** What the editor asks GitHub for: reading and committing to the (possibly private) repository. */
export const EDITOR_SCOPE = 'repo';
export const CALLBACK_PATH = '/admin/callback';

export interface EditorLoginOptions {
  /** Outbound requests to GitHub (tests pass a stand-in). */
  readonly fetch?: typeof fetch;
  /** The clock, in Unix seconds. */
  readonly now?: () => number;
}

type EnabledLogin = Extract<EditorLoginConfig, { enabled: true }>;
type LoginEnv = AppEnv & { Variables: LanguageVariables };
type LoginContext = Context<LoginEnv>;

/** The language of the login's pages, from Accept-Language alone (no cookie, no query), among the newsroom's. */
const loginLanguage = languageDetector({
  order: ['header'],
  supportedLanguages: [...editorConfig.i18n.locales],
  fallbackLanguage: editorConfig.i18n.default_locale,
  caches: false,
});

const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** Sent with GitHub's authorize page; Lax, so the top-level return from github.com carries it. */
const setStateCookie = (state: string) => generateCookie(STATE_COOKIE, state, { path: '/', secure: true, httpOnly: true, sameSite: 'Lax', maxAge: STATE_LIFETIME_SECONDS });
/** Every callback answer spends the state: one sign-in per state. */
const clearStateCookie = () => generateCookie(STATE_COOKIE, '', { path: '/', secure: true, httpOnly: true, sameSite: 'Lax', maxAge: 0 });

/** The configured login, or null (logging why when the login is half set up). */
function configured(c: LoginContext): EnabledLogin | null {
  const login = editorLoginOf(c.env);
  if (login.enabled) return login;
  if (login.problem) logEvent('editor_login_not_configured', { problem: login.problem }, 'warn');
  return null;
}

/** The "not configured" page; its handshake, when at least the site origin is known, tells the editor too. */
const notConfigured = (c: LoginContext) => loginPage({ error: LOGIN_ERRORS.notConfigured }, configOf(c.env).siteUrl, 503, c.get('language'));

/** The popup's last page, spending the state cookie. */
async function answer(c: LoginContext, result: LoginResult, siteOrigin: string, status: number): Promise<Response> {
  const response = await loginPage(result, siteOrigin, status, c.get('language'));
  response.headers.append('Set-Cookie', clearStateCookie());
  return response;
}

/** A failed sign-in; `reason` (GitHub's error code, never a token) goes to the log for the operators. */
function fail(c: LoginContext, error: LoginError, status: number, siteOrigin: string, reason?: string): Promise<Response> {
  if (reason) logEvent('editor_login_failed', { code: error.code, reason }, 'warn');
  return answer(c, { error }, siteOrigin, status);
}

export function editorLogin(options: EditorLoginOptions = {}): Hono<LoginEnv> {
  const fetcher = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? nowInSeconds;
  const app = new Hono<LoginEnv>();
  app.use('*', loginLanguage);

  app.get('/auth', async (c) => {
    await limitClient(c.env.RENDER_LIMITER, 'editor-login', c.req.raw);
    const login = configured(c);
    if (!login) return notConfigured(c);
    if (c.req.query('provider') !== PROVIDER) return fail(c, LOGIN_ERRORS.unsupportedProvider, 400, login.siteOrigin);
    const state = await issueState(login.app.clientSecret, now());
    const location = authorizeUrl(login.app, { redirectUri: `${login.siteOrigin}${CALLBACK_PATH}`, scope: EDITOR_SCOPE, state });
    // Not redirect() (src/http/redirect.ts keeps Locations on this site): this one goes to
    // GitHub's fixed origin, and nothing in it comes from the request.
    const headers = new Headers({ ...LOGIN_HEADERS, Location: location, 'Content-Security-Policy': loginPagePolicy(null) });
    headers.append('Set-Cookie', setStateCookie(state));
    return new Response(null, { status: 302, headers });
  });

  app.get('/callback', async (c) => {
    await limitClient(c.env.RENDER_LIMITER, 'editor-login', c.req.raw);
    const login = configured(c);
    if (!login) return notConfigured(c);
    const { siteOrigin } = login;
    const good = await callbackStateIsGood(login.app.clientSecret, c.req.query('state'), getCookie(c, STATE_COOKIE), now());
    if (!good) return fail(c, LOGIN_ERRORS.badState, 403, siteOrigin);
    // `error=access_denied`: the person pressed Cancel on GitHub's page.
    if (c.req.query('error')) return fail(c, LOGIN_ERRORS.denied, 403, siteOrigin);
    const code = c.req.query('code');
    if (!code || code.length > 512) return fail(c, LOGIN_ERRORS.denied, 400, siteOrigin);

    const exchange = await exchangeCode(login.app, code, `${siteOrigin}${CALLBACK_PATH}`, fetcher);
    if (exchange.outcome === 'refused') return fail(c, LOGIN_ERRORS.tokenRefused, 400, siteOrigin, exchange.error);
    if (exchange.outcome === 'unavailable') return fail(c, LOGIN_ERRORS.githubUnavailable, 502, siteOrigin, exchange.reason);
    // A person may grant less than asked for (GitHub lets them edit the scopes).
    if (!exchange.scopes.includes(EDITOR_SCOPE)) return fail(c, LOGIN_ERRORS.missingScope, 403, siteOrigin, `granted scopes: ${exchange.scopes.join(',') || 'none'}`);

    const access = await repositoryAccess(exchange.token, login.repository, fetcher);
    if (access.outcome === 'unavailable') return fail(c, LOGIN_ERRORS.githubUnavailable, 502, siteOrigin, access.reason);
    // A token GitHub has just issued and already refuses: nothing the person can fix by asking for access.
    if (access.outcome === 'bad-token') return fail(c, LOGIN_ERRORS.tokenRefused, 403, siteOrigin, 'repository answered 401');
    if (access.outcome === 'not-found' || !access.push) return fail(c, LOGIN_ERRORS.noPushAccess, 403, siteOrigin);
    return answer(c, { token: exchange.token }, siteOrigin, 200);
  });

  return app;
}
