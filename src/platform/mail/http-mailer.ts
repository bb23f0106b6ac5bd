/**
 * Mail through an HTTP email API: `POST {from, to: {email, name?}, subject, text, headers}` as
 * JSON with a bearer key. The recipient travels as a structured value (an address already checked
 * as a plain one, domain/email-address.ts), never as a header line: the provider writes the `To`
 * header itself, so nothing a visitor typed can add a recipient. Used when EMAIL_API_URL is
 * configured; a failure throws, so the caller can show the form's "Something went wrong" message
 * instead of pretending the mail left.
 *
 * A message with an idempotency key carries it as the `Idempotency-Key` header (Resend's, kept
 * 24 hours): the API sends one mail per key, so a job may retry a send whose outcome it never
 * learnt. The API answers 409 when the key was used already, by a request still running or with
 * another body (an alert rebuilt after its story was edited): a mail under that key has left or
 * is leaving, which is what the caller wanted, so that answer counts as sent.
 */
import { MailRefusedError } from '#src/domain/errors';
import type { Mailer, MailMessage, MailRecipient } from '#src/domain/mail-ports';
import { assertServerOnly } from '#src/server-only';

// Sends with the email API key: never in a browser bundle.
assertServerOnly('src/platform/mail/http-mailer.ts (email API client)');

/** The recipient as the API receives it: `name` only when there is one. */
function recipient(to: MailRecipient): MailRecipient {
  return to.name ? { email: to.email, name: to.name } : { email: to.email };
}

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
      body: JSON.stringify({ from: this.options.from, to: recipient(message.to), subject: message.subject, text: message.text, ...(message.headers ? { headers: message.headers } : {}) }),
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status === 409 && message.idempotencyKey) return;
    if (!response.ok) throw new MailRefusedError(response.status);
  }
}
