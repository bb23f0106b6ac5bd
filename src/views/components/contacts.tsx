/** Press contacts as cards: "Contact us" on the home page, a story's own "Media contacts". */
import { Fragment } from 'react';
import type { Contact } from '#src/domain/contact';
import { urls } from '#src/i18n/urls';
import { useTranslator } from '../contexts';
import { ResponsiveImage } from './image';
import { displayPhone, telHref } from '#src/domain/phone';

/**
 * An e-mail address that may wrap only at its natural joints (before `@` and each `.`), never in
 * the middle of a word: `<wbr>` marks those places.
 */
function BreakableAddress({ address }: { address: string }) {
  const parts = address.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

export function Contacts(props: { contacts: readonly Contact[]; mediaRoot: string; title?: 'contacts.title' | 'contacts.media_title' }) {
  const { t } = useTranslator();
  if (props.contacts.length === 0) return null;
  return (
    <section className="contacts container" aria-labelledby="contacts-title">
      <h2 id="contacts-title">{t(props.title ?? 'contacts.title')}</h2>
      <ul className={`contacts-list contacts-list-${Math.min(props.contacts.length, 3)}`}>
        {props.contacts.map((contact) => (
          <li key={contact.key} className="contact-card" id={`contact-${contact.key}`}>
            {contact.avatar ? (
              <ResponsiveImage className="contact-avatar" image={contact.avatar} mediaRoot={props.mediaRoot} width={96} sizes="96px" alt="" />
            ) : null}
            <div>
              <h3 className="contact-name">{contact.name}</h3>
              {contact.description || contact.company ? (
                <p className="contact-role">{[contact.description, contact.company].filter(Boolean).join(', ')}</p>
              ) : null}
              <dl className="contact-details">
                {contact.email ? (
                  <>
                    <dt>{t('contacts.email')}</dt>
                    <dd>
                      <a href={`mailto:${contact.email}`}>
                        <BreakableAddress address={contact.email} />
                      </a>
                    </dd>
                  </>
                ) : null}
                {contact.phone ? (
                  <>
                    <dt>{t('contacts.phone')}</dt>
                    <dd>
                      <a href={telHref(contact.phone)}>{displayPhone(contact.phone)}</a>
                    </dd>
                  </>
                ) : null}
                {contact.mobile ? (
                  <>
                    <dt>{t('contacts.mobile')}</dt>
                    <dd>
                      <a href={telHref(contact.mobile)}>{displayPhone(contact.mobile)}</a>
                    </dd>
                  </>
                ) : null}
                {contact.website ? (
                  <>
                    <dt>{t('contacts.website')}</dt>
                    <dd>
                      <a href={contact.website}>{contact.website.replace(/^https?:\/\//, '')}</a>
                    </dd>
                  </>
                ) : null}
              </dl>
              <p className="contact-vcard">
                <a href={urls.contactCard(contact.key)} download>
                  {t('contacts.vcard', { name: contact.name })}
                </a>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
