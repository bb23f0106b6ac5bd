// Publishing by the clock, inside workerd with real local D1, KV and Queues: the minute cron
// makes due stories live in one transaction (catch-up, overlapping runs), hands go-live work to
// the queue, and the consumer alerts subscribers once each, pings IndexNow and WebSub. The clock
// is fixed: every run gets its time from the scheduled controller, as Cron Triggers give it.
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import worker from '#src/worker';
import { createApp } from '#src/app';
import { MailRefusedError } from '#src/domain/errors';
import type { MailMessage } from '#src/domain/mail-ports';
import { runGoLive } from '#src/jobs/go-live';
import { depsOf } from '#src/adapters';
import type { Job } from '#src/domain/job-messages';
import { runJob } from '#src/jobs/queue';
import { ALERT_PAGE_SIZE, sendAlerts } from '#src/jobs/alerts';
import { runAtomically } from '#src/platform/d1/import-statements';
import { CONTENT_REVISION_KEY } from '#src/platform/kv/page-cache-store';
import { testLinkToken } from '../../fixtures/story-links';
import { renderFresh } from '../fresh-render';
import { ORIGIN, request } from '../request';
import { recordingDeps } from './recording-deps';

const NEWSROOM_UUID = '11111111-2222-4333-8444-555555555555';
/** Monday 23 November 2026, 09:00 UTC: the minute the test stories are due. */
const T = Date.UTC(2026, 10, 23, 9, 0) / 1000;
const HOUR = 3600;

/** What D1 says now, rendered (not a copy stored before the go-live). */
const fresh = (path: string) => renderFresh(path);

async function storyRow(slug: string) {
  return env.DB.prepare('SELECT id, uuid, status, visibility, published_at FROM stories WHERE slug = ?1').bind(slug).first<{ id: number; uuid: string; status: string; visibility: string; published_at: number }>();
}

/** Turns a fixture story into one waiting for release at `at`. */
async function schedule(slug: string, at: number, status: 'scheduled' | 'embargo' = 'scheduled') {
  await env.DB.prepare('UPDATE stories SET status = ?2, visibility = ?3, published_at = ?4 WHERE slug = ?1').bind(slug, status, status === 'embargo' ? 'embargo' : 'public', at).run();
}

async function counts() {
  const [language, category, revision, events] = await env.DB.batch([
    env.DB.prepare("SELECT public_stories_count AS n FROM languages WHERE code = 'en'"),
    env.DB.prepare("SELECT public_stories_count AS n FROM category_i18n WHERE category_id = 1 AND locale = 'en'"),
    env.DB.prepare('SELECT revision AS n FROM content_revision'),
    env.DB.prepare('SELECT count(*) AS n FROM publish_events'),
  ]);
  const n = (result: D1Result | undefined) => (result?.results[0] as { n: number }).n;
  return { language: n(language), category: n(category), revision: n(revision), events: n(events) };
}

async function subscriber(email: string, locale: string, categories: number[] = [], status = 'confirmed') {
  const token = `token-${email}`;
  const row = await env.DB.prepare(
    'INSERT INTO subscribers (email, locale, status, token, categories, created_at, confirmed_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6) RETURNING id',
  )
    .bind(email, locale, status, token, JSON.stringify(categories), T - 10 * 86400)
    .first<{ id: number }>();
  return { id: row!.id, email, token };
}

const outboxTo = async (email: string) =>
  (await env.DB.prepare('SELECT subject, text_body, headers FROM outbox WHERE to_address = ?1 ORDER BY id').bind(email).all<{ subject: string; text_body: string; headers: string }>()).results;

beforeEach(async () => {
  // Each test starts from the seeded newsroom (imported again, as the import CLI does) with no
  // go-live work, subscriber or mail left by the one before.
  await env.DB.batch([env.DB.prepare('DELETE FROM publish_events'), env.DB.prepare('DELETE FROM alert_deliveries'), env.DB.prepare('DELETE FROM outbox'), env.DB.prepare('DELETE FROM subscribers')]);
  await runAtomically(env.DB, env.TEST_SEED);
});

