// Security regression suite, publishing jobs: an alert lost
// when its consumer died between claiming and sending it, and a story that went live by the
// clock missing from the search engine. Each replays the cron and the queue consumer through
// their entry points (runGoLive, runJob) inside workerd with real local D1, the email API and
// the search engines answered by local stand-ins (test/fixtures/fake-*.ts) through the real
// clients. The clock is fixed: every run gets its time as the trigger gives it.
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ABANDONED_CLAIM_SECONDS } from '#src/domain/mail-delivery';
import type { MailMessage } from '#src/domain/mail-ports';
import { deliverOutbox } from '#src/jobs/deliver-mail';
import { runGoLive } from '#src/jobs/go-live';
import { depsOf } from '#src/adapters';
import type { JobDeps } from '#src/deps';
import type { Job } from '#src/domain/job-messages';
import { runJob } from '#src/jobs/queue';
import { runAtomically } from '#src/platform/d1/import-statements';
import { D1OutboxMailer } from '#src/platform/d1/subscription-store';
import { HttpMailer } from '#src/platform/mail/http-mailer';
import { D1SearchPushStore, SEARCH_PUSH_CLAIM_SECONDS } from '#src/platform/d1/search-push-store';
import { ALGOLIA_INDEX_SETTINGS, MEILISEARCH_INDEX_SETTINGS, storySearchDocuments, type SearchDocument } from '#src/platform/search/documents';
import { BODY_MEDIA_ROOT } from '#src/domain/media/payload-addresses';
import { createFakeMailApi, FAKE_MAIL_API_KEY, FAKE_MAIL_API_URL, type FakeMailApi } from '../../fixtures/fake-mail-api';
import {
  createFakeAlgolia,
  createFakeMeilisearch,
  FAKE_ALGOLIA_APP_ID,
  FAKE_SEARCH_KEY,
  FAKE_SEARCH_WRITE_KEY,
  FAKE_WRITE_KEY_INDEX,
  type FakeEngineBase,
} from '../../fixtures/fake-search-engines';
import { renderFresh } from '../fresh-render';

/** Monday 23 November 2026, 09:00 UTC: the minute the story is due. */
const T = Date.UTC(2026, 10, 23, 9, 0) / 1000;
/** The first cron run that may take an abandoned claim made at about T. */
const AFTER_ABANDONED = T + ABANDONED_CLAIM_SECONDS + 60;

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare('DELETE FROM publish_events'),
    env.DB.prepare('DELETE FROM alert_deliveries'),
    env.DB.prepare('DELETE FROM outbox'),
    env.DB.prepare('DELETE FROM subscribers'),
    env.DB.prepare('DELETE FROM search_pushes'),
  ]);
  await runAtomically(env.DB, env.TEST_SEED);
});

async function storyUuid(slug: string): Promise<string> {
  return (await env.DB.prepare('SELECT uuid FROM stories WHERE slug = ?1').bind(slug).first<{ uuid: string }>())!.uuid;
}

/** The fixture's draft becomes a story scheduled for T. */
async function scheduleDraft(): Promise<string> {
  await env.DB.prepare("UPDATE stories SET status = 'scheduled', visibility = 'public', published_at = ?1 WHERE slug = 'draft-story'").bind(T).run();
  return storyUuid('draft-story');
}

async function subscriber(email: string): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO subscribers (email, locale, status, token, categories, created_at, confirmed_at) VALUES (?1, 'en', 'confirmed', ?2, '[]', ?3, ?3) RETURNING id")
    .bind(email, `token-${email}`, T - 86400)
    .first<{ id: number }>();
  return row!.id;
}

/** The jobs' real dependencies, the queue recorded, mail going to `mailer` (the outbox by default). */
function deps(overrides: Partial<JobDeps> = {}): JobDeps & { queued: Job[] } {
  const queued: Job[] = [];
  return {
    ...depsOf(env),
    queue: {
      async send(body) {
        queued.push(body);
      },
      async sendBatch(messages) {
        for (const message of messages) queued.push(message.body);
      },
    },
    ...overrides,
    queued,
  };
}

