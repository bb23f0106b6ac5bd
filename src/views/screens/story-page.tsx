/** A story: title, subtitle, date, categories, cover, body, author, translations, boilerplate. */
import { isoDate } from '#src/i18n/translate';
import { resolveBodyMedia } from '#src/domain/media/payload-addresses';
import { useTranslator } from '../contexts';
import { ResponsiveImage } from '../components/image';
import { ArchiveLink } from '../components/archive-link';
import { PageTools } from '../components/page-tools';
import { Contacts } from '../components/contacts';
import { ImageCredit } from '../components/image-credit';
import { imageRightsOf } from '#src/domain/image-rights';
import { Boilerplate } from '../components/boilerplate';
import { NewsroomPage } from '../components/newsroom-page';
import { StoryCard } from '../components/story-card';
import { CategoryLinks } from '#src/ui/cards';
import { SecretLinkNotice } from '#src/views/components/secret-link-notice';
import { InquiryForm } from '#src/views/components/inquiry-form';
import type { StoryArticleModel, StoryNoticeModel, StoryPageModel } from '#src/pages/story';

export function StoryPage({ model }: { model: StoryPageModel }) {
  const { layout } = model;
  return (
    <NewsroomPage layout={layout}>
      {model.notice ? <SharedStoryNotice notice={model.notice} /> : null}
      <StoryContent model={model} />
      <InquiryForm form={model.inquiry} />
      <RelatedStories model={model} />
      <Boilerplate company={layout.company} />
    </NewsroomPage>
  );
}

/** The story itself: its article and its own press contacts (also the editor's preview). */
export function StoryContent({ model }: { model: StoryArticleModel }) {
  return (
    <>
      <StoryArticle model={model} />
      <Contacts contacts={model.contacts} mediaRoot={model.layout.mediaRoot} title="contacts.media_title" />
    </>
  );
}

/** The banner of a secret-link page: what the reader may do with the story, and until when. */
function SharedStoryNotice({ notice }: { notice: StoryNoticeModel }) {
  const { t } = useTranslator();
  const when = { date: notice.date, time: notice.time, zone: notice.zone };
  const [title, body] =
    notice.kind === 'embargo'
      ? [t('shared.embargo_title', when), t('shared.embargo_body')]
      : notice.kind === 'preview'
        ? [t('shared.preview_title'), t('shared.preview_body', when)]
        : [t('shared.private_title'), t('shared.private_body')];
  const link = notice.journalistPage ? { href: notice.journalistPage, text: t('press_page.title') } : null;
  return <SecretLinkNotice kind={notice.kind} label={t('shared.notice_label')} title={title} body={body} link={link} />;
}

function RelatedStories({ model }: { model: StoryPageModel }) {
  const { t } = useTranslator();
  if (model.related.length === 0) return null;
  return (
    <section className="container related-stories" aria-labelledby="related-title">
      <h2 id="related-title" className="section-title">
        {t('related.title')}
      </h2>
      <ul className="story-grid">
        {model.related.map((card) => (
          <li key={card.story.uuid}>
            <StoryCard card={card} mediaRoot={model.layout.mediaRoot} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function StoryArticle({ model }: { model: StoryArticleModel }) {
  const { t, date } = useTranslator();
  const { story, layout } = model;
  const otherLanguages = layout.languages.filter((language) => !language.isCurrent);
  const caption = story.cover?.['prezly:data']?.caption;
  const coverRights = story.cover ? imageRightsOf(story.cover) : null;
  return (
    <article className="story container-narrow">
      <header className="story-header">
        <CategoryLinks className="story-categories" categories={model.categories} />
        <h1 className="story-title">{story.title}</h1>
        {story.subtitle ? <p className="story-subtitle">{story.subtitle}</p> : null}
        <p className="story-meta">
          <time dateTime={isoDate(story.published_at)}>{t('story.published_on', { date: date(story.published_at) })}</time>
          {story.author ? <span className="story-author">{t('story.by_author', { name: story.author.display_name })}</span> : null}
        </p>
        {otherLanguages.length > 0 ? (
          <nav className="story-translations" aria-label={t('story.translations')}>
            <span>{t('story.translations')}:</span>{' '}
            <ul>
              {otherLanguages.map((language) => (
                <li key={language.code}>
                  <a href={language.href} hrefLang={language.code} lang={language.code}>
                    {language.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      {story.cover ? (
        <figure className="story-cover">
          <ResponsiveImage image={story.cover} mediaRoot={model.filesRoot ?? layout.mediaRoot} width={1200} sizes="(max-width: 1240px) 100vw, 1200px" alt={caption ?? ''} eager />
          {caption || coverRights?.credit || coverRights?.licence ? (
            <figcaption>
              {caption ? <span className="image-caption">{caption}</span> : null}
              {caption ? ' ' : null}
              <ImageCredit rights={coverRights!} />
            </figcaption>
          ) : null}
        </figure>
      ) : null}
      {story.summary ? <p className="story-summary">{story.summary}</p> : null}
      <div className="story-body" dangerouslySetInnerHTML={{ __html: resolveBodyMedia(story.body_html, model.filesRoot ?? layout.mediaRoot) }} />
      {model.archive ? <ArchiveLink href={model.archive.href} bytes={model.archive.bytes} className="story-download-all" /> : null}
      {/* A secret-link page offers neither: its address must not travel, and browsers print the
          address in a page's margin. */}
      <PageTools shareBar={model.shareBar} printable={model.shareBar !== null} />
      {model.tags.length > 0 ? (
        <ul className="story-tags">
          {model.tags.map((tag) => (
            <li key={tag.name}>{tag.href ? <a href={tag.href}>{tag.name}</a> : tag.name}</li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
