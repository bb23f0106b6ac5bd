/** The site footer: social links, the subscribe form, privacy links and the copyright line. */
import { SOCIAL_NETWORKS } from '#src/domain/newsroom';
import { useTranslator } from '../contexts';
import type { LayoutModel } from '#src/pages/model';
import { useAsksConsent } from './consent-bar';
import { Honeypot } from './honeypot';
import { SubscribeDisclaimer } from './subscribe-disclaimer';

const NETWORK_NAMES: Readonly<Record<(typeof SOCIAL_NETWORKS)[number], string>> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  tiktok: 'TikTok',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
};

export function Footer({ layout }: { layout: LayoutModel }) {
  const { t } = useTranslator();
  const asksConsent = useAsksConsent();
  const company = layout.company;
  const name = company?.name ?? layout.newsroom.display_name;
  const socials = SOCIAL_NETWORKS.flatMap((network) => {
    const href = company?.social[network];
    return href ? [{ network, href }] : [];
  });
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        {socials.length > 0 ? (
          <div className="social-links">
            <h2 className="footer-heading">{t('footer.follow_us')}</h2>
            <ul>
              {socials.map(({ network, href }) => (
                <li key={network}>
                  <a href={href} rel="me noopener" aria-label={t('footer.social_link', { name, network: NETWORK_NAMES[network] })}>
                    {NETWORK_NAMES[network]}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <form className="footer-subscribe" method="post" action={layout.portalLinks.subscribe} data-island="subscribe-form">
          <h2 className="footer-heading">{t('footer.subscribe_title')}</h2>
          <label htmlFor="footer-subscribe-email" className="visually-hidden">
            {t('subscribe.email_label')}
          </label>
          <input id="footer-subscribe-email" name="email" type="email" autoComplete="email" required placeholder={t('subscribe.email_label')} />
          <Honeypot idPrefix="footer-subscribe" />
          <button type="submit" className="button">
            {t('subscribe.submit')}
          </button>
          <SubscribeDisclaimer privacyPolicyHref={layout.policyLinks.privacy} />
        </form>
        <ul className="privacy-links">
          <li>
            <a href={layout.portalLinks.dataRequest}>{t('footer.privacy_requests')}</a>
          </li>
          <li>
            <a href={layout.portalLinks.subscribe}>{t('footer.manage_subscription')}</a>
          </li>
          {layout.policyLinks.privacy ? (
            <li>
              <a href={layout.policyLinks.privacy}>{t('policy.privacy')}</a>
            </li>
          ) : null}
          {layout.policyLinks.cookie ? (
            <li>
              <a href={layout.policyLinks.cookie}>{t('policy.cookie')}</a>
            </li>
          ) : null}
          {/* Shown by the browser code: without JavaScript nothing tracks, so there is nothing to toggle. */}
          {asksConsent ? (
            <li data-consent-toggle-item hidden>
              <button type="button" className="link-button" data-consent-toggle>
                {t('consent.start_using')}
              </button>
            </li>
          ) : null}
        </ul>
        <p className="copyright">{t('footer.copyright', { year: new Date().getUTCFullYear(), name })}</p>
      </div>
    </footer>
  );
}
