/**
 * The privacy portal: subscribe (double opt-in), unsubscribe and data-request forms and outcomes;
 * and a journalist leaving the media list from a press mail, a page of the same kind.
 */
import { SubscribeDisclaimer } from '../components/subscribe-disclaimer';
import { DATA_REQUEST_KINDS } from '#src/domain/subscriber';
import type { MessageId } from '#src/i18n/translate';
import { useTranslator } from '#src/views/contexts';
import { Honeypot } from '#src/views/components/honeypot';
import { TurnstileWidget } from '#src/views/components/turnstile-widget';
import { InquiryForm } from '#src/views/components/inquiry-form';
import { NewsroomPage } from '#src/views/components/newsroom-page';
import type { PortalPageModel } from '#src/pages/privacy-portal';

export function PrivacyPortalPage({ model }: { model: PortalPageModel }) {
  const { layout } = model;
  return (
    <NewsroomPage layout={layout}>
      <section className="container-narrow privacy" aria-labelledby="privacy-title">
        <h1 id="privacy-title">{model.title}</h1>
        <PrivacyContent model={model} />
      </section>
    </NewsroomPage>
  );
}

function Notice({ id, tone = 'success' }: { id: MessageId; tone?: 'success' | 'error' }) {
  const { t } = useTranslator();
  return (
    <p className={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {t(id)}
    </p>
  );
}

function EmailField({ value, error }: { value: string; error: MessageId | null }) {
  const { t } = useTranslator();
  // The failure message is about the form, not the field; only field errors mark the field.
  const fieldError = error && error !== 'form.error.failed' ? error : null;
  return (
    <div className="field">
      <label htmlFor="privacy-email">{t('subscribe.email_label')}</label>
      <input
        id="privacy-email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        defaultValue={value}
        aria-invalid={fieldError ? 'true' : undefined}
        aria-describedby={fieldError ? 'privacy-email-error' : undefined}
      />
      {fieldError ? (
        <p id="privacy-email-error" className="field-error">
          {t(fieldError)}
        </p>
      ) : null}
    </div>
  );
}

/** A mailed link's page: one button, so only a person (not a link scanner) confirms. */
function ConfirmForm({ action, intro, submit }: { action: string; intro: string; submit: string }) {
  return (
    <form method="post" action={action} className="privacy-form">
      <p>{intro}</p>
      <button type="submit" className="button">
        {submit}
      </button>
    </form>
  );
}

function PrivacyContent({ model }: { model: PortalPageModel }) {
  const { t } = useTranslator();
  const { view } = model;
  switch (view.kind) {
    case 'inquiry':
      return <InquiryForm form={view.form} heading={false} />;
    case 'subscribe':
      return (
        <>
          <p>{t('subscribe.intro')}</p>
          {view.error === 'form.error.failed' ? <Notice id="form.error.failed" tone="error" /> : null}
          <form method="post" action={model.action} className="privacy-form" noValidate data-island="subscribe-form">
            <EmailField value={view.email} error={view.error} />
            <Honeypot idPrefix="privacy" />
            <TurnstileWidget siteKey={model.turnstileSiteKey} locale={model.layout.context.localeCode} />
            {model.categories.length > 0 ? (
              <fieldset className="field">
                <legend>{t('subscribe.categories_legend')}</legend>
                {model.categories.map((category) => (
                  <label key={category.id} className="checkbox">
                    <input type="checkbox" name="categories" value={category.id} defaultChecked={view.selected.includes(category.id)} /> {category.name}
                  </label>
                ))}
              </fieldset>
            ) : null}
            <button type="submit" className="button">
              {t('subscribe.submit')}
            </button>
            <SubscribeDisclaimer privacyPolicyHref={model.layout.policyLinks.privacy} />
          </form>
        </>
      );
    case 'pending':
      return <Notice id="subscribe.pending" />;
    case 'confirm-subscription':
      return <ConfirmForm action={model.action} intro={t('subscribe.confirm_intro', { name: model.companyName })} submit={t('subscribe.confirm_submit')} />;
    case 'confirmed':
      return <Notice id="subscribe.confirmed" />;
    case 'invalid':
      return <Notice id="subscribe.invalid_link" tone="error" />;
    case 'unsubscribe':
      return (
        <form method="post" action={model.action} className="privacy-form">
          <p>{t('unsubscribe.question', { email: view.email })}</p>
          <button type="submit" className="button">
            {t('unsubscribe.submit')}
          </button>
        </form>
      );
    case 'unsubscribed':
      return <Notice id="unsubscribe.done" />;
    case 'data-request':
      return (
        <>
          <p>{t('data_request.intro')}</p>
          {view.error === 'form.error.failed' ? <Notice id="form.error.failed" tone="error" /> : null}
          <form method="post" action={model.action} className="privacy-form" noValidate>
            <EmailField value={view.email} error={view.error} />
            <Honeypot idPrefix="privacy" />
            <TurnstileWidget siteKey={model.turnstileSiteKey} locale={model.layout.context.localeCode} />
            <div className="field">
              <label htmlFor="privacy-kind">{t('data_request.kind_label')}</label>
              <select id="privacy-kind" name="kind" defaultValue={view.requestKind}>
                {DATA_REQUEST_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`data_request.kind.${kind}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="privacy-message">{t('data_request.message_label')}</label>
              <textarea id="privacy-message" name="message" rows={5} maxLength={5000} defaultValue={view.message} />
            </div>
            <button type="submit" className="button">
              {t('data_request.submit')}
            </button>
          </form>
        </>
      );
    case 'data-request-pending':
      return <Notice id="data_request.pending" />;
    case 'data-request-recorded':
      return <Notice id="data_request.recorded" />;
    case 'confirm-data-request':
      return <ConfirmForm action={model.action} intro={t('data_request.confirm_intro')} submit={t('data_request.confirm_submit')} />;
    case 'received':
      return <Notice id="data_request.received" />;
    case 'leave-media-list':
      return <ConfirmForm action={model.action} intro={t('press_leave.question', { name: model.companyName, email: view.email })} submit={t('press_leave.title')} />;
    case 'left-media-list':
      return (
        <p className="notice notice-success" role="status">
          {t('press_leave.done', { name: model.companyName })}
        </p>
      );
  }
}
