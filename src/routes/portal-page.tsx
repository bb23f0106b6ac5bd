/**
 * A page of the privacy portal: which newsroom and language its address names (a 404 for any
 * other), and the page of one of its views, private to the visitor (./private-page.ts), with
 * Turnstile's widget on the form views when it is set up.
 */
import type { Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import type { Deps } from '#src/adapters';
import { categoriesForLocale } from '#src/domain/category';
import { NotFoundError } from '#src/domain/errors';
import type { SiteContext } from '#src/domain/ports';
import { formatMessage, messagesFor, type MessageId } from '#src/i18n/translate';
import { urls } from '#src/i18n/urls';
import { requireSite } from '#src/http/require-site';
import { TURNSTILE_SOURCES } from '#src/http/content-security-policy';
import type { PrivacyPageModel, PrivacyView } from '#src/pages/model';
import { PrivacyPage } from '#src/views/pages/privacy-page';
import { buildLayout, pageTitle } from '#src/pages/layout';
import { PRIVATE_PAGE_HEADERS } from '#src/http/cache-rules';
import { quietSite } from '#src/http/private-page';
import { renderPage } from '#src/http/render-page';
import { siteNameFor } from '#src/domain/newsroom';

/** The newsroom (without third parties) and the portal's language, from the address. */
export function portalSite(c: Context<AppEnv>): { site: SiteContext; locale: string } {
  const locale = c.req.param('locale') ?? '';
  const site = requireSite(c);
  if (site.newsroom.uuid !== c.req.param('uuid') || !site.languages.some((language) => language.code === locale)) throw new NotFoundError('Privacy portal');
  c.set('locale', locale);
  return { site: quietSite(c), locale };
}

const DATA_REQUEST_VIEWS: ReadonlySet<PrivacyView['kind']> = new Set(['data-request', 'data-request-pending', 'data-request-recorded', 'confirm-data-request', 'received']);
/** The views with a form a stranger fills in: the only ones with Turnstile (when configured). */
const FORM_VIEWS: ReadonlySet<PrivacyView['kind']> = new Set(['subscribe', 'data-request']);

function buildModel(deps: Deps, site: SiteContext, locale: string, path: string, view: PrivacyView): PrivacyPageModel {
  const t = (id: MessageId) => formatMessage(locale, messagesFor(locale), id);
  const isDataRequest = DATA_REQUEST_VIEWS.has(view.kind);
  const title = isDataRequest ? t('data_request.title') : view.kind.startsWith('unsubscribe') ? t('unsubscribe.title') : t('subscribe.title');
  return {
    layout: buildLayout({
      site,
      config: deps.config,
      locale,
      path,
      title: pageTitle(site, locale, title),
      description: '',
      pageTranslations: site.languages.map((language) => ({ code: language.code, href: urls.privacy(language.code, site.newsroom.uuid, isDataRequest ? 'data-request' : 'subscribe') })),
      // Portal pages are per visitor and say nothing worth indexing.
      indexable: false,
    }),
    title,
    view,
    action: path,
    categories: categoriesForLocale(site.categories, locale).map((category) => ({ id: category.id, name: category.i18n[locale]!.name })),
    companyName: siteNameFor(site, locale),
    turnstileSiteKey: FORM_VIEWS.has(view.kind) ? (deps.config.turnstile?.siteKey ?? null) : null,
  };
}

export async function portalPage(c: Context<AppEnv>, site: SiteContext, locale: string, view: PrivacyView, status = 200) {
  const path = new URL(c.req.url).pathname;
  // Turnstile's widget is the one third party a portal form page may load, and only when set up.
  if (c.var.deps.config.turnstile && FORM_VIEWS.has(view.kind)) c.set('cspExtra', TURNSTILE_SOURCES);
  // Private to the visitor, and the address may hold a token: no cache, no Referer, no index.
  return renderPage(<PrivacyPage model={buildModel(c.var.deps, site, locale, path, view)} />, { status, headers: PRIVATE_PAGE_HEADERS });
}