/** The real HTTP client of the email API, talking to the stand-in. */
function apiMailer(api: FakeMailApi, fetchThrough: typeof fetch = api.fetch): HttpMailer {
  return new HttpMailer({ url: FAKE_MAIL_API_URL, apiKey: FAKE_MAIL_API_KEY, from: 'news@news.test.example', fetch: fetchThrough });
}

/**
 * A consumer that dies in the middle of sending (its isolate is stopped: no answer, no error, no
 * code after this point ever runs). `reachesApi`: the request had reached the email API, which
 * took the mail, before the consumer died; else it died before the request left.
 */
function dyingMailer(api: FakeMailApi, reachesApi: boolean): { mailer: HttpMailer; died: Promise<void> } {
  let died!: () => void;
  const dead = new Promise<void>((resolve) => (died = resolve));
  const fetchThenDie: typeof fetch = async (input, init) => {
    if (reachesApi) await api.fetch(input, init);
    died();
    return new Promise<Response>(() => {});
  };
  return { mailer: apiMailer(api, fetchThenDie), died: dead };
}

const deliveries = async () =>
  (await env.DB.prepare('SELECT subscriber_id, status FROM alert_deliveries ORDER BY subscriber_id').all<{ subscriber_id: number; status: string }>()).results;

describe('an alert is sent exactly once, even when its consumer dies between the claim and the send', () => {
  test.each([
    ['before the request reached the email API', false],
    ['after the email API took the mail, before it was marked sent', true],
  ])('a consumer killed %s: a later run delivers that alert, once', async (_when, reachesApi) => {
    const api = createFakeMailApi();
    const first = await subscriber('first@example.org');
    const second = await subscriber('second@example.org');
    const uuid = await scheduleDraft();
    const cron = deps();
    await runGoLive(cron, T);
    const alerts = cron.queued.find((job) => job.kind === 'alerts')!;
    expect(alerts).toEqual({ kind: 'alerts', storyUuid: uuid, afterId: 0 });

    // The consumer claims the first subscriber's delivery, starts sending, and is killed.
    const dying = dyingMailer(api, reachesApi);
    void runJob(deps({ mailer: dying.mailer }), alerts, T + 1);
    await dying.died;
    expect(await deliveries()).toEqual([{ subscriber_id: first, status: 'sending' }]);

    // The queue delivers the unacknowledged message again: the others are mailed; the claim of
    // the dead consumer is left alone while it could still be alive.
    await runJob(deps({ mailer: apiMailer(api) }), alerts, T + 60);
    expect(api.inbox('second@example.org')).toHaveLength(1);
    expect(api.inbox('first@example.org')).toHaveLength(reachesApi ? 1 : 0);
    const soon = deps();
    await runGoLive(soon, T + 120);
    expect(soon.queued.filter((job) => job.kind === 'alert-retries')).toEqual([]);

    // Once the claim is older than any consumer can run, the cron hands it to the queue again…
    const later = deps();
    await runGoLive(later, AFTER_ABANDONED);
    const retries = later.queued.filter((job) => job.kind === 'alert-retries');
    expect(retries).toEqual([{ kind: 'alert-retries', storyUuid: uuid, subscriberIds: [first] }]);
    // …and the retry sends it with the first attempt's idempotency key: one alert each, whatever
    // the dead consumer had done.
    await runJob(deps({ mailer: apiMailer(api) }), retries[0]!, AFTER_ABANDONED + 1);
    expect(api.inbox('first@example.org')).toHaveLength(1);
    expect(api.inbox('second@example.org')).toHaveLength(1);
    expect(new Set(api.requests.filter((request) => (request.to as { email?: string } | null)?.email === 'first@example.org').map((request) => request.idempotencyKey)).size).toBe(1);
    expect(await deliveries()).toEqual([
      { subscriber_id: first, status: 'sent' },
      { subscriber_id: second, status: 'sent' },
    ]);

    // Nothing is left to retry, and a retry message delivered twice sends nothing.
    const after = deps();
    await runGoLive(after, AFTER_ABANDONED + 60);
    expect(after.queued.filter((job) => job.kind === 'alert-retries')).toEqual([]);
    expect(await runJob(deps({ mailer: apiMailer(api) }), retries[0]!, AFTER_ABANDONED + 61)).toEqual({ sent: 0 });
    expect(api.delivered).toHaveLength(2);
  });

  test('without an email API (npm start), the outbox holds one alert per subscriber across the retry', async () => {
    const reader = await subscriber('reader@example.org');
    const uuid = await scheduleDraft();
    await runGoLive(deps(), T);
    // The dev mailer writes the alert to the outbox, and the consumer dies before marking it.
    const outbox = new D1OutboxMailer(env.DB);
    let died!: () => void;
    const dead = new Promise<void>((resolve) => (died = resolve));
    const writeThenDie = {
      async send(message: MailMessage) {
        await outbox.send(message);
        died();
        return new Promise<void>(() => {});
      },
    };
    void runJob(deps({ mailer: writeThenDie }), { kind: 'alerts', storyUuid: uuid, afterId: 0 }, T + 1);
    await dead;

    const later = deps();
    await runGoLive(later, AFTER_ABANDONED);
    const retry = later.queued.find((job) => job.kind === 'alert-retries')!;
    expect(retry).toEqual({ kind: 'alert-retries', storyUuid: uuid, subscriberIds: [reader] });
    expect(await runJob(deps(), retry, AFTER_ABANDONED + 1)).toEqual({ sent: 1 });
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE to_address = 'reader@example.org'").first<{ n: number }>();
    expect(rows!.n).toBe(1);
    expect(await deliveries()).toEqual([{ subscriber_id: reader, status: 'sent' }]);
  });

  test('an abandoned alert of a story withdrawn since is not sent, and stops being retried', async () => {
    const api = createFakeMailApi();
    const reader = await subscriber('reader@example.org');
    const uuid = await scheduleDraft();
    await runGoLive(deps(), T);
    const dying = dyingMailer(api, false);
    void runJob(deps({ mailer: dying.mailer }), { kind: 'alerts', storyUuid: uuid, afterId: 0 }, T + 1);
    await dying.died;
    await env.DB.prepare("UPDATE stories SET visibility = 'private' WHERE uuid = ?1").bind(uuid).run();

    const later = deps();
    await runGoLive(later, AFTER_ABANDONED);
    const retry = later.queued.find((job) => job.kind === 'alert-retries')!;
    expect(retry).toMatchObject({ storyUuid: uuid, subscriberIds: [reader] });
    expect(await runJob(deps({ mailer: apiMailer(api) }), retry, AFTER_ABANDONED + 1)).toEqual({ sent: 0 });
    expect(api.delivered).toEqual([]);
    expect(await deliveries()).toEqual([]);
    const after = deps();
    await runGoLive(after, AFTER_ABANDONED + 60);
    expect(after.queued.filter((job) => job.kind === 'alert-retries')).toEqual([]);
  });

  test('a confirmation mail whose outbox consumer died after the email API took it is not sent twice', async () => {
    const api = createFakeMailApi();
    await env.DB.prepare("INSERT INTO outbox (to_address, subject, text_body, created_at) VALUES ('visitor@example.org', 'Confirm', 'Link', ?1)").bind(T).run();
    const dying = dyingMailer(api, true);
    void deliverOutbox(deps({ transport: dying.mailer }), T);
    await dying.died;
    expect(api.inbox('visitor@example.org')).toHaveLength(1);

    // A run while the claim could still be alive leaves it; the cron sees nothing to deliver.
    expect(await deliverOutbox(deps({ transport: apiMailer(api) }), T + 60)).toEqual({ sent: 0 });
    const soon = deps({ transport: apiMailer(api) });
    await runGoLive(soon, T + 60);
    expect(soon.queued).not.toContainEqual({ kind: 'deliver-mail' });

    // Later the cron hands it over again, and the retry goes under the same key: still one mail.
    const later = deps({ transport: apiMailer(api) });
    await runGoLive(later, AFTER_ABANDONED);
    expect(later.queued).toContainEqual({ kind: 'deliver-mail' });
    expect(await deliverOutbox(deps({ transport: apiMailer(api) }), AFTER_ABANDONED)).toEqual({ sent: 1 });
    expect(api.inbox('visitor@example.org')).toHaveLength(1);
    expect(await env.DB.prepare('SELECT sent_at FROM outbox').first()).toEqual({ sent_at: AFTER_ABANDONED });
  });
});

