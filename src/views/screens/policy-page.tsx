/** A privacy or cookie policy written in the content folder: its title, date and text. */
import { isoDate } from '#src/i18n/translate';
import { useTranslator } from '../contexts';
import { NewsroomPage } from '../components/newsroom-page';
import type { PolicyPageModel } from '#src/pages/policy';

export function PolicyPage({ model }: { model: PolicyPageModel }) {
  return (
    <NewsroomPage layout={model.layout}>
      <PolicyContent model={model} />
    </NewsroomPage>
  );
}

function PolicyContent({ model }: { model: PolicyPageModel }) {
  const { t, date } = useTranslator();
  return (
    <article className="container-narrow policy" aria-labelledby="policy-title">
      <h1 id="policy-title">{model.title}</h1>
      {model.updatedAt !== null ? (
        <p className="policy-updated">
          <time dateTime={isoDate(model.updatedAt)}>{t('policy.updated', { date: date(model.updatedAt) })}</time>
        </p>
      ) : null}
      {/* Sanitised at import (src/content/markdown.ts), like every body from the content folder. */}
      <div className="story-body policy-body" dangerouslySetInnerHTML={{ __html: model.bodyHtml }} />
    </article>
  );
}
