/**
 * The two requests the portal's forms make, each stored with its confirmation mail (through
 * handlePortalPost, which guards them): a subscription, and a privacy (data) request.
 */
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import type { AppEnv } from '#src/env';
import { newMailToken } from '#src/domain/subscriber';
import type { MailMessage } from '#src/domain/mail-ports';
import { formatMessage, messagesFor, type MessageValues } from '#src/i18n/translate';
import { urls } from '#src/i18n/urls';
import type { DataRequestFields, SubscribeFields } from './portal-forms';
import { handlePortalPost } from './portal-post';

/** A confirmation mail in the portal's language: `{kind}.mail_subject` and `{kind}.mail_body`, filled in. */
function confirmationMail(locale: string, to: string, kind: 'subscribe' | 'data_request', values: MessageValues & { name: string }): MailMessage {
  const messages = messagesFor(locale);
  return { to, subject: formatMessage(locale, messages, `${kind}.mail_subject`, { name: values.name }), text: formatMessage(locale, messages, `${kind}.mail_body`, values) };
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
    async ({ site, locale, address, fields: categories, request, name, origin }) => {
      const { subscriptions } = c.var.deps;
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
    },
  );

export const dataRequestPost = (c: Context<AppEnv>, form: z.output<typeof DataRequestFields>) =>
  handlePortalPost(
    c,
    form,
    ({ email, kind: requestKind, message }) => ({ email, fields: { requestKind, message }, again: (error) => ({ kind: 'data-request', email, error, requestKind, message }) }),
    async ({ site, locale, address, fields, request, name, origin }) => {
      await c.var.deps.subscriptions.requestDataRequest({
        ...request,
        email: address,
        locale,
        kind: fields.requestKind,
        message: fields.message,
        mail: confirmationMail(locale, address, 'data_request', { name, link: urls.absolute(origin, urls.confirmDataRequest(locale, site.newsroom.uuid, request.confirmToken)) }),
      });
    },
  );

