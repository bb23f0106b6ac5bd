import { describe, expect, test, vi } from 'vitest';
import type { TrackingPolicy } from '#src/domain/newsroom';
import type { Consent } from '#src/client/consent-state';
import { ANONYMOUS_ID_KEY, DEFERRED_IDENTIFY_KEY, createTracker } from '#src/client/analytics/tracker';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function setup(options: { policy?: TrackingPolicy; consent?: Consent; host?: string | null; writeKey?: string | null } = {}) {
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  const storage = memoryStorage();
  let consent: Consent = options.consent ?? null;
  let id = 0;
  const tracker = createTracker({
    policy: options.policy ?? 'default',
    host: options.host === undefined ? 'https://analytics.example/' : options.host,
    writeKey: options.writeKey === undefined ? 'wk_123' : options.writeKey,
    send: (url, body) => sent.push({ url, body: JSON.parse(body) }),
    storage,
    consent: () => consent,
    now: () => new Date('2026-11-22T10:00:00Z'),
    randomId: () => `id-${++id}`,
    context: () => ({ locale: 'en' }),
  });
  return { tracker, sent, storage, setConsent: (value: Consent) => (consent = value) };
}

describe('event calls go to {host}/track/{letter} with the write key', () => {
  test.each([
    ['page', 'p', (t: ReturnType<typeof setup>['tracker']) => t.page({ path: '/' })],
    ['track', 't', (t: ReturnType<typeof setup>['tracker']) => t.track('Download', { url: '/x' })],
    ['identify', 'i', (t: ReturnType<typeof setup>['tracker']) => t.identify('user-1')],
    ['alias', 'a', (t: ReturnType<typeof setup>['tracker']) => t.alias('user-1', 'anon-1')],
    ['group', 'g', (t: ReturnType<typeof setup>['tracker']) => t.group('org-1')],
  ])('%s → /track/%s', (type, letter, call) => {
    const { tracker, sent } = setup();
    call(tracker);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(`https://analytics.example/track/${letter}`);
    expect(sent[0]!.body).toMatchObject({ type, writeKey: 'wk_123', timestamp: '2026-11-22T10:00:00.000Z', context: { locale: 'en' } });
  });
});

test.each([
  ['the disabled policy', { policy: 'disabled' as const }],
  ['no analytics host', { host: null }],
  ['no write key', { writeKey: null }],
])('%s sends nothing at all', (_name, options) => {
  const { tracker, sent, storage } = setup({ ...options, consent: true });
  tracker.page();
  tracker.track('Download');
  tracker.identify('user-1');
  tracker.recognise('user-1');
  tracker.group('newsroom-1');
  tracker.consentChanged(true);
  expect(sent).toEqual([]);
  expect(storage.items.size).toBe(0);
});

describe('a visitor recognised from a campaign link is aliased, then identified', () => {
  test('the default policy sends the alias from the anonymous id and the identify at once', () => {
    const { tracker, sent } = setup({ policy: 'default', consent: null });
    tracker.page();
    tracker.recognise('user-42');
    const [page, alias, identify] = sent.map((call) => call.body);
    expect(sent.map((call) => call.url.slice(-1))).toEqual(['p', 'a', 'i']);
    expect(alias).toMatchObject({ type: 'alias', userId: 'user-42', previousId: page!.anonymousId, anonymousId: page!.anonymousId });
    expect(identify).toMatchObject({ type: 'identify', userId: 'user-42', anonymousId: page!.anonymousId });
  });

  test('consent-to-identify keeps both until consent, then aliases the kept anonymous id', () => {
    const { tracker, sent, storage, setConsent } = setup({ policy: 'consent-to-identify' });
    tracker.recognise('user-7');
    expect(sent).toEqual([]);
    expect(JSON.parse(storage.items.get(DEFERRED_IDENTIFY_KEY)!)).toEqual([{ userId: 'user-7', traits: {}, timestamp: '2026-11-22T10:00:00.000Z', alias: true }]);
    setConsent(true);
    tracker.consentChanged(true);
    const kept = storage.items.get(ANONYMOUS_ID_KEY);
    expect(sent.map((call) => [call.body.type, call.body.userId, call.body.previousId])).toEqual([
      ['alias', 'user-7', kept],
      ['identify', 'user-7', undefined],
    ]);
  });

  test.each([
    ['a refusal', false],
    ['no answer yet', null],
  ] as const)('consent-to-identify with %s sends no alias', (_name, consent) => {
    const { tracker, sent } = setup({ policy: 'consent-to-identify', consent });
    tracker.recognise('user-8');
    expect(sent).toEqual([]);
  });

  test('a plain identify sends no alias', () => {
    const { tracker, sent } = setup({ policy: 'default' });
    tracker.identify('user-1');
    expect(sent.map((call) => call.body.type)).toEqual(['identify']);
  });
});