// ---------------------------------------------------------------------------------------------
// Go-live reaches search

const ENGINE_HOST = 'http://search-engine.test';

/** The worker's bindings with an engine configured the way docs/operations.md says, and a started fake of it. */
function withEngine(backend: 'meilisearch' | 'algolia'): { engine: FakeEngineBase; bindings: Cloudflare.Env } {
  const engine = backend === 'meilisearch' ? createFakeMeilisearch() : createFakeAlgolia();
  // The index as the import's --sync-search left it: every public story of the seed.
  engine.seed(FAKE_WRITE_KEY_INDEX, env.TEST_SEARCH_DOCUMENTS as unknown as Record<string, unknown>[], backend === 'meilisearch' ? MEILISEARCH_INDEX_SETTINGS : ALGOLIA_INDEX_SETTINGS);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    // No network: anything else the worker fetched would be a test that passes by accident.
    if (url.origin !== ENGINE_HOST) throw new Error(`unexpected fetch to ${url.href}`);
    return engine.fetch(input, init);
  });
  const bindings = {
    ...env,
    SEARCH_BACKEND: backend,
    SEARCH_HOST: ENGINE_HOST,
    SEARCH_INDEX: FAKE_WRITE_KEY_INDEX,
    SEARCH_API_KEY: FAKE_SEARCH_KEY,
    SEARCH_WRITE_KEY: FAKE_SEARCH_WRITE_KEY,
    ...(backend === 'algolia' ? { SEARCH_APP_ID: FAKE_ALGOLIA_APP_ID } : {}),
  } as Cloudflare.Env;
  return { engine, bindings };
}

