/**
 * Not-found and server-error pages. They render with whatever is known: with the newsroom they
 * keep the header and footer; without it (nothing imported, or the database down) they are bare.
 */
import { Document } from '../document';
import { createTranslator } from '#src/i18n/translate';
import { Layout } from '../components/layout';
import type { LayoutModel } from '#src/pages/model';
import type { HeadModel } from '#src/pages/head';

export interface ErrorPageModel {
  readonly status: 404 | 500;
  readonly locale: string;
  readonly layout: LayoutModel | null;
  readonly homeHref: string;
}

export function ErrorPage({ model }: { model: ErrorPageModel }) {
  const { t } = createTranslator(model.locale);
  const title = t(model.status === 404 ? 'error.not_found.title' : 'error.server.title');
  const content = (
    <section className="error-page container-narrow">
      <h1>{title}</h1>
      <p>{t(model.status === 404 ? 'error.not_found.body' : 'error.server.body')}</p>
      <p>
        <a className="button" href={model.homeHref}>
          {t('error.back_home')}
        </a>
      </p>
    </section>
  );
  const head: HeadModel = { title, description: '', canonical: '', alternates: [], indexable: false };
  if (!model.layout) {
    return (
      <Document locale={model.locale} head={head}>
        <main id="main" className="main">
          {content}
        </main>
      </Document>
    );
  }
  return (
    <Document locale={model.locale} head={head} context={model.layout.context} siteDomains={model.layout.siteDomains} client={model.layout.client} status={model.status}>
      <Layout layout={model.layout}>{content}</Layout>
    </Document>
  );
}
