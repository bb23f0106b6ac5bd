/**
 * The editor's sign-in, `GET /admin/auth` (ADR 0051), behind the door like all of /admin. Sveltia
 * CMS's GitHub backend wants a token and opens `{base_url}/{auth_endpoint}` in a popup to get one;
 * the person already signed in at the door (Cloudflare Access), and the worker alone holds the
 * key to GitHub, so the popup answers at once with a placeholder (EDITOR_SESSION_TOKEN) that
 * opens nothing: the GitHub proxy ignores whatever `Authorization` the editor sends and acts for
 * the person the door let in. The editor's page also stores the placeholder before Sveltia starts
 * (src/admin/client/editor-session.ts), so a press officer never sees the popup unless they sign out.
 *
 * The page speaks the person's language: the first of Accept-Language's that the newsroom has
 * (its languages as the editor's generated configuration names them, so no D1 is needed), else
 * the newsroom's default language. Never stored: mounted before the page cache.
 */
import { Hono } from 'hono';
import { languageDetector, type LanguageVariables } from 'hono/language';
import { editorGitHubOf } from '#src/env';
import type { AdminEnv } from './admin-door';
import { logEvent } from '#src/log';
import { LOGIN_ERRORS, loginPage, PROVIDER } from './sign-in-page';
import { EDITOR_SESSION_TOKEN } from './client/editor-session';
import editorConfig from './editor-config.generated.json';

/** The language of the sign-in page, from Accept-Language alone (no cookie, no query), among the newsroom's. */
const signInLanguage = languageDetector({
  order: ['header'],
  supportedLanguages: [...editorConfig.i18n.locales],
  fallbackLanguage: editorConfig.i18n.default_locale,
  caches: false,
});

export const editorSignIn = new Hono<AdminEnv & { Variables: LanguageVariables }>().get('/admin/auth', signInLanguage, (c) => {
  const origin = new URL(c.req.url).origin;
  const language = c.get('language');
  const github = editorGitHubOf(c.env);
  if (!github.enabled) {
    if (github.problem) logEvent('editor_github_not_configured', { problem: github.problem }, 'warn');
    return loginPage({ error: LOGIN_ERRORS.notConfigured }, origin, 503, language);
  }
  if (c.req.query('provider') !== PROVIDER) return loginPage({ error: LOGIN_ERRORS.unsupportedProvider }, origin, 400, language);
  return loginPage({ token: EDITOR_SESSION_TOKEN }, origin, 200, language);
});
