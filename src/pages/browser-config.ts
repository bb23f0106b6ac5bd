/**
 * The browser configuration of a page (src/client/config.ts), its one builder: an allowlist of the
 * newsroom's settings, the same for every visitor, so cached pages can carry it. The page shell
 * (src/views/document.tsx) adds only the status the page is sent with.
 */
import type { ClientConfig, ContextAnalytics, ServerClientConfig } from '#src/client/config';
import { externalScriptsOf } from '#src/domain/onetrust';
import type { SiteContext } from '#src/domain/ports';
import type { StorySummary } from '#src/domain/story';
import { toBcp47 } from '#src/i18n/locales';
import { messagesFor, type MessageId } from '#src/i18n/translate';
import type { AppConfig } from '#src/env';

/** A page's browser configuration but the status it is sent with (the page shell adds that). */
export type PageClientConfig = Omit<ClientConfig, 'pageStatus'>;

/**
 * @param siteDomains the newsroom's Plausible site plus the shared roll-up domain.
 * @param currentStory the story the page shows, whose views analytics count.
 */
export function buildClientConfig(site: SiteContext, config: AppConfig, locale: string, siteDomains: readonly string[], currentStory: StorySummary | null): PageClientConfig {
  const settings = newsroomSettings(site, config, locale);
  const { newsroom } = site;
  const pageAnalytics: ContextAnalytics = {
    isEnabled: newsroom.tracking_policy !== 'disabled',
    newsroomUuid: newsroom.uuid,
    storyUuid: currentStory?.uuid ?? null,
    plausibleDomains: newsroom.is_plausible_enabled ? siteDomains : null,
  };
  return { ...settings, analytics: { ...settings.analytics, ...pageAnalytics } };
}

function newsroomSettings(site: SiteContext, config: AppConfig, locale: string): ServerClientConfig {
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
      policy: newsroom.tracking_policy,
      host: config.analyticsHost,
      writeKey: newsroom.segment_analytics_id,
      googleAnalyticsId: newsroom.google_analytics_id,
    },
    messages: {
      consentStart: t('consent.start_using'),
      consentStop: t('consent.stop_using'),
      required: t('form.error.required'),
      invalidEmail: t('form.error.invalid_email'),
    },
    // Not on a page whose address is a secret: an event would carry the address.
    errorReporting:
      config.errorReporting && !site.withoutThirdParties
        ? { dsn: config.errorReporting.dsn, environment: config.errorReporting.environment, release: config.errorReporting.release, tracesSampleRate: config.errorReporting.tracesSampleRate }
        : null,
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
