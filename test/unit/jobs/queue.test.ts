// The jobs queue's consumer and planning (src/jobs/queue.ts, src/jobs/go-live.ts) and the
// announcement failure rule (src/jobs/announce.ts), with a fake JobDeps whose methods record calls.
import { expect, test, vi } from 'vitest';
import type { AppConfig } from '#src/env';
import type { AnnouncedStory, PublishEvent } from '#src/domain/publishing-ports';
import { isPermanentRefusal } from '#src/domain/errors';
import { jobsFor } from '#src/jobs/go-live';
import type { JobDeps } from '#src/deps';
import type { Job } from '#src/domain/job-messages';
import { handleJobs, isDeadLetterQueue, resultCount, retryDelaySeconds, type QueueMessage } from '#src/jobs/queue';
import { testConfig as config } from './site-fixture';

const QUEUE = 'newsroom-jobs';

/** JobDeps whose every method records its call; `announced` is what the publishing store answers (or throws). */
function fakeDeps(options: { announced?: () => Promise<AnnouncedStory[]>; config?: AppConfig } = {}) {
  const calls: string[] = [];
  const record =
    <T>(name: string, answer: T) =>
    async (...args: unknown[]): Promise<T> => {
      calls.push(`${name}(${JSON.stringify(args)})`);
      return answer;
    };
  const deps: JobDeps = {
    publishing: {
      publishDue: record('publishing.publishDue', { published: [], galleries: [], revision: null }),
      cachePointers: record('publishing.cachePointers', null),
      claimWaitingEvents: record('publishing.claimWaitingEvents', []),
      releaseEvents: record('publishing.releaseEvents', undefined),
      markHanded: record('publishing.markHanded', undefined),
      announcedStories: async (uuids) => {
        calls.push(`publishing.announcedStories(${JSON.stringify([uuids])})`);
        return options.announced ? options.announced() : [];
      },
    },
    alerts: {
      recipients: record('alerts.recipients', []),
      recipientsByIds: record('alerts.recipientsByIds', []),
      claimDelivery: record('alerts.claimDelivery', true),
      completeDelivery: record('alerts.completeDelivery', undefined),
      releaseDelivery: record('alerts.releaseDelivery', undefined),
      failDelivery: record('alerts.failDelivery', undefined),
      finishAlerts: record('alerts.finishAlerts', undefined),
      abandonedDeliveries: record('alerts.abandonedDeliveries', []),
      dropAbandoned: record('alerts.dropAbandoned', undefined),
    },
    content: {
      getSiteContext: record('content.getSiteContext', null),
    } as unknown as JobDeps['content'],
    mailer: { send: record('mailer.send', undefined) },
    queue: { send: record('queue.send', undefined), sendBatch: record('queue.sendBatch', undefined) },
    searchPushes: {
      claimWaiting: record('searchPushes.claimWaiting', []),
      release: record('searchPushes.release', undefined),
      pushableStories: record('searchPushes.pushableStories', []),
      markPushed: record('searchPushes.markPushed', undefined),
    },
    searchIndex: null,
    liftProofs: {
      liftedStory: record('liftProofs.liftedStory', null),
      start: record('liftProofs.start', []),
      markSeen: record('liftProofs.markSeen', undefined),
      claimMissing: record('liftProofs.claimMissing', []),
      proofsOf: record('liftProofs.proofsOf', []),
      recentProofs: record('liftProofs.recentProofs', []),
    },
    outbox: { claimUnsent: record('outbox.claimUnsent', []), markSent: record('outbox.markSent', undefined), release: record('outbox.release', undefined), markFailed: record('outbox.markFailed', undefined), hasUnsent: record('outbox.hasUnsent', false) },
    transport: null,
    recipientLinks: { recordOpening: record('recipientLinks.recordOpening', undefined), deleteLinksOfStoriesPublicBefore: record('recipientLinks.deleteLinksOfStoriesPublicBefore', 0) },
    revision: { read: record('revision.read', { revision: null, lastWithdrawal: null }), write: record('revision.write', undefined) },
    fetch: async (input) => {
      calls.push(`fetch(${JSON.stringify(String(input))})`);
      return new Response('unexpected', { status: 500 });
    },
    config: options.config ?? config(),
  };
  return { deps, calls };
}

