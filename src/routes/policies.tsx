/**
 * `[/{locale}]/privacy-policy` and `[/{locale}]/cookie-policy`: the policy the content folder wrote
 * for the language, else a redirect to the organisation's own page, else a 404.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import type { Deps } from '#src/adapters';
import { requireSite } from '#src/http/require-site';
import { NotFoundError } from '#src/domain/errors';
import { policySource, type PolicyKind } from '#src/domain/policy';
import type { SiteContext } from '#src/domain/ports';
import { urls, urlContextOf } from '#src/i18n/urls';
import { cacheRules } from '#src/http/cache-rules';
import type { PolicyPageModel } from '#src/pages/model';
import { PolicyPage } from '#src/views/pages/policy-page';
import { renderPage } from '#src/http/render-page';
import { buildLayout, pageTitle } from '#src/pages/layout';
import { redirectToConfiguredAddress } from '#src/http/redirect';

export type PolicyAnswer = { readonly page: PolicyPageModel } | { readonly elsewhere: string };

export async function loadPolicy(deps: Deps, site: SiteContext, locale: string, kind: PolicyKind): Promise<PolicyAnswer> {
  const source = policySource(kind, locale, site.policy_pages, site.companies[locale]);
  if (!source) throw new NotFoundError(`No ${kind} in ${locale}`);
  if (source.type === 'link') return { elsewhere: source.url };
  const policy = await deps.content.getPolicyPage(kind, locale);
  if (!policy) throw new NotFoundError(`No ${kind} in ${locale}`);
  const ctx = urlContextOf(site);
  const path = urls.policy(ctx, locale, kind);
  return {
    page: {
      layout: buildLayout({
        site,
        config: deps.config,
        locale,
        path,
        title: pageTitle(site, locale, policy.title),
        description: '',
        // Only languages with a policy page of their own: hreflang names equivalent pages.
        pageTranslations: site.languages.flatMap((language) => (policySource(kind, language.code, site.policy_pages, site.companies[language.code])?.type === 'page' ? [{ code: language.code, href: urls.policy(ctx, language.code, kind) }] : [])),
        breadcrumbs: [{ name: policy.title, path }],
      }),
      title: policy.title,
      bodyHtml: policy.body_html,
      updatedAt: policy.updated_at,
    },
  };
}

async function servePolicy(c: Context<AppEnv>, kind: PolicyKind): Promise<Response> {
  const answer = await loadPolicy(c.var.deps, requireSite(c), c.var.locale, kind);
  if ('elsewhere' in answer) return redirectToConfiguredAddress(c, answer.elsewhere, { 'Cache-Control': cacheRules.page });
  return renderPage(<PolicyPage model={answer.page} />);
}

// One route per policy: a pattern alternation here would also match longer paths.
export const policies = new Hono<AppEnv>().get('/privacy-policy', (c) => servePolicy(c, 'privacy-policy')).get('/cookie-policy', (c) => servePolicy(c, 'cookie-policy'));
