// The routes of local development exist only under `npm start`: /__scheduled (the cron fired by
// hand, served by wrangler dev itself with --test-scheduled) and /_dev/outbox (the mail not sent,
// served by the app with LOCAL_DEVELOPMENT on a loopback host and SHOW_OUTBOX). The worker as
// `wrangler deploy` builds it answers neither, with wrangler.toml's variables or with the outbox
// switched on by mistake; wrangler dev with npm start's configuration answers both.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { NPM_START_VARS, startServer, statusOf } from './server.mjs';

const SCHEDULED = `/__scheduled?cron=${encodeURIComponent('* * * * *')}`;
const OUTBOX = '/_dev/outbox';

let deployed;
let outboxLeftOn;
let npmStart;
before(async () => {
  [deployed, outboxLeftOn, npmStart] = await Promise.all([
    startServer(),
    startServer({ vars: { SHOW_OUTBOX: 'true' } }),
    startServer({ vars: NPM_START_VARS, args: ['--test-scheduled'] }),
  ]);
});
after(async () => {
  await Promise.all([deployed?.stop(), outboxLeftOn?.stop(), npmStart?.stop()]);
});

test('the deploy bundle with wrangler.toml’s variables has no /__scheduled and no /_dev/outbox', async () => {
  assert.equal(await statusOf(deployed, SCHEDULED), 404);
  assert.equal(await statusOf(deployed, OUTBOX), 404);
});

test('a deployment with SHOW_OUTBOX left on still has no outbox: it is not npm start', async () => {
  assert.equal(await statusOf(outboxLeftOn, OUTBOX), 404);
  assert.equal(await statusOf(outboxLeftOn, SCHEDULED), 404);
});

test('npm start’s configuration answers both: the cron runs, the outbox is read', async () => {
  assert.equal(await statusOf(npmStart, SCHEDULED), 200);
  assert.equal(await statusOf(npmStart, OUTBOX), 200);
});
