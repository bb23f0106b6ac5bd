/**
 * Exactly-once mail (docs/decisions/0035-exactly-once-alerts-and-search-push.md): every mail the
 * jobs send is claimed in D1, sent with an idempotency key, then marked. A claim still unmarked
 * after ABANDONED_CLAIM_SECONDS belongs to a consumer that died between the claim and the mark,
 * and is claimed again; the key makes the retry safe, because the email API (and the outbox)
 * keeps one mail per key whether or not the first attempt's mail had left.
 */
import { sha256Hex } from './sha256';

/**
 * Longer than a queue consumer may run (Cloudflare stops an invocation after 15 minutes of wall
 * time), so a claim this old is certainly abandoned; far shorter than the email API keeps its
 * idempotency keys (Resend: 24 hours), so the retry of a mail that did leave is recognised.
 */
export const ABANDONED_CLAIM_SECONDS = 20 * 60;

/**
 * The key of a story's alert to one subscriber: the same for every attempt, different for every
 * (story, subscriber). It is made from the subscriber's unsubscribe token, random per deployment,
 * rather than the row id, so staging and production sharing one email account never mistake each
 * other's alerts for a repeat; hashed, because the token is a credential.
 */
export async function alertIdempotencyKey(storyUuid: string, subscriberToken: string): Promise<string> {
  return `alert-${storyUuid}-${await shortSha256Hex(`alert\n${storyUuid}\n${subscriberToken}`)}`;
}

/** The key of an outbox mail written without one (a portal confirmation): its row, its time, its address. */
export async function outboxIdempotencyKey(mail: { readonly id: number; readonly createdAt: number; readonly to: { readonly email: string } }): Promise<string> {
  return `outbox-${await shortSha256Hex(`outbox\n${mail.id}\n${mail.createdAt}\n${mail.to.email}`)}`;
}

/** The first 128 bits of SHA-256, in hex: short enough for any provider's key limit (Resend: 256). */
async function shortSha256Hex(text: string): Promise<string> {
  return (await sha256Hex(text)).slice(0, 32);
}
