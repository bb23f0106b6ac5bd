/** The company boilerplate ("About {company}") every page ends with. */
import type { CompanyInformation } from '#src/domain/newsroom';
import { displayPhone, telHref } from '#src/domain/phone';
import { useTranslator } from '../contexts';

/** "About {company}": the boilerplate every page ends with. */
export function Boilerplate({ company }: { company: CompanyInformation | null }) {
  const { t } = useTranslator();
  if (!company || (!company.about && !company.address && !company.email && !company.phone)) return null;
  return (
    <section className="boilerplate container" aria-labelledby="boilerplate-title">
      <h2 id="boilerplate-title">{t('boilerplate.about', { name: company.name })}</h2>
      {company.about ? <div className="boilerplate-about" dangerouslySetInnerHTML={{ __html: company.about }} /> : null}
      <dl className="boilerplate-details">
        {company.address ? (
          <>
            <dt>{t('boilerplate.address')}</dt>
            <dd>{company.address}</dd>
          </>
        ) : null}
        {company.email ? (
          <>
            <dt>{t('contacts.email')}</dt>
            <dd>
              <a href={`mailto:${company.email}`}>{company.email}</a>
            </dd>
          </>
        ) : null}
        {company.phone ? (
          <>
            <dt>{t('contacts.phone')}</dt>
            <dd>
              <a href={telHref(company.phone)}>{displayPhone(company.phone)}</a>
            </dd>
          </>
        ) : null}
        {company.website ? (
          <>
            <dt>{t('contacts.website')}</dt>
            <dd>
              <a href={company.website}>{company.website.replace(/^https?:\/\//, '')}</a>
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
