/**
 * The browser configuration of a page (src/client/config.ts), built from an allowlist of the
 * newsroom's settings: the same for every visitor, so cached pages can carry it.
 */
import type { ClientConfig } from '#src/client/config';
import { analyticsSiteDomains } from '#src/domain/newsroom';
import { externalScriptsOf } from '#src/domain/onetrust';
import type { SiteContext } from '#src/domain/ports';
import type { StorySummary } from '#src/domain/story';
import { toBcp47 } from '#src/i18n/locales';
import { messagesFor, type MessageId } from '#src/i18n/translate';
import type { AppConfig } from '#src/env';

export function buildClientConfig(site: SiteContext, config: AppConfig, locale: string, currentStory: StorySummary | null): ClientConfig {
  const { newsroom } = site;
  const messages = messagesFor(locale);
  const t = (id: MessageId) => messages[id];
  const oneTrust = newsroom.onetrust_cookie_consent;
  return {
    localeCode: locale,
    bcp47: toBcp47(locale),
    timeZone: newsroom.timezone,
    oneTrust: oneTrust.is_enabled ? { category: oneTrust.category, scripts: externalScriptsOf(oneTrust.script) } : null,
    analytics: {
      isEnabled: newsroom.tracking_policy !== 'disabled',
      policy: newsroom.tracking_policy,
      host: config.analyticsHost,
      writeKey: newsroom.segment_analytics_id,
      plausibleDomains: newsroom.is_plausible_enabled ? analyticsSiteDomains(newsroom, config.analyticsRollupDomain) : null,
      googleAnalyticsId: newsroom.google_analytics_id,
      newsroomUuid: newsroom.uuid,
      storyUuid: currentStory?.uuid ?? null,
    },
    messages: {
      consentStart: t('consent.start_using'),
      consentStop: t('consent.stop_using'),
      required: t('form.error.required'),
      invalidEmail: t('form.error.invalid_email'),
    },
    lightbox: {
      label: t('lightbox.label'),
      close: t('lightbox.close'),
      previous: t('lightbox.previous'),
      next: t('lightbox.next'),
      position: t('lightbox.position'),
      download: t('media.download'),
    },
  };
}
