// Delivering the outbox to an email API: mail visitors' requests wrote with their rows, claimed one
// at a time and marked sent after, so a failure strands nothing; an address refused for good is
// marked and skipped. (A consumer that dies mid-send: test/worker/publishing/lost-alerts.test.ts.)
import { env } from 'cloudflare:workers';
import { beforeEach, expect, test, vi } from 'vitest';
import { MailRefusedError } from '#src/domain/errors';
import type { MailMessage } from '#src/domain/mail-ports';
import { deliverOutbox } from '#src/jobs/deliver-mail';
import { depsOf } from '#src/adapters';

const NOW = 1_800_000_000;

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM outbox').run();
  for (const to of ['one@example.org', 'refused@example.org', 'three@example.org']) {
    await env.DB.prepare("INSERT INTO outbox (to_address, subject, text_body, created_at) VALUES (?1, 'Confirm', 'Link', ?2)").bind(to, NOW).run();
  }
});

async function outbox() {
  return (await env.DB.prepare('SELECT to_address, sent_at IS NOT NULL AS sent, failed_at IS NOT NULL AS failed FROM outbox ORDER BY id').all()).results;
}

function deps(send: (message: MailMessage) => Promise<void>) {
  return { ...depsOf(env), transport: { send } };
}

test('every waiting mail is sent once, each under its own idempotency key; a second run sends nothing', async () => {
  const sent: MailMessage[] = [];
  expect(await deliverOutbox(deps(async (mail) => void sent.push(mail)), NOW)).toEqual({ sent: 3 });
  expect(await deliverOutbox(deps(async (mail) => void sent.push(mail)), NOW)).toEqual({ sent: 0 });
  expect(sent.map((mail) => mail.to.email)).toEqual(['one@example.org', 'refused@example.org', 'three@example.org']);
  expect(new Set(sent.map((mail) => mail.idempotencyKey)).size).toBe(3);
  expect(sent.every((mail) => /^outbox-[0-9a-f]{32}$/.test(mail.idempotencyKey ?? ''))).toBe(true);
});

test('an address refused for good is marked failed and the mail after it still goes', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const sent: string[] = [];
  const send = async (mail: MailMessage) => {
    if (mail.to.email === 'refused@example.org') throw new MailRefusedError(422);
    sent.push(mail.to.email);
  };
  expect(await deliverOutbox(deps(send), NOW)).toEqual({ sent: 2 });
  expect(sent).toEqual(['one@example.org', 'three@example.org']);
  expect(errors).toHaveBeenCalledTimes(1);
  expect(await outbox()).toEqual([
    { to_address: 'one@example.org', sent: 1, failed: 0 },
    { to_address: 'refused@example.org', sent: 0, failed: 1 },
    { to_address: 'three@example.org', sent: 1, failed: 0 },
  ]);
});

test('a passing failure gives that mail back and strands none of the others', async () => {
  const sent: string[] = [];
  const flaky = async (mail: MailMessage) => {
    if (mail.to.email === 'refused@example.org') throw new MailRefusedError(503);
    sent.push(mail.to.email);
  };
  await expect(deliverOutbox(deps(flaky), NOW)).rejects.toThrow('Email API answered 503');
  expect(await outbox()).toEqual([
    { to_address: 'one@example.org', sent: 1, failed: 0 },
    { to_address: 'refused@example.org', sent: 0, failed: 0 },
    { to_address: 'three@example.org', sent: 0, failed: 0 },
  ]);
  expect((await env.DB.prepare('SELECT count(*) AS n FROM outbox WHERE claimed_at IS NOT NULL AND sent_at IS NULL').first<{ n: number }>())!.n).toBe(0);
  // The queue's retry sends the rest.
  expect(await deliverOutbox(deps(async (mail) => void sent.push(mail.to.email)), NOW)).toEqual({ sent: 2 });
  expect(sent).toEqual(['one@example.org', 'refused@example.org', 'three@example.org']);
});

test('without an email API the outbox is left as the record', async () => {
  expect(await deliverOutbox({ ...depsOf(env), transport: null }, NOW)).toEqual({ sent: 0 });
  expect((await outbox()).every((row) => row.sent === 0)).toBe(true);
  expect((await env.DB.prepare('SELECT count(*) AS n FROM outbox WHERE claimed_at IS NOT NULL').first<{ n: number }>())!.n).toBe(0);
});
