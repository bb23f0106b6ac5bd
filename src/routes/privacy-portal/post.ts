/**
 * What both portal forms do with a post (docs/decisions/0017-abuse-limits.md,
 * 0018-token-lifecycle.md): posts from other sites are refused before this
 * (middleware/request-limits.ts); each client has a rate limit; a filled honeypot field is
 * answered as success and does nothing; Turnstile, when set up, must accept the post; each mailbox
 * gets at most a few confirmation mails a day for each form; the answer to a subscription is the
 * same whether the address is new, pending or confirmed, and its mail goes through the outbox, so
 * neither the page nor its timing tells who is on the list. Mailed links point at the configured
 * site origin (the site context's `newsroom.url`), never at the Host a request named.
 */
import type { Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import type { SiteContext } from '#src/domain/ports';
import { canonicalMailbox, type EmailAddress } from '#src/domain/email-address';
import { CONFIRM_TOKEN_TTL_SECONDS, FORM_MESSAGES, HONEYPOT_FIELD, newMailToken, readSubscriberEmail } from '#src/domain/subscriber';
import { TURNSTILE_RESPONSE_FIELD } from '#src/domain/turnstile';
import type { MessageId } from '#src/i18n/translate';
import { limitClient } from '#src/http/client-limits';
import type { PortalView } from '#src/pages/privacy-portal';
import type { Guarded } from './forms';
import { portalPage, portalSite } from './page';
import { redirect } from '#src/http/redirect';
import { siteNameFor } from '#src/domain/newsroom';
import { logFailure } from '#src/log';

/** The clock of tokens and requests, in seconds. */
export const now = () => Math.floor(Date.now() / 1000);

/** Each client may post to the portal a few times a minute (the mailbox quota applies to everyone). */
export const limitPortalPosts = (c: Context<AppEnv>) => limitClient(c.env.PORTAL_LIMITER, 'portal', c.req.raw);

/**
 * With Turnstile set up, a post must carry a token siteverify accepts. A post without one (the
 * footer's form, which has no widget) is not an error: the visitor gets the portal's form back,
 * filled in, with the widget to complete.
 */
export async function turnstileAnswer(c: Context<AppEnv>, form: Guarded): Promise<'passed' | 'missing' | 'refused'> {
  const { turnstile } = c.var.deps;
  if (!turnstile) return 'passed';
  const token = form[TURNSTILE_RESPONSE_FIELD];
  if (!token) return 'missing';
  return (await turnstile(token, c.req.header('CF-Connecting-IP') ?? null)) ? 'passed' : 'refused';
}

/** Was the field people never see filled in? Then a robot sent the form. */
export const isRobot = (form: Guarded) => form[HONEYPOT_FIELD].trim() !== '';

/** Hands outbox mail to the email API, when there is one, after the answer is sent. */
export function deliverMailLater(c: Context<AppEnv>): void {
  if (!c.var.deps.config.emailApi) return;
  c.executionCtx.waitUntil(
    c.env.JOBS.send({ kind: 'deliver-mail' }).catch((failure: unknown) => {
      // The minute cron delivers what is still waiting.
      logFailure('Mail delivery not queued', { error: String(failure) });
    }),
  );
}

function confirmationRequest(email: EmailAddress) {
  const at = now();
  return { mailbox: canonicalMailbox(email), requestId: crypto.randomUUID(), now: at, confirmToken: newMailToken(), confirmExpiresAt: at + CONFIRM_TOKEN_TTL_SECONDS };
}

/** A portal form as posted: the address, the form's own fields, how to show it again. */
export interface PostedForm<T> {
  readonly email: string;
  readonly fields: T;
  readonly again: (error: MessageId | null) => PortalView;
}

export interface Submission<T> {
  readonly site: SiteContext;
  readonly locale: string;
  /** The posted address as a plain one: IDNA-mapped domain, lower case (domain/email-address.ts). */
  readonly address: string;
  readonly fields: T;
  readonly request: ReturnType<typeof confirmationRequest>;
  /** The newsroom's name in the portal's language. */
  readonly name: string;
}

/**
 * What the visitor is told after a post that reached the store, as the `?status=` of the page it
 * is sent to: `pending` (a confirmation mail is on its way, or the answer that never says whether
 * one is), or `recorded` (a privacy request kept for the operators without a mail).
 */
export type PortalOutcome = 'pending' | 'recorded';

/**
 * What both portal forms do with a post: the client's limit, the honeypot (a robot is answered as
 * if all went well), the address's check, Turnstile when set up, then `submit` with a new
 * confirmation request, whose outcome names the answer: every subscription gets the same one, so
 * nobody learns who is on the list; a privacy request kept without a mail is told so.
 */
export async function handlePortalPost<F extends Guarded, T>(
  c: Context<AppEnv>,
  form: F,
  read: (form: F, site: SiteContext) => PostedForm<T>,
  submit: (submission: Submission<T>) => Promise<PortalOutcome>,
): Promise<Response> {
  const { site, locale } = portalSite(c);
  await limitPortalPosts(c);
  const answer = (outcome: PortalOutcome) => redirect(c, `${new URL(c.req.url).pathname}?status=${outcome}`, 303);
  if (isRobot(form)) return answer('pending');
  const { email, fields, again } = read(form, site);
  const checked = readSubscriberEmail(email);
  if (!checked.ok) return portalPage(c, site, locale, again(checked.error), 400);
  const challenge = await turnstileAnswer(c, form);
  if (challenge === 'missing') return portalPage(c, site, locale, again(null));
  if (challenge === 'refused') return portalPage(c, site, locale, again(FORM_MESSAGES.failed), 400);
  let outcome: PortalOutcome;
  try {
    const name = siteNameFor(site, locale);
    outcome = await submit({ site, locale, address: checked.email.address, fields, request: confirmationRequest(checked.email), name });
    deliverMailLater(c);
  } catch (failure) {
    logFailure('Portal request failed', { error: String(failure), locale, path: new URL(c.req.url).pathname });
    return portalPage(c, site, locale, again(FORM_MESSAGES.failed), 503);
  }
  return answer(outcome);
}

