// The environments of wrangler.toml, as wrangler itself resolves them (bindings and vars are not
// inherited, so staging repeats them all): alike where they must be, sharing nothing that holds
// state, each with Workers Logs on (invocation logs off) and its dead-letter queue named by the
// rule the consumer reads. Production is the top level, which local tools also use.
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { unstable_readConfig, type Unstable_Config } from 'wrangler';
import { DEAD_LETTER_SUFFIX, isDeadLetterQueue } from '#src/jobs/queue';

const root = join(import.meta.dirname, '../..');
const configPath = join(root, 'wrangler.toml');

let production: Unstable_Config;
let staging: Unstable_Config;

beforeAll(() => {
  production = unstable_readConfig({ config: configPath });
  staging = unstable_readConfig({ config: configPath, env: 'staging' });
});

const queueNames = (config: Unstable_Config) => [
  ...(config.queues.producers ?? []).map((producer) => producer.queue),
  ...(config.queues.consumers ?? []).flatMap((consumer) => [consumer.queue, consumer.dead_letter_queue ?? '']),
].filter(Boolean);

describe.each([
  ['production', () => production],
  ['staging', () => staging],
])('%s', (label, config) => {
  test("keeps the worker's own log lines in Workers Logs, and no invocation log (each would store a full URL, secrets included)", () => {
    expect(config().observability).toMatchObject({ enabled: true, head_sampling_rate: 1, logs: { enabled: true, invocation_logs: false } });
    // Traces would record URLs too: they stay off unless someone decides otherwise here.
    expect(config().observability?.traces?.enabled ?? false).toBe(false);
  });

  test('names each dead-letter queue after its queue, as the consumer recognises one (`<queue>-dlq`)', () => {
    const consumers = config().queues.consumers ?? [];
    const withDeadLetters = consumers.filter((consumer) => consumer.dead_letter_queue);
    expect(withDeadLetters.map((consumer) => consumer.queue)).toEqual(config().queues.producers?.map((producer) => producer.queue));
    for (const consumer of withDeadLetters) {
      expect(consumer.dead_letter_queue).toBe(`${consumer.queue}${DEAD_LETTER_SUFFIX}`);
      expect(isDeadLetterQueue(consumer.queue)).toBe(false);
      expect(isDeadLetterQueue(consumer.dead_letter_queue!)).toBe(true);
      // The dead-letter queue has a consumer of its own, which logs and acknowledges what it gets.
      expect(consumers.map((other) => other.queue)).toContain(consumer.dead_letter_queue);
    }
  });

  test('binds the database, page cache, queue and limiters the worker reads', () => {
    expect(config().d1_databases.map((db) => [db.binding, db.migrations_dir])).toEqual([['DB', 'migrations']]);
    expect(config().kv_namespaces.map((ns) => ns.binding)).toEqual(['PAGE_CACHE']);
    expect(config().queues.producers?.map((producer) => producer.binding)).toEqual(['JOBS']);
    expect(config().ratelimits.map((limiter) => limiter.name)).toEqual(['PORTAL_LIMITER', 'RENDER_LIMITER']);
  });

  test('runs the minute cron and serves the static assets', () => {
    expect(config().triggers.crons).toEqual(['* * * * *']);
    expect(config().assets?.binding).toBe('ASSETS');
  });

  test(`names itself ${label} in error reports, and leaves RELEASE to the deploy`, () => {
    expect(config().vars.ENVIRONMENT_LABEL).toBe(label);
    expect(config().vars.RELEASE).toBe('dev');
  });
});

test('staging has every variable production has (and no other), so neither runs on defaults by accident', () => {
  expect(Object.keys(staging.vars).sort()).toEqual(Object.keys(production.vars).sort());
});

test('the two share no state: worker, database, page cache, queues, rate-limit counters and search index all differ', () => {
  expect(staging.name).not.toBe(production.name);
  expect(staging.d1_databases[0]!.database_name).not.toBe(production.d1_databases[0]!.database_name);
  // Ids are written by setup:cloudflare; once both are there, they must differ too.
  const ids = (config: Unstable_Config) => [config.d1_databases[0]!.database_id, config.kv_namespaces[0]!.id];
  for (const [mine, theirs] of ids(staging).map((id, i) => [id, ids(production)[i]])) {
    if (mine && theirs) expect(mine).not.toBe(theirs);
  }
  expect(queueNames(staging).filter((queue) => queueNames(production).includes(queue))).toEqual([]);
  const namespaces = (config: Unstable_Config) => config.ratelimits.map((limiter) => limiter.namespace_id);
  expect(namespaces(staging).filter((id) => namespaces(production).includes(id))).toEqual([]);
  expect(staging.vars.SEARCH_INDEX).not.toBe(production.vars.SEARCH_INDEX);
  // Routes are inherited unless set: staging sets its own, so a production domain never moves to it.
  const patterns = (config: Unstable_Config) => (config.routes ?? []).map((route) => (typeof route === 'string' ? route : route.pattern));
  expect(patterns(staging).filter((pattern) => patterns(production).includes(pattern))).toEqual([]);
  expect(staging.workers_dev).toBe(true);
});

test('the abuse limits are the same in both (ADR 0017), so staging tests what production does', () => {
  const limits = (config: Unstable_Config) => config.ratelimits.map((limiter) => [limiter.name, limiter.simple]);
  expect(limits(staging)).toEqual(limits(production));
});
