/**
 * Event tracking (docs/spec-coverage.md section 7): alias, group, identify, page and track events POSTed as
 * JSON, with the newsroom's write key, to `{host}/track/a|g|i|p|t`. Tracking policies (section 4):
 * `disabled` sends nothing; `consent-to-identify` keeps identify calls in local storage until the
 * visitor consents, then sends them (a refusal drops them); `default` sends them at once.
 * A visitor recognised from a campaign link is aliased (`/track/a`: the anonymous id they browsed
 * under becomes the recipient's id) and then identified, both under the identify rules.
 * Persistent ids need consent: without it each page view gets a fresh anonymous id.
 * Everything the tracker touches (transport, storage, consent, clock) is passed in, so its rules
 * are tested without a browser.
 */
import type { TrackingPolicy } from '#src/domain/newsroom';
import type { Consent } from '../consent-state';

export const TRACK_PATHS = { alias: 'a', group: 'g', identify: 'i', page: 'p', track: 't' } as const;
export type EventType = keyof typeof TRACK_PATHS;

export const DEFERRED_IDENTIFY_KEY = 'newsroom:deferred-identify';
export const ANONYMOUS_ID_KEY = 'newsroom:anonymous-id';

export interface TrackerEnvironment {
  readonly policy: TrackingPolicy;
  readonly host: string | null;
  readonly writeKey: string | null;
  /** Posts one body; must survive the page unloading (fetch keepalive, sendBeacon). */
  readonly send: (url: string, body: string) => void;
  readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  readonly consent: () => Consent;
  readonly now: () => Date;
  readonly randomId: () => string;
  /** Page facts sent with every event. */
  readonly context: () => Record<string, unknown>;
}

type Traits = Record<string, unknown>;
interface DeferredIdentify {
  readonly userId: string;
  readonly traits: Traits;
  readonly timestamp: string;
  /** Alias the anonymous id to `userId` before identifying (a recognised visitor). */
  readonly alias?: true;
}

export interface Tracker {
  page(properties?: Traits): void;
  track(event: string, properties?: Traits): void;
  identify(userId: string, traits?: Traits): void;
  /** The anonymous visitor turns out to be `userId` (a campaign recipient): alias, then identify. */
  recognise(userId: string, traits?: Traits): void;
  alias(userId: string, previousId: string): void;
  group(groupId: string, traits?: Traits): void;
  /** Tell the tracker the visitor's consent changed. */
  consentChanged(consent: Consent): void;
}

export function createTracker(env: TrackerEnvironment): Tracker {
  const active = env.policy !== 'disabled' && Boolean(env.host) && Boolean(env.writeKey);
  let pageAnonymousId: string | null = null;

  const anonymousId = (): string => {
    if (env.consent() === true && env.storage) {
      const stored = env.storage.getItem(ANONYMOUS_ID_KEY);
      if (stored) return stored;
      const created = pageAnonymousId ?? env.randomId();
      env.storage.setItem(ANONYMOUS_ID_KEY, created);
      return created;
    }
    pageAnonymousId ??= env.randomId();
    return pageAnonymousId;
  };

  const send = (type: EventType, fields: Record<string, unknown>, timestamp = env.now().toISOString()) => {
    if (!active) return;
    const event = { type, messageId: env.randomId(), timestamp, anonymousId: anonymousId(), context: env.context(), ...fields, writeKey: env.writeKey };
    env.send(`${env.host!.replace(/\/$/, '')}/track/${TRACK_PATHS[type]}`, JSON.stringify(event));
  };

  const readDeferred = (): DeferredIdentify[] => {
    try {
      const parsed: unknown = JSON.parse(env.storage?.getItem(DEFERRED_IDENTIFY_KEY) ?? '[]');
      return Array.isArray(parsed) ? (parsed as DeferredIdentify[]) : [];
    } catch {
      return [];
    }
  };

  const flushDeferred = () => {
    const deferred = readDeferred();
    env.storage?.removeItem(DEFERRED_IDENTIFY_KEY);
    for (const call of deferred) sendIdentify(call);
  };

  const sendIdentify = ({ userId, traits, timestamp, alias }: DeferredIdentify) => {
    if (alias) send('alias', { userId, previousId: anonymousId() }, timestamp);
    send('identify', { userId, traits }, timestamp);
  };

  const identify = (call: DeferredIdentify) => {
    if (!active) return;
    if (env.policy === 'consent-to-identify' && env.consent() !== true) {
      // A visitor who refused is not identified later either: nothing is kept.
      if (env.consent() === false) return;
      const deferred = [...readDeferred().filter((kept) => kept.userId !== call.userId), call];
      env.storage?.setItem(DEFERRED_IDENTIFY_KEY, JSON.stringify(deferred));
      return;
    }
    sendIdentify(call);
  };

  return {
    page: (properties = {}) => send('page', { properties }),
    track: (event, properties = {}) => send('track', { event, properties }),
    alias: (userId, previousId) => send('alias', { userId, previousId }),
    group: (groupId, traits = {}) => send('group', { groupId, traits }),
    identify: (userId, traits = {}) => identify({ userId, traits, timestamp: env.now().toISOString() }),
    recognise: (userId, traits = {}) => identify({ userId, traits, timestamp: env.now().toISOString(), alias: true }),
    consentChanged(consent) {
      if (!active || env.policy !== 'consent-to-identify') return;
      if (consent === true) flushDeferred();
      else if (consent === false) env.storage?.removeItem(DEFERRED_IDENTIFY_KEY);
    },
  };
}
