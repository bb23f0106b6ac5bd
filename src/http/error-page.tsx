/**
 * Error answers for visitors: a status page in their language, and the one way an unexpected
 * error is logged and reported. `app.onError` answers with it; a streamed page that fails after
 * its first bytes ends with the same page (src/http/render-page.ts).
 */
import type { Context } from 'hono';
import type { ReactElement } from 'react';
import type { AppEnv } from './app-env';
import { describeError, UnavailableError } from '#src/domain/errors';
import { defaultLanguage } from '#src/domain/newsroom';
import type { SiteContext } from '#src/domain/ports';
import { hasSecret, withoutSecrets } from '#src/domain/secret-paths';
import { DEFAULT_LOCALE, isSupportedLocale } from '#src/i18n/locales';
import { urls, urlContextOf } from '#src/i18n/urls';
import { logFailure } from '#src/log';
import { buildLayout, documentShell, pageTitle } from '#src/pages/layout';
import type { DocumentShell, LayoutModel } from '#src/pages/model';
import { ErrorPage } from '#src/views/screens/error-page';
import { renderDocument } from '#src/views/render';
import { cacheRules, PRIVATE_PAGE_HEADERS } from './cache-rules';
import { reportError } from './error-reporting';
import { pagePolicy } from './page-policy';
import { withoutThirdParties } from './private-page';

/** How long a client should wait before retrying a 503 (D1 outages are usually brief). */
export const RETRY_AFTER_SECONDS = 30;

export type ErrorStatus = 403 | 404 | 413 | 429 | 500 | 503;

/** One structured line per unexpected error: what failed (and, for an outage, why), where, for whom. */
function logUnexpected(c: Context<AppEnv>, error: unknown): void {
  logFailure(error instanceof UnavailableError ? 'Store unavailable' : 'Unhandled error', {
    error: describeError(error),
    cause: error instanceof UnavailableError ? describeError(error.cause) : undefined,
    stack: error instanceof Error ? error.stack : undefined,
    path: withoutSecrets(c.req.path),
    locale: c.var.locale ?? null,
    requestId: c.var.requestId ?? c.req.header('cf-ray') ?? null,
  });
}

/** An error nobody expected: one log line, and one report to the error-reporting service. */
export function reportUnexpected(c: Context<AppEnv>, error: unknown): void {
  logUnexpected(c, error);
  reportError(c, error);
}

/**
 * The status page, with the site's header and footer when we can. Without the newsroom (D1 down,
 * nothing imported) the page is bare, in the language of the address's first segment when that is
 * a locale we have messages for.
 */
/**
 * The newsroom the error page shows. At a secret address in any spelling (`/fr/s/{token}`,
 * `/%2573/{token}`), the error page is a secret page too: no third party on it (nor in its
 * policy), no Referer from it, no index lists it.
 */
function errorPageSite(c: Context<AppEnv>): SiteContext | null {
  const site = c.var.site ?? null;
  return site && hasSecret(c.req.path) ? withoutThirdParties(site) : site;
}

/**
 * The language the address names: the failed route's `locale` parameter (a secret gallery link's
 * `/s/{token}/{locale}` ends with it), else the first segment (`/fr/…`, also when no route matched).
 */
function addressLocale(c: Context<AppEnv>): string {
  let parameter: string | undefined;
  try {
    parameter = c.req.param('locale');
  } catch {
    // No route matched: Hono has no parameters to read.
    parameter = undefined;
  }
  return parameter ?? c.req.path.split('/')[1] ?? '';
}

export function errorPage(c: Context<AppEnv>, status: ErrorStatus): { shell: DocumentShell; page: ReactElement } {
  const site = errorPageSite(c);
  const config = c.var.deps?.config;
  const requested = addressLocale(c);
  let locale = c.var.locale;
  let layout: LayoutModel | null = null;
  let homeHref = '/';
  if (site && config) {
    const fallback = defaultLanguage(site.languages).code;
    locale ??= site.languages.some((language) => language.code === requested) ? requested : fallback;
    try {
      layout = buildLayout({
        site,
        config,
        locale,
        path: urls.sameSitePath(c.req.path),
        title: pageTitle(site, locale, null),
        description: '',
        // No page here in any language: the switcher offers each language's homepage.
        pageTranslations: [],
        indexable: false,
      });
      homeHref = urls.home(urlContextOf(site), locale);
    } catch (error) {
      // The error page must not fail in its turn: without its header and footer it still answers.
      logUnexpected(c, error);
      layout = null;
    }
  }
  locale ??= isSupportedLocale(requested) ? requested : DEFAULT_LOCALE;
  // Every status but 404 shows the "Something went wrong" texts: the page model knows two kinds.
  return {
    shell: layout?.shell ?? documentShell(null, locale),
    page: <ErrorPage model={{ status: status === 404 ? 404 : 500, locale, layout, homeHref }} />,
  };
}

export async function errorResponse(c: Context<AppEnv>, status: ErrorStatus, retryAfterSeconds = RETRY_AFTER_SECONDS): Promise<Response> {
  const { shell, page } = errorPage(c, status);
  // Error pages are no-store already; a secret address adds no-referrer and noindex.
  const headers: Record<string, string> = { ...(hasSecret(c.req.path) ? PRIVATE_PAGE_HEADERS : {}), 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheRules.error };
  if (status === 503 || status === 429) headers['Retry-After'] = String(retryAfterSeconds);
  // The newsroom's own policy: none of the origins the failed page would have needed.
  headers['Content-Security-Policy'] = pagePolicy(c, errorPageSite(c));
  return new Response(await renderDocument(shell, c.render(page)), { status, headers });
}
