/**
 * The privacy and cookie policies a visitor expects on any press site: a page written in the
 * content folder (`policies/{kind}/index.{locale}.md`), else the organisation's own page linked from the
 * company file, else none (and then nothing links to it).
 */
export const POLICY_KINDS = ['privacy-policy', 'cookie-policy'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

export interface PolicyPage {
  readonly kind: PolicyKind;
  readonly locale: string;
  readonly title: string;
  readonly body_html: string;
  /** Unix seconds; null when the file gives no date. */
  readonly updated_at: number | null;
}

/** Where a policy lives for a language: our page, the organisation's address, or nowhere. */
export type PolicySource = { readonly type: 'page' } | { readonly type: 'link'; readonly url: string } | null;

export function policySource(kind: PolicyKind, locale: string, pages: readonly { kind: PolicyKind; locale: string }[], links: { privacy_policy_url: string | null; cookie_policy_url: string | null } | undefined): PolicySource {
  if (pages.some((page) => page.kind === kind && page.locale === locale)) return { type: 'page' };
  const url = kind === 'privacy-policy' ? links?.privacy_policy_url : links?.cookie_policy_url;
  return url ? { type: 'link', url } : null;
}
