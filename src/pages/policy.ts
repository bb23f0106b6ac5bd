/**
 * A policy page (`[/{locale}]/privacy-policy`, `[/{locale}]/cookie-policy`): the policy the content
 * folder wrote for the language, else the organisation's own page's address, else a 404.
 */
import type { Deps } from '#src/deps';
import { NotFoundError } from '#src/domain/errors';
import { policySource, type PolicyKind } from '#src/domain/policy';
import type { SiteContext } from '#src/domain/ports';
import { urls, urlContextOf } from '#src/i18n/urls';
import type { LayoutModel } from './model';
import { buildLayout, pageTitle } from './layout';

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

export interface PolicyPageModel {
  readonly layout: LayoutModel;
  readonly title: string;
  /** Sanitised at import from the content folder's Markdown. */
  readonly bodyHtml: string;
  readonly updatedAt: number | null;
}
