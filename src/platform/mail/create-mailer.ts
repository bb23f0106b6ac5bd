/** The mailer of this deployment: the HTTP email API when configured, else the D1 outbox. */
import type { Mailer } from '#src/domain/mail-ports';
import { D1OutboxMailer } from '#src/platform/d1/subscription-store';
import { HttpMailer } from './http-mailer';
import type { D1Queryable } from '#src/platform/d1/sessions';

export function createMailer(db: D1Queryable, emailApi: { url: string; apiKey: string; from: string } | null): Mailer {
  return emailApi ? new HttpMailer(emailApi) : new D1OutboxMailer(db);
}
