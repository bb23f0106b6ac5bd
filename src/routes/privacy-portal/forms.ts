/**
 * What the portal reads from a request, as schemas (src/http/validate.ts): its forms' fields, each with
 * a fallback, so a form missing a field is shown again with the domain's message for it, and the
 * `?status=` a redirect leaves.
 */
import * as z from 'zod/mini';
import { DATA_REQUEST_KINDS, HONEYPOT_FIELD } from '#src/domain/subscriber';
import { TURNSTILE_RESPONSE_FIELD } from '#src/domain/turnstile';
import { firstValue, formBody, formText, validate, wrongAddress } from '#src/http/validate';

const MAX_MESSAGE_LENGTH = 5000;

/** What both portal forms carry besides their own fields: the honeypot and Turnstile's token. */
const GUARD_FIELDS = { [HONEYPOT_FIELD]: formText, [TURNSTILE_RESPONSE_FIELD]: formText };
export type Guarded = { readonly [HONEYPOT_FIELD]: string; readonly [TURNSTILE_RESPONSE_FIELD]: string };

export const SubscribeFields = z.object({
  email: formText,
  // The chosen ids as numbers: the handler keeps the newsroom's own.
  categories: z.transform((value: unknown) => [value ?? []].flat().map(Number)),
  ...GUARD_FIELDS,
});
export const DataRequestFields = z.object({
  email: formText,
  kind: z.catch(firstValue(z.enum(DATA_REQUEST_KINDS)), 'other'),
  message: z.pipe(formText, z.transform((message: string) => message.slice(0, MAX_MESSAGE_LENGTH))),
  ...GUARD_FIELDS,
});

/** The portal's own state after a redirect (`?status=pending`); anything else shows the form. */
export const statusQuery = validate('query', z.object({ status: firstValue(z.optional(z.string())) }), wrongAddress);

/** "Ask the press office" (./inquiry.ts): the journalist's fields and the page the form is on. */
export const InquiryFields = z.object({
  from: formText,
  name: formText,
  email: formText,
  outlet: formText,
  subject: formText,
  message: formText,
  deadline: formText,
  ...GUARD_FIELDS,
});

export const subscribeForm = formBody(SubscribeFields);
export const inquiryForm = formBody(InquiryFields);
export const dataRequestForm = formBody(DataRequestFields);
/** The unsubscribe button's form, or a mail client's RFC 8058 one-click post. */
export const unsubscribeForm = formBody(z.object({ 'List-Unsubscribe': formText }));
