/** Cookie consent: whether a page asks at all, and the bar that asks. */
import { useAnalytics, useTranslator } from '../contexts';
import type { LayoutModel } from '#src/pages/model';

/**
 * Whether the page asks for cookie consent at all: not when the newsroom's tracking is disabled
 * and no consent tool of its own is on, because then nothing on the page would set a cookie.
 */
export function useAsksConsent(): boolean {
  const analytics = useAnalytics();
  return analytics.isEnabled || analytics.newsroom.onetrust_cookie_consent.is_enabled;
}

/**
 * Asks for consent to analytics cookies. Rendered hidden and fixed to the viewport's bottom: the
 * browser code shows it while consent is unknown, without moving anything on the page.
 */
export function ConsentBar({ policyLinks }: { policyLinks: LayoutModel['policyLinks'] }) {
  const { t } = useTranslator();
  // The cookie policy, else the privacy policy (which then covers cookies), named as what it is.
  const policy = policyLinks.cookie ? { href: policyLinks.cookie, label: t('consent.policy_link') } : policyLinks.privacy ? { href: policyLinks.privacy, label: t('consent.privacy_link') } : null;
  return (
    <section className="consent-bar" aria-label={t('consent.label')} data-consent-bar hidden>
      <div className="container consent-bar-inner">
        <p className="consent-bar-text">
          {t('consent.text')}
          {policy ? (
            <>
              {' '}
              <a href={policy.href}>{policy.label}</a>
            </>
          ) : null}
        </p>
        <div className="consent-bar-actions">
          <button type="button" className="button" data-consent="accept">
            {t('consent.accept')}
          </button>
          <button type="button" className="button button-secondary" data-consent="reject">
            {t('consent.reject')}
          </button>
        </div>
      </div>
    </section>
  );
}
