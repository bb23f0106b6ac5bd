/**
 * Mail through an HTTP email API (any provider accepting `POST {from, to, subject, text, headers}`
 * with a bearer key, as Resend and Postmark-style APIs do). Used when EMAIL_API_URL is configured; a failure throws, so the caller can show
 * the form's "Something went wrong" message instead of pretending the mail left.
 *
 * A message with an idempotency key carries it as the `Idempotency-Key` header (Resend's, kept
 * 24 hours): the API sends one mail per key, so a job may retry a send whose outcome it never
 * learnt. The API answers 409 when the key was used already, by a request still running or with
 * another body (an alert rebuilt after its story was edited): a mail under that key has left or
 * is leaving, which is what the caller wanted, so that answer counts as sent.
 */
import { MailRefusedError } from '#src/domain/errors';
import type { Mailer, MailMessage } from '#src/domain/mail-ports';
import { assertServerOnly } from '#src/server-only';

// Sends with the email API key: never in a browser bundle.
assertServerOnly('src/platform/mail/http-mailer.ts (email API client)');

export class HttpMailer implements Mailer {
  constructor(private readonly options: { url: string; apiKey: string; from: string; fetch?: typeof fetch }) {}

  async send(message: MailMessage): Promise<void> {
    const response = await (this.options.fetch ?? fetch)(this.options.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${this.options.apiKey}`,
        ...(message.idempotencyKey ? { 'Idempotency-Key': message.idempotencyKey } : {}),
      },
      body: JSON.stringify({ from: this.options.from, to: message.to, subject: message.subject, text: message.text, ...(message.headers ? { headers: message.headers } : {}) }),
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status === 409 && message.idempotencyKey) return;
    if (!response.ok) throw new MailRefusedError(response.status);
  }
}
