/**
 * The two requests the portal's forms make, each stored with its confirmation mail (through
 * handlePortalPost, which guards them): a subscription, and a privacy (data) request. Their links
 * are absolute on the configured site origin (the site context's `newsroom.url`: SITE_URL, else
 * newsroom.yaml's `url`), whatever Host the post named.
 */
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import type { AppEnv } from '#src/http/app-env';
import { newMailToken } from '#src/domain/subscriber';
import type { MailMessage } from '#src/domain/mail-ports';
import { formatMessage, messagesFor, type MessageValues } from '#src/i18n/translate';
import { urls } from '#src/i18n/urls';
import type { DataRequestFields, SubscribeFields } from './forms';
import { handlePortalPost } from './post';

/** A confirmation mail in the portal's language: `{kind}.mail_subject` and `{kind}.mail_body`, filled in. */
function confirmationMail(locale: string, email: string, kind: 'subscribe' | 'data_request', values: MessageValues & { name: string }): MailMessage {
  const messages = messagesFor(locale);
  return { to: { email }, subject: formatMessage(locale, messages, `${kind}.mail_subject`, { name: values.name }), text: formatMessage(locale, messages, `${kind}.mail_body`, values) };
}

export const subscribePost = (c: Context<AppEnv>, form: z.output<typeof SubscribeFields>) =>
  handlePortalPost(
    c,
    form,
    ({ email, categories }, site) => {
      const known = new Set(site.categories.map((category) => category.id));
      const selected = categories.filter((id) => known.has(id));
      return { email, fields: selected, again: (error) => ({ kind: 'subscribe', email, error, selected }) };
    },
    async ({ site, locale, address, fields: categories, request, name }) => {
      const { subscriptions } = c.var.deps;
      const origin = site.newsroom.url;
      // A returning subscriber keeps the unsubscribe link earlier mail gave them.
      const unsubscribeToken = (await subscriptions.unsubscribeTokenOf(address, locale)) ?? newMailToken();
      await subscriptions.requestSubscription({
        ...request,
        email: address,
        locale,
        categories,
        unsubscribeToken,
        mail: confirmationMail(locale, address, 'subscribe', {
          name,
          link: urls.absolute(origin, urls.confirmSubscription(locale, site.newsroom.uuid, request.confirmToken)),
          unsubscribe: urls.absolute(origin, urls.unsubscribe(locale, site.newsroom.uuid, unsubscribeToken)),
        }),
      });
      // The same answer for a new, pending or confirmed address, and for a spent mailbox quota.
      return 'pending';
    },
  );

export const dataRequestPost = (c: Context<AppEnv>, form: z.output<typeof DataRequestFields>) =>
  handlePortalPost(
    c,
    form,
    ({ email, kind: requestKind, message }) => ({ email, fields: { requestKind, message }, again: (error) => ({ kind: 'data-request', email, error, requestKind, message }) }),
    async ({ site, locale, address, fields, request, name }) => {
      const outcome = await c.var.deps.subscriptions.requestDataRequest({
        ...request,
        email: address,
        locale,
        kind: fields.requestKind,
        message: fields.message,
        mail: confirmationMail(locale, address, 'data_request', { name, link: urls.absolute(site.newsroom.url, urls.confirmDataRequest(locale, site.newsroom.uuid, request.confirmToken)) }),
      });
      // Over the mailbox's quota the request is kept for the operators: the visitor is told so,
      // not asked to look for a mail that will not come.
      return outcome === 'mailed' ? 'pending' : 'recorded';
    },
  );