describe('go-live at the minute', () => {
  test('a scheduled story stays unpublished until its minute, then is public everywhere, counted, and the cache moves on', async () => {
    await schedule('draft-story', T);
    const before = await counts();

    const early = await runGoLive(recordingDeps(), T - 1);
    expect(early.published).toEqual([]);
    expect((await fresh('/draft-story')).status).toBe(404);

    const run = await runGoLive(recordingDeps(), T);
    expect(run.published.map((story) => story.slug)).toEqual(['draft-story']);
    expect(await storyRow('draft-story')).toMatchObject({ status: 'published', visibility: 'public', published_at: T });
    const after = await counts();
    expect(after).toEqual({ language: before.language + 1, category: before.category + 1, revision: before.revision + 1, events: 1 });
    // The page cache keys on the revision in KV: it points at the new one.
    expect(JSON.parse((await env.PAGE_CACHE.get(CONTENT_REVISION_KEY))!)).toMatchObject({ revision: after.revision });

    expect((await fresh('/draft-story')).status).toBe(200);
    expect(await (await fresh('/')).text()).toContain('/draft-story');
    expect(await (await fresh('/feed')).text()).toContain(`${ORIGIN}/draft-story`);
    expect(await (await fresh('/category/products')).text()).toContain('/draft-story');
    expect(await (await fresh('/sitemaps/en-stories-1.xml')).text()).toContain(`${ORIGIN}/draft-story`);
  });

  test('an embargoed story is released at its time, and its secret link then answers 301 to the public address', async () => {
    const { uuid } = (await storyRow('embargoed-story'))!;
    const link = `/s/${await testLinkToken(uuid)}`;
    await schedule('embargoed-story', T, 'embargo');
    expect((await fresh(link)).status).toBe(200);

    await runGoLive(recordingDeps(), T + 30);

    const moved = await fresh(link);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('Location')).toBe('/embargoed-story');
    const json = await fresh(`${link}.json`);
    expect([json.status, json.headers.get('Location')]).toEqual([301, '/embargoed-story.json']);
    expect((await fresh('/embargoed-story')).status).toBe(200);
  });

  test('a run after a missed hour catches up every overdue story in one revision', async () => {
    await schedule('draft-story', T - HOUR);
    await schedule('embargoed-story', T - HOUR / 2, 'embargo');
    const before = await counts();

    const run = await runGoLive(recordingDeps(), T);

    expect(run.published.map((story) => story.slug).sort()).toEqual(['draft-story', 'embargoed-story']);
    expect(await counts()).toMatchObject({ language: before.language + 2, revision: before.revision + 1, events: 2 });
    // Nothing is left for the next run.
    expect((await runGoLive(recordingDeps(), T + 60)).published).toEqual([]);
  });

  test('two overlapping runs publish each story once, count it once and record one event', async () => {
    await schedule('draft-story', T);
    const before = await counts();

    const runs = await Promise.all([runGoLive(recordingDeps(), T), runGoLive(recordingDeps(), T), runGoLive(recordingDeps(), T + 1)]);

    expect(runs.flatMap((run) => run.published.map((story) => story.slug))).toEqual(['draft-story']);
    expect(runs.reduce((sum, run) => sum + run.enqueuedEvents, 0)).toBe(1);
    expect(await counts()).toEqual({ ...before, language: before.language + 1, category: before.category + 1, revision: before.revision + 1, events: 1 });
  });

  test('drafts, private stories and stories due later are left alone', async () => {
    await schedule('embargoed-story', T + 60, 'embargo');
    const run = await runGoLive(recordingDeps(), T);
    expect(run.published).toEqual([]);
    expect(await storyRow('draft-story')).toMatchObject({ status: 'draft' });
    expect(await storyRow('private-story')).toMatchObject({ visibility: 'private' });
    expect(await storyRow('embargoed-story')).toMatchObject({ status: 'embargo' });
  });

  test('the Cron Trigger entry point runs the same go-live at the trigger time', async () => {
    await schedule('draft-story', T);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: T * 1000, cron: '* * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await storyRow('draft-story')).toMatchObject({ status: 'published', visibility: 'public' });
  });
});

