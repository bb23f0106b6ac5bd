/**
 * Wires analytics into the page: page views on load and on every return to the page (back/forward
 * cache), Plausible, event tracking with the tracking policy, campaign identification, Google
 * Analytics after consent, and download and share clicks as events; every page load is grouped
 * under the newsroom (`/track/g`). Nothing at all under `disabled`.
 */
import type { ClientConfig } from '../config';
import type { ConsentController } from '../consent';
import { loadGoogleAnalytics } from './google-analytics';
import { PLAUSIBLE_EVENT_URL, plausiblePageView } from './plausible';
import { identifyFromCampaign } from './recipient';
import { createTracker, type Tracker } from './tracker';
import { SHARE_EVENT } from '#src/domain/share-links';

function post(url: string, body: string): void {
  // text/plain keeps the request "simple" (no CORS preflight), as analytics endpoints expect.
  fetch(url, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } }).catch(() => {
    // Analytics never disturbs the page; a lost event is acceptable.
  });
}

function safeStorage(win: Window): Storage | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}

export function startAnalytics(config: ClientConfig, consent: ConsentController, win: Window = window): Tracker | null {
  const settings = config.analytics;
  if (!settings.isEnabled) return null;
  const doc = win.document;
  const tracker = createTracker({
    policy: settings.policy,
    host: settings.host,
    writeKey: settings.writeKey,
    send: post,
    storage: safeStorage(win),
    consent: consent.current,
    now: () => new Date(),
    randomId: () => win.crypto.randomUUID(),
    context: () => ({
      locale: config.bcp47,
      newsroom: settings.newsroomUuid,
      ...(settings.storyUuid ? { story: settings.storyUuid } : {}),
      page: { path: win.location.pathname, search: win.location.search, url: win.location.href, title: doc.title, referrer: doc.referrer },
      userAgent: win.navigator.userAgent,
    }),
  });

  const pageView = () => {
    tracker.page({ path: win.location.pathname, url: win.location.href, title: doc.title, referrer: doc.referrer });
    if (settings.plausibleDomains && settings.plausibleDomains.length > 0) post(PLAUSIBLE_EVENT_URL, plausiblePageView(settings.plausibleDomains, win.location.href, doc.referrer));
  };
  pageView();
  // Events are grouped under the newsroom, once per page load: without consent every page load
  // has an anonymous id of its own.
  tracker.group(settings.newsroomUuid);
  win.addEventListener('pageshow', (event) => {
    if (event.persisted) pageView();
  });

  const withConsent = (value: boolean | null) => {
    if (value === true && settings.googleAnalyticsId) loadGoogleAnalytics(settings.googleAnalyticsId, doc);
  };
  withConsent(consent.current());
  consent.subscribe((value) => {
    tracker.consentChanged(value);
    withConsent(value);
  });
  // A visitor who consented on an earlier page may still have identify calls waiting.
  tracker.consentChanged(consent.current());

  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[download], a[data-share-network]');
    if (link?.dataset.shareNetwork) tracker.track(SHARE_EVENT, { network: link.dataset.shareNetwork });
    else if (link) tracker.track('Download', { url: link.href });
  });

  // A recipient is looked up only when events can be sent: identifying would go nowhere otherwise.
  void identifyFromCampaign(new URL(win.location.href), settings.writeKey ? settings.host : null, (userId) => tracker.recognise(userId));
  return tracker;
}
