// The email API client: the idempotency key travels as Idempotency-Key, so the API keeps one mail
// per key; the API's "this key was used already" (409) means the mail left, not that it failed.
import { expect, test } from 'vitest';
import { MailRefusedError } from '#src/domain/errors';
import { HttpMailer } from '#src/platform/mail/http-mailer';
import { createFakeMailApi, FAKE_MAIL_API_KEY, FAKE_MAIL_API_URL } from '../../../fixtures/fake-mail-api';

const mail = { to: 'reader@example.org', subject: 'News', text: 'Body' };

function mailer() {
  const api = createFakeMailApi();
  return { api, mailer: new HttpMailer({ url: FAKE_MAIL_API_URL, apiKey: FAKE_MAIL_API_KEY, from: 'news@example.org', fetch: api.fetch }) };
}

test('the same message sent twice with one idempotency key is one mail', async () => {
  const { api, mailer: http } = mailer();
  await http.send({ ...mail, idempotencyKey: 'alert-1' });
  await http.send({ ...mail, idempotencyKey: 'alert-1' });
  expect(api.delivered).toHaveLength(1);
  expect(api.delivered[0]).toMatchObject({ to: 'reader@example.org', idempotencyKey: 'alert-1' });
});

test('a retry whose body changed (the API answers 409) counts as sent, and sends nothing more', async () => {
  const { api, mailer: http } = mailer();
  await http.send({ ...mail, idempotencyKey: 'alert-1' });
  await expect(http.send({ ...mail, subject: 'News (edited)', idempotencyKey: 'alert-1' })).resolves.toBeUndefined();
  expect(api.delivered.map((sent) => sent.subject)).toEqual(['News']);
});

test('without a key every send is a mail, and no Idempotency-Key header is sent', async () => {
  const { api, mailer: http } = mailer();
  await http.send(mail);
  await http.send(mail);
  expect(api.delivered).toHaveLength(2);
  expect(api.requests.map((request) => request.idempotencyKey)).toEqual([null, null]);
});

test('a 409 without a key of ours is a refusal like any other', async () => {
  const http = new HttpMailer({ url: FAKE_MAIL_API_URL, apiKey: FAKE_MAIL_API_KEY, from: 'news@example.org', fetch: async () => new Response('{}', { status: 409 }) });
  await expect(http.send(mail)).rejects.toThrow(MailRefusedError);
});

test('a refused address is a permanent MailRefusedError', async () => {
  const { mailer: http } = mailer();
  const refusal = await http.send({ ...mail, to: '' }).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(MailRefusedError);
  expect(refusal).toMatchObject({ status: 422, permanent: true });
});
