// What the HTTP email API receives (src/platform/mail/http-mailer.ts): a structured recipient,
// never a header line.
import { expect, test } from 'vitest';
import { MailRefusedError } from '#src/domain/errors';
import { HttpMailer } from '#src/platform/mail/http-mailer';

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