describe('go-live work handed to the queue', () => {
  test('each event is sent once; events the queue refused are sent by the next run', async () => {
    await schedule('draft-story', T);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusing = recordingDeps({
      queue: {
        send: () => Promise.reject(new Error('queue unavailable')),
        sendBatch: () => Promise.reject(new Error('queue unavailable')),
      },
    });
    await expect(runGoLive(refusing, T)).rejects.toThrow('queue unavailable');
    // The story is live all the same; its alerts wait in D1.
    expect(await storyRow('draft-story')).toMatchObject({ status: 'published' });

    const next = recordingDeps();
    await runGoLive(next, T + 60);
    const { uuid } = (await storyRow('draft-story'))!;
    // With the proof of the lift (docs/decisions/0052-a-lift-that-proves-itself.md), named by the run that lifted it.
    expect(next.sent).toEqual([{ kind: 'alerts', storyUuid: uuid, afterId: 0 }, { kind: 'lift-proof', storyUuid: uuid, liftedAt: T }]);

    const later = recordingDeps();
    await runGoLive(later, T + 120);
    expect(later.sent).toEqual([]);
  });

  test('IndexNow and WebSub jobs are queued only when configured', async () => {
    await schedule('draft-story', T);
    const base = depsOf(env).config;
    const deps = recordingDeps({ config: { ...base, indexNow: { key: 'abcdef0123456789', endpoint: 'https://indexnow.test/indexnow' }, webSubHub: 'https://hub.test/' } });
    await runGoLive(deps, T);
    const { uuid } = (await storyRow('draft-story'))!;
    expect(deps.sent).toEqual([
      { kind: 'alerts', storyUuid: uuid, afterId: 0 },
      { kind: 'indexnow', storyUuids: [uuid] },
      { kind: 'websub', storyUuids: [uuid] },
      { kind: 'lift-proof', storyUuid: uuid, liftedAt: T },
    ]);
  });

  test.each([
    ['a story dated more than two days before it goes live: no event at all', { at: T - 3 * 86400, notify: 1, newsroom: 1 }, null],
    ['notify: false on the story: an event without alerts', { at: T, notify: 0, newsroom: 1 }, 0],
    ['notify_subscribers: false on the newsroom: an event without alerts', { at: T, notify: 1, newsroom: 0 }, 0],
    ['a story due now with both switches on: alerts', { at: T, notify: 1, newsroom: 1 }, 1],
  ])('%s', async (_name, setup, alerts) => {
    await schedule('draft-story', setup.at);
    await env.DB.batch([
      env.DB.prepare("UPDATE stories SET notify = ?1 WHERE slug = 'draft-story'").bind(setup.notify),
      env.DB.prepare('UPDATE newsroom SET notify_subscribers = ?1').bind(setup.newsroom),
    ]);
    try {
      await runGoLive(recordingDeps(), T);
      const event = await env.DB.prepare('SELECT alerts FROM publish_events').first<{ alerts: number }>();
      expect(event?.alerts ?? null).toBe(alerts);
    } finally {
      await env.DB.prepare('UPDATE newsroom SET notify_subscribers = 1').run();
    }
  });
});