/** The jobs' dependencies on those bindings, the queue recorded. */
function engineDeps(bindings: Cloudflare.Env): JobDeps & { queued: Job[] } {
  const queued: Job[] = [];
  return {
    ...depsOf(bindings),
    queue: {
      async send(body) {
        queued.push(body);
      },
      async sendBatch(messages) {
        for (const message of messages) queued.push(message.body);
      },
    },
    queued,
  };
}

/** The story's documents in the index, once the engine has applied the writes it accepted. */
function indexed(engine: FakeEngineBase, uuid: string): string[] {
  engine.settle();
  return [...(engine.indexes.get(FAKE_WRITE_KEY_INDEX)?.documents.keys() ?? [])].filter((id) => id.startsWith(`${uuid}-`));
}

/** The titles a visitor's search for `q` lists, rendered from D1 as it is now. */
async function searchTitles(q: string, bindings: Cloudflare.Env = env): Promise<string[]> {
  const response = await renderFresh(`/search?query=${encodeURIComponent(q)}`, {}, bindings);
  expect(response.status).toBe(200);
  return [...(await response.text()).matchAll(/<h2 class="search-hit-title"><a href="[^"]+">([\s\S]*?)<\/a><\/h2>/g)].map((hit) => hit[1]!.replace(/<[^>]+>/g, ''));
}

const DRAFT_TITLE = 'Draft story that must stay hidden';

describe('a story that goes live by the clock reaches the search engine in the same job flow', () => {
  test.each(['meilisearch', 'algolia'] as const)('%s: the cron hands it to the queue, the job pushes it with the documents-only key, and visitors find it', async (backend) => {
    const { engine, bindings } = withEngine(backend);
    const uuid = await scheduleDraft();
    expect(await searchTitles('hidden', bindings)).not.toContain(DRAFT_TITLE);

    const cron = engineDeps(bindings);
    await runGoLive(cron, T);
    const push = cron.queued.find((job) => job.kind === 'search-push')!;
    expect(push).toEqual({ kind: 'search-push', storyUuids: [uuid] });
    const pushed = await runJob(engineDeps(bindings), push, T + 1);
    expect(indexed(engine, uuid).length).toBeGreaterThan(0);
    expect(pushed).toEqual({ indexed: indexed(engine, uuid).length, deleted: 0 });
    expect(await searchTitles('hidden', bindings)).toContain(DRAFT_TITLE);
    // Only the two document endpoints were called with the write key (the fake refuses the rest).
    const writes = engine.requests.filter((request) => JSON.stringify(request.headers).includes(FAKE_SEARCH_WRITE_KEY));
    expect(writes.map((request) => `${request.method} ${request.pathname}`)).toEqual([
      backend === 'meilisearch' ? `POST /indexes/${FAKE_WRITE_KEY_INDEX}/documents` : `POST /1/indexes/${FAKE_WRITE_KEY_INDEX}/batch`,
    ]);
    // Done: later runs hand nothing over again.
    const next = engineDeps(bindings);
    await runGoLive(next, T + SEARCH_PUSH_CLAIM_SECONDS + 60);
    expect(next.queued.filter((job) => job.kind === 'search-push')).toEqual([]);
  });

  test.each(['meilisearch', 'algolia'] as const)('%s: a story withdrawn before its push ran is removed from the index, not added', async (backend) => {
    const { engine, bindings } = withEngine(backend);
    const uuid = await scheduleDraft();
    const cron = engineDeps(bindings);
    await runGoLive(cron, T);
    const push = cron.queued.find((job) => job.kind === 'search-push')!;
    // Its documents are in the index (an earlier push), and the story is made confidential.
    await runJob(engineDeps(bindings), push, T + 1);
    const before = indexed(engine, uuid).length;
    expect(before).toBeGreaterThan(0);
    await env.DB.prepare("UPDATE stories SET visibility = 'confidential' WHERE uuid = ?1").bind(uuid).run();

    // The message delivered again (or re-queued) now removes it.
    expect(await runJob(engineDeps(bindings), push, T + 2)).toEqual({ indexed: 0, deleted: before });
    expect(indexed(engine, uuid)).toEqual([]);
    expect(await searchTitles('hidden', bindings)).not.toContain(DRAFT_TITLE);
  });

  test('a push the queue lost is handed over again by a later run, once the claim is old', async () => {
    const { engine, bindings } = withEngine('meilisearch');
    const uuid = await scheduleDraft();
    await runGoLive(engineDeps(bindings), T); // its message is lost
    const soon = engineDeps(bindings);
    await runGoLive(soon, T + 60);
    expect(soon.queued.filter((job) => job.kind === 'search-push')).toEqual([]);
    const later = engineDeps(bindings);
    await runGoLive(later, T + SEARCH_PUSH_CLAIM_SECONDS + 60);
    const push = later.queued.find((job) => job.kind === 'search-push')!;
    expect(push).toEqual({ kind: 'search-push', storyUuids: [uuid] });
    await runJob(engineDeps(bindings), push, T + SEARCH_PUSH_CLAIM_SECONDS + 61);
    expect(indexed(engine, uuid).length).toBeGreaterThan(0);
  });

  test("the job builds a story's documents exactly as the import's --sync-search does", async () => {
    const { results } = await env.DB.prepare("SELECT uuid FROM stories WHERE status = 'published' AND visibility = 'public' ORDER BY id").all<{ uuid: string }>();
    const stories = await new D1SearchPushStore(env.DB).pushableStories(results.map((row) => row.uuid));
    const documents: SearchDocument[] = stories.flatMap((story) => storySearchDocuments(story, { cdnRoot: BODY_MEDIA_ROOT }));
    // TEST_SEARCH_DOCUMENTS: buildSearchDocuments over the bundle the seed was imported from.
    expect(documents).toEqual(env.TEST_SEARCH_DOCUMENTS);
  });

  test('with the default D1 search, a story the cron made live is found at once, and nothing is queued for an engine', async () => {
    await scheduleDraft();
    expect(await searchTitles('hidden')).not.toContain(DRAFT_TITLE);
    const cron = deps();
    await runGoLive(cron, T);
    expect(cron.queued.filter((job) => job.kind === 'search-push')).toEqual([]);
    expect(await searchTitles('hidden')).toContain(DRAFT_TITLE);
  });
});
