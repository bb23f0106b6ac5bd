/** "By subscribing, you agree to our privacy policy.", the policy linked, under every subscribe form. */
import { useTranslator } from '../contexts';

/** Stands in for the link while the sentence is translated: no language writes this character. */
const LINK_MARK = '\uE000';

export function SubscribeDisclaimer({ privacyPolicyHref }: { privacyPolicyHref: string | null }) {
  const { t } = useTranslator();
  // Without a policy there is nothing to agree to: no sentence rather than one without its link.
  if (!privacyPolicyHref) return null;
  const [before = '', after = ''] = t('subscribe.disclaimer', { policy: LINK_MARK }).split(LINK_MARK);
  return (
    <p className="subscribe-disclaimer">
      {before}
      <a href={privacyPolicyHref}>{t('subscribe.disclaimer_policy')}</a>
      {after}
    </p>
  );
}