/** A queue message that records what the consumer did with it. */
function message(id: string, body: unknown, attempts = 1) {
  const outcome: { acked: number; retried: { delaySeconds?: number }[] } = { acked: 0, retried: [] };
  const queued: QueueMessage = {
    id,
    body,
    attempts,
    ack: () => {
      outcome.acked += 1;
    },
    retry: (options = {}) => {
      outcome.retried.push(options);
    },
  };
  return { message: queued, outcome };
}

/** Console spies for a test that expects errors: what was logged, one string per call. */
function captureConsole() {
  const errors: string[] = [];
  const logs: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')));
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(' ')));
  return { errors, logs };
}

test.each([
  [0, 30],
  [1, 30],
  [2, 60],
  [3, 120],
  [4, 240],
  [5, 480],
  [6, 960],
  [7, 1920],
  [8, 3600],
  [9, 3600],
  [50, 3600],
  [10_000, 3600],
])('after %i attempts a failed job waits %i seconds', (attempts, seconds) => {
  expect(retryDelaySeconds(attempts)).toBe(seconds);
});

test('the back-off never shrinks and never passes an hour', () => {
  let previous = 0;
  for (let attempts = 0; attempts <= 100; attempts++) {
    const delay = retryDelaySeconds(attempts);
    expect(delay).toBeGreaterThanOrEqual(previous);
    expect(delay).toBeLessThanOrEqual(3600);
    previous = delay;
  }
});

test.each([
  ['not an object', 'hello'],
  ['null', null],
  ['an unknown kind', { kind: 'purge-cache', storyUuids: ['a'] }],
  ['alerts without afterId', { kind: 'alerts', storyUuid: 'a' }],
  ['indexnow with a string for the list', { kind: 'indexnow', storyUuids: 'a' }],
])('an unreadable message (%s) is acknowledged with exactly one error logged, and no job runs', async (_case, body) => {
  const console = captureConsole();
  const { deps, calls } = fakeDeps();
  const { message: queued, outcome } = message('m-1', body);
  await handleJobs(deps, { queue: QUEUE, messages: [queued] });
  expect(outcome).toEqual({ acked: 1, retried: [] });
  expect(console.errors).toHaveLength(1);
  expect(JSON.parse(console.errors[0]!)).toEqual({ message: 'Unreadable job dropped', id: 'm-1', queue: QUEUE });
  expect(calls).toEqual([]);
});

test.each([
  ['newsroom-jobs', false],
  ['newsroom-jobs-dlq', true],
  ['newsroom-jobs-staging', false],
  ['newsroom-jobs-staging-dlq', true],
  ['newsroom-jobs-dlq-archive', false],
])('queue %s is a dead-letter queue: %s', (queue, expected) => {
  expect(isDeadLetterQueue(queue)).toBe(expected);
});

test.each(['newsroom-jobs-dlq', 'newsroom-jobs-staging-dlq'])('a message on the dead-letter queue %s is logged as given up and acknowledged, never run again', async (deadLetterQueue) => {
  const console = captureConsole();
  const { deps, calls } = fakeDeps();
  const job: Job = { kind: 'alerts', storyUuid: 'story-1', afterId: 50 };
  const { message: queued, outcome } = message('m-dead', job, 3);
  await handleJobs(deps, { queue: deadLetterQueue, messages: [queued] });
  expect(outcome).toEqual({ acked: 1, retried: [] });
  expect(calls).toEqual([]);
  expect(console.errors.map((line) => JSON.parse(line))).toEqual([{ message: 'Job given up after its retries', id: 'm-dead', job }]);
});

test('a job that succeeds is acknowledged and logged as done', async () => {
  const console = captureConsole();
  const { deps, calls } = fakeDeps();
  const { message: queued, outcome } = message('m-ok', { kind: 'alerts', storyUuid: 'story-1', afterId: 0 });
  await handleJobs(deps, { queue: QUEUE, messages: [queued] });
  expect(outcome).toEqual({ acked: 1, retried: [] });
  // The story is gone (the store knows no such uuid): nothing is sent.
  expect(calls).toEqual(['publishing.announcedStories([["story-1"]])', 'content.getSiteContext([])']);
  expect(console.errors).toEqual([]);
  expect(JSON.parse(console.logs[0]!)).toEqual({ message: 'Job done', id: 'm-ok', kind: 'alerts', result: { sent: 0 } });
});

