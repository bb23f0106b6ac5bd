/**
 * "Ask the press office" (docs/decisions/0054-the-inquiry-inbox.md): a plain form (it needs no
 * JavaScript) that posts to the portal's inquiry address and comes back to its page at
 * `#inquiry-sent`, whose notice only the fragment shows. On the portal's inquiry page it is shown
 * again with the journalist's values and the messages of what was wrong.
 */
import type { InquiryField } from '#src/domain/inquiry';
import type { MessageId } from '#src/i18n/translate';
import { INQUIRY_SENT_FRAGMENT, type InquiryFormModel } from '#src/pages/inquiry-form';
import { useTranslator } from '../contexts';
import { Honeypot } from './honeypot';
import { TurnstileWidget } from './turnstile-widget';

const LABELS: Record<InquiryField, MessageId> = {
  name: 'inquiry.name_label',
  email: 'inquiry.email_label',
  outlet: 'inquiry.outlet_label',
  subject: 'inquiry.subject_label',
  message: 'inquiry.message_label',
  deadline: 'inquiry.deadline_label',
};

function Field({ form, field, type = 'text', required = false, max }: { form: InquiryFormModel; field: InquiryField; type?: string; required?: boolean; max?: number }) {
  const { t } = useTranslator();
  const id = `inquiry-${field}`;
  const error = form.errors[field];
  const common = {
    id,
    name: field,
    required,
    defaultValue: form.values[field],
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    ...(max ? { maxLength: max } : {}),
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {t(LABELS[field])}
        {required ? null : ` ${t('inquiry.optional')}`}
      </label>
      {type === 'textarea' ? <textarea rows={6} {...common} /> : <input type={type} {...common} {...(type === 'email' ? { autoComplete: 'email', inputMode: 'email' as const } : {})} />}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

export function InquiryForm({ form, heading = true }: { form: InquiryFormModel; heading?: boolean }) {
  const { t, locale } = useTranslator();
  return (
    <section className="container-narrow inquiry" aria-labelledby="inquiry-title">
      {heading ? (
        <h2 id="inquiry-title" className="section-title">
          {t('inquiry.title')}
        </h2>
      ) : (
        <span id="inquiry-title" hidden>
          {t('inquiry.title')}
        </span>
      )}
      <p id={INQUIRY_SENT_FRAGMENT} className="notice notice-success inquiry-sent" role="status" tabIndex={-1}>
        {t('inquiry.sent')}
      </p>
      <p>{t('inquiry.intro')}</p>
      {form.failed ? (
        <p className="notice notice-error" role="alert">
          {t('form.error.failed')}
        </p>
      ) : null}
      <form method="post" action={form.action} className="privacy-form" noValidate>
        <input type="hidden" name="from" value={form.from} />
        <Field form={form} field="name" required max={form.limits.name} />
        <Field form={form} field="email" type="email" required />
        <Field form={form} field="outlet" max={form.limits.outlet} />
        <Field form={form} field="subject" required max={form.limits.subject} />
        <Field form={form} field="message" type="textarea" required max={form.limits.message} />
        <Field form={form} field="deadline" type="date" />
        <Honeypot idPrefix="inquiry" />
        <TurnstileWidget siteKey={form.turnstileSiteKey} locale={locale} />
        <button type="submit" className="button">
          {t('inquiry.submit')}
        </button>
      </form>
    </section>
  );
}
