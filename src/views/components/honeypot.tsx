/**
 * The form field people never see: off screen, out of the tab order and hidden from assistive
 * technology; robots that fill every field fill it too (src/routes/privacy-portal/post.ts ignores their post).
 */
import { HONEYPOT_FIELD } from '#src/domain/subscriber';
import { useTranslator } from '../contexts';

export function Honeypot({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslator();
  const id = `${idPrefix}-${HONEYPOT_FIELD}`;
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>{t('form.honeypot_label')}</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