test.each([
  [1, 30],
  [2, 60],
  [4, 240],
  [12, 3600],
])('a job failing on attempt %i is retried after %i seconds, not acknowledged', async (attempts, delaySeconds) => {
  const console = captureConsole();
  const { deps } = fakeDeps({
    announced: async () => {
      throw new Error('D1_ERROR: database unavailable');
    },
  });
  const { message: queued, outcome } = message('m-fail', { kind: 'alerts', storyUuid: 'story-1', afterId: 0 }, attempts);
  await handleJobs(deps, { queue: QUEUE, messages: [queued] });
  expect(outcome).toEqual({ acked: 0, retried: [{ delaySeconds }] });
  expect(console.errors.map((line) => JSON.parse(line))).toEqual([
    { message: 'Job failed, will retry', id: 'm-fail', kind: 'alerts', attempts, delaySeconds, error: 'Error: D1_ERROR: database unavailable' },
  ]);
});

test('one failing message does not stop the rest of its batch', async () => {
  const console = captureConsole();
  let call = 0;
  const { deps } = fakeDeps({
    announced: async () => {
      call += 1;
      if (call === 2) throw new Error('boom');
      return [];
    },
  });
  const first = message('m-1', { kind: 'alerts', storyUuid: 's-1', afterId: 0 });
  const second = message('m-2', { kind: 'alerts', storyUuid: 's-2', afterId: 0 }, 2);
  const unreadable = message('m-3', { kind: 'nope' });
  const third = message('m-4', { kind: 'alerts', storyUuid: 's-3', afterId: 0 });
  await handleJobs(deps, { queue: QUEUE, messages: [first.message, second.message, unreadable.message, third.message] });
  expect(first.outcome).toEqual({ acked: 1, retried: [] });
  expect(second.outcome).toEqual({ acked: 0, retried: [{ delaySeconds: 60 }] });
  expect(unreadable.outcome).toEqual({ acked: 1, retried: [] });
  expect(third.outcome).toEqual({ acked: 1, retried: [] });
  expect(console.errors).toHaveLength(2);
});

test('each batch ends with one `jobs` line: what was done, sent, retried and dropped, by kind', async () => {
  const console = captureConsole();
  let call = 0;
  const { deps } = fakeDeps({
    announced: async () => {
      call += 1;
      if (call === 2) throw new Error('boom');
      return [];
    },
  });
  const messages = [
    message('m-1', { kind: 'alerts', storyUuid: 's-1', afterId: 0 }).message,
    message('m-2', { kind: 'alerts', storyUuid: 's-2', afterId: 0 }, 2).message,
    message('m-3', { kind: 'nope' }).message,
    message('m-4', { kind: 'deliver-mail' }).message,
  ];
  const summary = await handleJobs(deps, { queue: QUEUE, messages });
  const lines = console.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.event === 'jobs');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toEqual({
    event: 'jobs',
    queue: QUEUE,
    messages: 4,
    done: { alerts: 1, 'deliver-mail': 1 },
    sent: { alerts: 0, 'deliver-mail': 0 },
    retried: { alerts: 1 },
    deadLettered: {},
    dropped: 1,
    durationMs: expect.any(Number),
  });
  expect(summary).toMatchObject({ done: { alerts: 1, 'deliver-mail': 1 }, retried: { alerts: 1 }, dropped: 1 });
});

test('a dead-letter batch counts what was given up, by kind', async () => {
  const console = captureConsole();
  const { deps } = fakeDeps();
  const messages = [
    message('m-a', { kind: 'alerts', storyUuid: 's-1', afterId: 0 }, 5).message,
    message('m-i', { kind: 'indexnow', storyUuids: ['s-1'] }, 5).message,
    message('m-b', { kind: 'alerts', storyUuid: 's-2', afterId: 50 }, 5).message,
  ];
  await handleJobs(deps, { queue: 'newsroom-jobs-dlq', messages });
  const line = JSON.parse(console.logs.at(-1)!) as Record<string, unknown>;
  expect(line).toMatchObject({ event: 'jobs', queue: 'newsroom-jobs-dlq', messages: 3, done: {}, retried: {}, deadLettered: { alerts: 2, indexnow: 1 }, dropped: 0 });
});

