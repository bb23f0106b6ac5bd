// What the HTTP email API receives (src/platform/mail/http-mailer.ts): a structured recipient,
// never a header line; the idempotency key travels as Idempotency-Key, so the API keeps one mail
// per key, and the API's "this key was used already" (409) means the mail left, not that it failed.
import { expect, test } from 'vitest';
import { MailRefusedError } from '#src/domain/errors';
import { HttpMailer } from '#src/platform/mail/http-mailer';
import { createFakeMailApi, FAKE_MAIL_API_KEY, FAKE_MAIL_API_URL } from '../../../fixtures/fake-mail-api';
function recordingApi(status = 202) {
  const requests: { url: string; authorization: string | null; body: unknown }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push({ url: request.url, authorization: request.headers.get('Authorization'), body: await request.json() });
    return new Response(null, { status });
  };
  return { requests, fetch: fetch as typeof globalThis.fetch };
}

const options = { url: 'https://mail-api.test/send', apiKey: 'key-1', from: 'Newsroom <news@example.org>' };

test('the recipient goes to the API as {email}, with the subject, text and headers beside it', async () => {
  const api = recordingApi();
  await new HttpMailer({ ...options, fetch: api.fetch }).send({ to: { email: 'reader@example.org' }, subject: 'Confirm', text: 'Link', headers: { 'List-Unsubscribe': '<https://news.example/u>' } });
  expect(api.requests).toEqual([
    {
      url: 'https://mail-api.test/send',
      authorization: 'Bearer key-1',
      body: { from: 'Newsroom <news@example.org>', to: { email: 'reader@example.org' }, subject: 'Confirm', text: 'Link', headers: { 'List-Unsubscribe': '<https://news.example/u>' } },
    },
  ]);
});

test('a display name travels as its own field, not spliced into an address line', async () => {
  const api = recordingApi();
  await new HttpMailer({ ...options, fetch: api.fetch }).send({ to: { email: 'reader@example.org', name: 'Reader, "the" <one>' }, subject: 'S', text: 'T' });
  expect((api.requests[0]!.body as { to: unknown }).to).toEqual({ email: 'reader@example.org', name: 'Reader, "the" <one>' });
});

test('a refusal by the API is a MailRefusedError with its status', async () => {
  const api = recordingApi(422);
  await expect(new HttpMailer({ ...options, fetch: api.fetch }).send({ to: { email: 'reader@example.org' }, subject: 'S', text: 'T' })).rejects.toBeInstanceOf(MailRefusedError);
});

const mail = { to: { email: 'reader@example.org' }, subject: 'News', text: 'Body' };
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
  const refusal = await http.send({ ...mail, to: { email: '' } }).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(MailRefusedError);
  expect(refusal).toMatchObject({ status: 422, permanent: true });
});
