/** The frame of every newsroom page: skip link, notices, header, main, footer and the consent bar. */
import type { ReactNode } from 'react';
import { useTranslator } from '../contexts';
import type { LayoutModel } from '#src/pages/model';
import { ConsentBar, useAsksConsent } from './consent-bar';
import { Footer } from './footer';
import { Header } from './header';
import { Notifications } from './notifications';

export function Layout(props: { layout: LayoutModel; children: ReactNode }) {
  const { t } = useTranslator();
  const asksConsent = useAsksConsent();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('site.skip_to_content')}
      </a>
      <Notifications notifications={props.layout.notifications} />
      <Header layout={props.layout} />
      <main id="main" className="main">
        {props.children}
      </main>
      <Footer layout={props.layout} />
      {asksConsent ? <ConsentBar policyLinks={props.layout.policyLinks} /> : null}
    </>
  );
}