test.each([
  [{ sent: 3 }, 3],
  [{ urls: 12 }, 12],
  [{ feeds: 2 }, 2],
  [{ sent: 1, note: 'x' }, 1],
  [undefined, 0],
  [null, 0],
  ['done', 0],
  [{ sent: Number.NaN }, 0],
])('a job result %j counts %i toward what the batch sent', (result, expected) => {
  expect(resultCount(result)).toBe(expected);
});

test('IndexNow and WebSub jobs do nothing (and reach no network) when they are not configured', async () => {
  captureConsole();
  const { deps, calls } = fakeDeps({ announced: async () => [{ uuid: 's-1', slug: 'x', locale: 'en', title: 'X', summary: '', category_ids: [], is_public: true }] });
  const indexNow = message('m-i', { kind: 'indexnow', storyUuids: ['s-1'] });
  const webSub = message('m-w', { kind: 'websub', storyUuids: ['s-1'] });
  await handleJobs(deps, { queue: QUEUE, messages: [indexNow.message, webSub.message] });
  expect(indexNow.outcome.acked).toBe(1);
  expect(webSub.outcome.acked).toBe(1);
  expect(calls).toEqual([]);
});

test.each([
  [400, true],
  [401, true],
  [403, true],
  [404, true],
  [405, true],
  [410, true],
  [413, true],
  [422, true],
  [499, true],
  [408, false],
  [429, false],
  [200, false],
  [202, false],
  [301, false],
  [399, false],
  [500, false],
  [502, false],
  [503, false],
  [504, false],
])('an IndexNow or WebSub answer %i is a permanent refusal: %s', (status, expected) => {
  expect(isPermanentRefusal(status)).toBe(expected);
});

const event = (id: number, story_uuid: string, alerts: boolean): PublishEvent => ({ id, story_uuid, alerts });
const INDEXNOW = { key: 'abcdef12345', endpoint: 'https://indexnow.test/indexnow' };
const HUB = 'https://hub.test/';

test.each([
  ['nothing configured', config(), [{ kind: 'alerts', storyUuid: 'a', afterId: 0 }, { kind: 'alerts', storyUuid: 'c', afterId: 0 }]],
  [
    'IndexNow configured',
    config({ indexNow: INDEXNOW }),
    [
      { kind: 'alerts', storyUuid: 'a', afterId: 0 },
      { kind: 'alerts', storyUuid: 'c', afterId: 0 },
      { kind: 'indexnow', storyUuids: ['a', 'b', 'c'] },
    ],
  ],
  [
    'a WebSub hub configured',
    config({ webSubHub: HUB }),
    [
      { kind: 'alerts', storyUuid: 'a', afterId: 0 },
      { kind: 'alerts', storyUuid: 'c', afterId: 0 },
      { kind: 'websub', storyUuids: ['a', 'b', 'c'] },
    ],
  ],
  [
    'both configured',
    config({ indexNow: INDEXNOW, webSubHub: HUB }),
    [
      { kind: 'alerts', storyUuid: 'a', afterId: 0 },
      { kind: 'alerts', storyUuid: 'c', afterId: 0 },
      { kind: 'indexnow', storyUuids: ['a', 'b', 'c'] },
      { kind: 'websub', storyUuids: ['a', 'b', 'c'] },
    ],
  ],
] as const)('with %s, three events (b without alerts) give alert jobs for a and c and one ping job per service for all', (_case, appConfig, expected) => {
  expect(jobsFor([event(1, 'a', true), event(2, 'b', false), event(3, 'c', true)], { config: appConfig })).toEqual(expected);
});

test('events without alerts give no alert job, but are still pinged', () => {
  expect(jobsFor([event(1, 'a', false)], { config: config() })).toEqual([]);
  expect(jobsFor([event(1, 'a', false)], { config: config({ indexNow: INDEXNOW, webSubHub: HUB }) })).toEqual([
    { kind: 'indexnow', storyUuids: ['a'] },
    { kind: 'websub', storyUuids: ['a'] },
  ]);
});

test('no events give no jobs, whatever is configured', () => {
  expect(jobsFor([], { config: config({ indexNow: INDEXNOW, webSubHub: HUB }) })).toEqual([]);
});