test('the default policy identifies at once, without consent', () => {
  const { tracker, sent } = setup({ policy: 'default', consent: null });
  tracker.identify('user-1', { plan: 'press' });
  expect(sent.map((call) => call.body)).toEqual([expect.objectContaining({ type: 'identify', userId: 'user-1', traits: { plan: 'press' } })]);
});

describe('consent-to-identify', () => {
  test('keeps identify calls in local storage until consent, then sends them once', () => {
    const { tracker, sent, storage, setConsent } = setup({ policy: 'consent-to-identify' });
    tracker.identify('user-1');
    tracker.identify('user-1');
    tracker.page();
    expect(sent.map((call) => call.body.type)).toEqual(['page']);
    expect(JSON.parse(storage.items.get(DEFERRED_IDENTIFY_KEY)!)).toEqual([{ userId: 'user-1', traits: {}, timestamp: '2026-11-22T10:00:00.000Z' }]);
    setConsent(true);
    tracker.consentChanged(true);
    expect(sent.map((call) => [call.body.type, call.body.userId])).toEqual([
      ['page', undefined],
      ['identify', 'user-1'],
    ]);
    expect(storage.items.has(DEFERRED_IDENTIFY_KEY)).toBe(false);
    tracker.consentChanged(true);
    expect(sent).toHaveLength(2);
  });

  test('a refusal drops the waiting identify calls', () => {
    const { tracker, sent, storage } = setup({ policy: 'consent-to-identify' });
    tracker.identify('user-1');
    tracker.consentChanged(false);
    expect(storage.items.has(DEFERRED_IDENTIFY_KEY)).toBe(false);
    expect(sent).toEqual([]);
  });

  test('after a refusal, identify calls are neither sent nor kept', () => {
    const { tracker, sent, storage } = setup({ policy: 'consent-to-identify', consent: false });
    tracker.identify('user-3');
    expect(sent).toEqual([]);
    expect(storage.items.has(DEFERRED_IDENTIFY_KEY)).toBe(false);
  });

  test('with consent already given, identify goes at once', () => {
    const { tracker, sent } = setup({ policy: 'consent-to-identify', consent: true });
    tracker.identify('user-2');
    expect(sent.map((call) => call.body.userId)).toEqual(['user-2']);
  });

  test('a damaged queue in storage is ignored, not thrown', () => {
    const { tracker, sent, storage } = setup({ policy: 'consent-to-identify' });
    storage.setItem(DEFERRED_IDENTIFY_KEY, '{not json');
    tracker.consentChanged(true);
    expect(sent).toEqual([]);
  });
});

test('the anonymous id persists only with consent', () => {
  const without = setup({ consent: false });
  without.tracker.page();
  without.tracker.page();
  expect(without.storage.items.has(ANONYMOUS_ID_KEY)).toBe(false);
  expect(without.sent[0]!.body.anonymousId).toBe(without.sent[1]!.body.anonymousId);

  const withConsent = setup({ consent: true });
  withConsent.tracker.page();
  expect(withConsent.storage.items.get(ANONYMOUS_ID_KEY)).toBe(withConsent.sent[0]!.body.anonymousId);
  vi.restoreAllMocks();
});
