/**
 * What a page tells its browser code: one JSON data block (`#newsroom-client`), built on the
 * server from an allowlist (src/pages/browser-config.ts), the same for every visitor so cached
 * pages can share it. No secret ever goes in here: the analytics write key is a public key.
 */
import type { TrackingPolicy } from '#src/domain/newsroom';
import type { ExternalScript } from '#src/domain/onetrust';
import type { LightboxLabels } from './islands/lightbox';

export const CLIENT_CONFIG_ID = 'newsroom-client';

export interface AnalyticsConfig {
  /** False under the `disabled` tracking policy: nothing is sent anywhere. */
  readonly isEnabled: boolean;
  readonly policy: TrackingPolicy;
  /** Event tracking endpoint root (`{host}/track/p`…); null sends no events. */
  readonly host: string | null;
  readonly writeKey: string | null;
  /** Plausible site domains (the newsroom's plus the roll-up); null when Plausible is off. */
  readonly plausibleDomains: readonly string[] | null;
  readonly googleAnalyticsId: string | null;
  readonly newsroomUuid: string;
  readonly storyUuid: string | null;
}

/** The analytics settings that depend on the page: whether analytics run, for which newsroom, story and Plausible domains. */
export type ContextAnalytics = Pick<AnalyticsConfig, 'isEnabled' | 'newsroomUuid' | 'storyUuid' | 'plausibleDomains'>;

/** The newsroom's settings part of a page's config; src/pages/browser-config.ts adds the page's analytics, the page shell the status. */
export type ServerClientConfig = Omit<ClientConfig, 'analytics' | 'pageStatus'> & { readonly analytics: Omit<AnalyticsConfig, keyof ContextAnalytics> };

export interface ClientConfig {
  /** The newsroom's locale code (`pt-br`), as the API wants it. */
  readonly localeCode: string;
  /** The same as a BCP 47 tag (`pt-BR`), as Intl wants it. */
  readonly bcp47: string;
  readonly timeZone: string;
  /** The external consent tool, when the newsroom uses one. */
  readonly oneTrust: { readonly category: string; readonly scripts: readonly ExternalScript[] } | null;
  readonly analytics: AnalyticsConfig;
  readonly messages: {
    readonly consentStart: string;
    readonly consentStop: string;
    readonly required: string;
    readonly invalidEmail: string;
  };
  readonly lightbox: LightboxLabels;
  /** Browser error reporting and tracing (src/client/error-reporting/); null: off. */
  readonly errorReporting: BrowserErrorReporting | null;
  /** The page's HTTP status: a not-found page's transaction is named `/404` (and dropped). */
  readonly pageStatus: number;
}

export interface BrowserErrorReporting {
  /** The project's DSN: its key is public by design (browsers send events with it). */
  readonly dsn: string;
  readonly environment: string;
  readonly release: string;
  readonly tracesSampleRate: number;
}

/** Reads the page's config; null on a bare page (no newsroom yet) or a damaged block. */
export function readClientConfig(doc: Document): ClientConfig | null {
  const block = doc.getElementById(CLIENT_CONFIG_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as ClientConfig;
  } catch (error) {
    console.error('Unreadable page configuration', error);
    return null;
  }
}