describe('alerts to subscribers', () => {
  test('subscribe → confirm → go-live by the cron → one alert through the real queue, none to other languages or topics; redelivery sends nothing', async () => {
    // Subscribers made through the portal itself (double opt-in).
    const confirm = async (email: string, locale: string, categories: string[] = []) => {
      const body = new URLSearchParams({ email });
      for (const id of categories) body.append('categories', id);
      const posted = await request(`${ORIGIN}/${locale}/newsroom/${NEWSROOM_UUID}/subscribe`, { method: 'POST', body, redirect: 'manual' });
      expect(posted.status).toBe(303);
      const [mail] = await outboxTo(email);
      const path = new URL(mail!.text_body.match(/https?:\/\/\S+\/subscribe\/confirm\/\w+/)![0]).pathname;
      expect((await request(`${ORIGIN}${path}`, { method: 'POST' })).status).toBe(200);
    };
    await confirm('reader@example.org', 'en');
    await confirm('lecteur@example.org', 'fr');
    await confirm('company-only@example.org', 'en', ['2']);
    await schedule('draft-story', T);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: T * 1000, cron: '* * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);

    // The consumer runs about a second after the send.
    await vi.waitFor(async () => expect(await outboxTo('reader@example.org')).toHaveLength(2), { timeout: 15_000, interval: 200 });
    const alert = (await outboxTo('reader@example.org'))[1]!;
    expect(alert.subject).toBe((await env.DB.prepare("SELECT title FROM stories WHERE slug = 'draft-story'").first<{ title: string }>())!.title);
    expect(alert.text_body).toContain(`${ORIGIN}/draft-story`);
    const headers = JSON.parse(alert.headers) as Record<string, string>;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = headers['List-Unsubscribe']!.match(/^<(https:\/\/news\.test\.example\/en\/newsroom\/[^>]+\/unsubscribe\/\w+)>$/)![1]!;
    expect(alert.text_body).toContain(unsubscribe);
    expect(await outboxTo('lecteur@example.org')).toHaveLength(1);
    expect(await outboxTo('company-only@example.org')).toHaveLength(1);

    // The same message delivered again (at-least-once delivery) mails nobody twice.
    const { uuid } = (await storyRow('draft-story'))!;
    const batch = createMessageBatch<Job>('newsroom-jobs', [{ id: 'again', timestamp: new Date(), attempts: 2, body: { kind: 'alerts', storyUuid: uuid, afterId: 0 } }]);
    const queueCtx = createExecutionContext();
    await worker.queue(batch, env, queueCtx);
    expect((await getQueueResult(batch, queueCtx)).explicitAcks).toEqual(['again']);
    expect(await outboxTo('reader@example.org')).toHaveLength(2);

    // RFC 8058 one-click unsubscribe: a POST to the header's address.
    const oneClick = await request(unsubscribe, { method: 'POST', body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }), redirect: 'manual' });
    expect(oneClick.status).toBe(200);
    expect(await env.DB.prepare("SELECT status FROM subscribers WHERE email = 'reader@example.org'").first()).toEqual({ status: 'unsubscribed' });
  });

  test('a story edited after it went live alerts nobody again', async () => {
    const reader = await subscriber('reader@example.org', 'en');
    await schedule('draft-story', T);
    const deps = recordingDeps();
    await runGoLive(deps, T);
    await sendAlerts(deps, { storyUuid: (await storyRow('draft-story'))!.uuid, afterId: 0 }, T);
    expect(await outboxTo(reader.email)).toHaveLength(1);

    // An edit re-imports the story (same uuid, still public): its event exists, so nothing is queued.
    await env.DB.prepare("UPDATE stories SET title = 'Edited', live_run = NULL WHERE slug = 'draft-story'").run();
    const later = recordingDeps();
    await runGoLive(later, T + HOUR);
    expect(later.sent).toEqual([]);
  });

  test('a large list is sent in pages, each page its own message, every subscriber once', async () => {
    for (let i = 0; i < ALERT_PAGE_SIZE + 7; i++) await subscriber(`reader${i}@example.org`, 'en');
    await subscriber('pending@example.org', 'en', [], 'pending');
    await schedule('draft-story', T);
    const deps = recordingDeps();
    await runGoLive(deps, T);
    const { uuid } = (await storyRow('draft-story'))!;

    const first = await sendAlerts(deps, { storyUuid: uuid, afterId: 0 }, T);
    expect(first.sent).toBe(ALERT_PAGE_SIZE);
    const next = deps.sent.at(-1) as Extract<Job, { kind: 'alerts' }>;
    expect(next).toMatchObject({ kind: 'alerts', storyUuid: uuid });
    expect(next.afterId).toBeGreaterThan(0);
    const second = await sendAlerts(deps, next, T);
    expect(second.sent).toBe(7);

    const delivered = await env.DB.prepare("SELECT count(*) AS n FROM alert_deliveries WHERE status = 'sent'").first<{ n: number }>();
    expect(delivered!.n).toBe(ALERT_PAGE_SIZE + 7);
    expect(await outboxTo('pending@example.org')).toHaveLength(0);
    expect(await env.DB.prepare('SELECT alerts_done_at FROM publish_events').first()).toEqual({ alerts_done_at: T });
  });

  test('a failed send gives its claim back: the retry sends it, and nobody twice', async () => {
    const first = await subscriber('first@example.org', 'en');
    const second = await subscriber('second@example.org', 'en');
    await schedule('draft-story', T);
    const base = recordingDeps();
    await runGoLive(base, T);
    const { uuid } = (await storyRow('draft-story'))!;
    const mailed: string[] = [];
    const flaky = (failFor: string | null) =>
      recordingDeps({
        mailer: {
          async send(message: MailMessage) {
            if (message.to.email === failFor) throw new Error('Email API answered 503');
            mailed.push(message.to.email);
          },
        },
      });

    await expect(sendAlerts(flaky(second.email), { storyUuid: uuid, afterId: 0 }, T)).rejects.toThrow('503');
    await sendAlerts(flaky(null), { storyUuid: uuid, afterId: 0 }, T + 30);

    expect(mailed).toEqual([first.email, second.email]);
  });

  test('an address the email API refuses for good is recorded as failed and the others are still mailed', async () => {
    const refused = await subscriber('bounced@example.org', 'en');
    const after = await subscriber('after@example.org', 'en');
    await schedule('draft-story', T);
    await runGoLive(recordingDeps(), T);
    const { uuid } = (await storyRow('draft-story'))!;
    const mailed: string[] = [];
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const deps = recordingDeps({
      mailer: {
        async send(message: MailMessage) {
          if (message.to.email === refused.email) throw new MailRefusedError(422);
          mailed.push(message.to.email);
        },
      },
    });
    expect(await sendAlerts(deps, { storyUuid: uuid, afterId: 0 }, T)).toEqual({ sent: 1 });
    expect(mailed).toEqual([after.email]);
    expect(errors).toHaveBeenCalledTimes(1);
    const statuses = await env.DB.prepare('SELECT subscriber_id, status FROM alert_deliveries ORDER BY subscriber_id').all();
    expect(statuses.results).toEqual([
      { subscriber_id: refused.id, status: 'failed' },
      { subscriber_id: after.id, status: 'sent' },
    ]);
    // A redelivery tries nobody again.
    expect(await sendAlerts(deps, { storyUuid: uuid, afterId: 0 }, T)).toEqual({ sent: 0 });
  });

  test('go-live work a run claimed but never handed to the queue is claimed again after ten minutes', async () => {
    await schedule('draft-story', T);
    const dying = recordingDeps();
    await runGoLive(dying, T);
    // The run died between its claim and the hand-over.
    await env.DB.prepare('UPDATE publish_events SET handed_at = NULL').run();
    const soon = recordingDeps();
    await runGoLive(soon, T + 60);
    expect(soon.sent).toEqual([]);
    const later = recordingDeps();
    await runGoLive(later, T + 601);
    const { uuid } = (await storyRow('draft-story'))!;
    expect(later.sent).toEqual([{ kind: 'alerts', storyUuid: uuid, afterId: 0 }, { kind: 'lift-proof', storyUuid: uuid, liftedAt: T }]);
    expect(await env.DB.prepare('SELECT handed_at FROM publish_events').first()).toEqual({ handed_at: T + 601 });
  });

  test('a story withdrawn before its alerts ran announces nothing', async () => {
    await subscriber('reader@example.org', 'en');
    await schedule('draft-story', T);
    const deps = recordingDeps();
    await runGoLive(deps, T);
    await env.DB.prepare("UPDATE stories SET visibility = 'private' WHERE slug = 'draft-story'").run();
    expect(await sendAlerts(deps, { storyUuid: (await storyRow('draft-story'))!.uuid, afterId: 0 }, T)).toEqual({ sent: 0 });
    expect(await outboxTo('reader@example.org')).toHaveLength(0);
  });
});

