/**
 * A page of the privacy portal: which newsroom and language its address names (a 404 for any
 * other), and the page of one of its views, private to the visitor (src/http/private-page.ts), with
 * Turnstile's widget on the form views when it is set up.
 */
import type { Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { NotFoundError } from '#src/domain/errors';
import type { SiteContext } from '#src/domain/ports';
import { requireSite } from '#src/http/require-site';
import { TURNSTILE_SOURCES } from '#src/http/content-security-policy';
import { FORM_VIEWS, portalPageModel, type PortalView } from '#src/pages/privacy-portal';
import { PrivacyPortalPage } from '#src/views/screens/privacy-portal-page';
import { PRIVATE_PAGE_HEADERS } from '#src/http/cache-rules';
import { quietSite } from '#src/http/private-page';
import { renderPage } from '#src/http/render-page';

/** The newsroom (without third parties) and the portal's language, from the address. */
export function portalSite(c: Context<AppEnv>): { site: SiteContext; locale: string } {
  const locale = c.req.param('locale') ?? '';
  const site = requireSite(c);
  if (site.newsroom.uuid !== c.req.param('uuid') || !site.languages.some((language) => language.code === locale)) throw new NotFoundError('Privacy portal');
  return { site: quietSite(c), locale };
}

export async function portalPage(c: Context<AppEnv>, site: SiteContext, locale: string, view: PortalView, status = 200) {
  const path = new URL(c.req.url).pathname;
  // Turnstile's widget is the one third party a portal form page may load, and only when set up.
  const cspSources = c.var.deps.config.turnstile && FORM_VIEWS.has(view.kind) ? TURNSTILE_SOURCES : null;
  // Private to the visitor, and the address may hold a token: no cache, no Referer, no index.
  const model = portalPageModel(c.var.deps, site, locale, path, view);
  return renderPage(c, { shell: model.layout.shell, document: c.render(<PrivacyPortalPage model={model} />), status, headers: PRIVATE_PAGE_HEADERS, cspSources });
}