describe('telling the world', () => {
  const KEY = 'abcdef0123456789';
  function announcing(answer: (request: Request) => Response) {
    const requests: Request[] = [];
    const base = depsOf(env);
    const deps = recordingDeps({
      config: { ...base.config, indexNow: { key: KEY, endpoint: 'https://indexnow.test/indexnow' }, webSubHub: 'https://hub.test/publish' },
      fetch: async (input, init) => {
        const request: Request = new Request(input, init);
        requests.push(request.clone() as Request);
        return answer(request);
      },
    });
    return { deps, requests };
  }

  test('IndexNow gets one POST naming the key, its file and every address the go-live changed', async () => {
    await schedule('draft-story', T);
    const { deps, requests } = announcing(() => new Response(null, { status: 202 }));
    await runGoLive(deps, T);
    const { uuid } = (await storyRow('draft-story'))!;

    await runJob(deps, { kind: 'indexnow', storyUuids: [uuid] }, T);

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect([request!.method, request!.url, request!.headers.get('Content-Type')]).toEqual(['POST', 'https://indexnow.test/indexnow', 'application/json; charset=utf-8']);
    expect(await request!.json()).toEqual({
      host: 'news.test.example',
      key: KEY,
      keyLocation: `${ORIGIN}/${KEY}.txt`,
      urlList: [`${ORIGIN}/draft-story`, `${ORIGIN}/`, `${ORIGIN}/category/products`],
    });
  });

  test('WebSub gets a hub.mode=publish POST for each feed that now lists the story', async () => {
    await schedule('draft-story', T);
    const { deps, requests } = announcing(() => new Response(null, { status: 204 }));
    await runGoLive(deps, T);
    await runJob(deps, { kind: 'websub', storyUuids: [(await storyRow('draft-story'))!.uuid] }, T);

    const bodies = await Promise.all(requests.map(async (request) => [request.method, request.url, request.headers.get('Content-Type'), await request.text()]));
    const feeds = ['/feed', '/feed/atom', '/feed/json', '/category/products/feed', '/category/products/feed/atom', '/category/products/feed/json'];
    expect(bodies).toEqual(
      feeds.map((feed) => ['POST', 'https://hub.test/publish', 'application/x-www-form-urlencoded', `hub.mode=publish&hub.url=${encodeURIComponent(`${ORIGIN}${feed}`)}`]),
    );
  });

  test('a hub that fails is retried (the job throws); one that refuses for good is logged and dropped', async () => {
    await schedule('draft-story', T);
    const failing = announcing(() => new Response('busy', { status: 503 }));
    await runGoLive(failing.deps, T);
    const uuid = (await storyRow('draft-story'))!.uuid;
    await expect(runJob(failing.deps, { kind: 'indexnow', storyUuids: [uuid] }, T)).rejects.toThrow('IndexNow answered 503');

    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusing = announcing(() => new Response('wrong key', { status: 403 }));
    await expect(runJob(refusing.deps, { kind: 'indexnow', storyUuids: [uuid] }, T)).resolves.toEqual({ urls: 3 });
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toContain('IndexNow refused');
  });

  test('the IndexNow key file is served only for the configured key, and feeds name the WebSub hub', async () => {
    const app = createApp();
    // Another configuration is another deployment: page keys hold its fingerprint, so its pages are cached apart.
    const configured = { ...env, INDEXNOW_KEY: KEY, WEBSUB_HUB: 'https://hub.test/publish' };
    const ask = async (path: string, bindings: Cloudflare.Env) => {
      const ctx = createExecutionContext();
      const response = await app.request(`${ORIGIN}${path}`, {}, bindings, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    };
    const keyFile = await ask(`/${KEY}.txt`, configured);
    expect([keyFile.status, keyFile.headers.get('Content-Type'), await keyFile.text()]).toEqual([200, 'text/plain; charset=UTF-8', KEY]);
    expect((await ask('/0000000000000000.txt', configured)).status).toBe(404);
    expect((await ask(`/${KEY}.txt`, env)).status).toBe(404);

    expect(await (await ask('/feed', configured)).text()).toContain('<atom:link href="https://hub.test/publish" rel="hub"/>');
    expect(await (await ask('/feed/atom', configured)).text()).toContain('<link rel="hub" href="https://hub.test/publish"/>');
    expect(await (await ask('/feed/json', configured)).json()).toMatchObject({ hubs: [{ type: 'WebSub', url: 'https://hub.test/publish' }] });
    expect(await (await ask('/feed', env)).text()).not.toContain('rel="hub"');
  });
});
