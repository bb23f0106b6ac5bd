/**
 * A journalist's own page (src/pages/journalist-page.ts): the releases shared with them that are
 * not public yet, each with its state, its release time in their zone and the newsroom's, and its
 * calendar file; those public now; their settings, and the way to leave the media list.
 */
import type { SharedStoryNotice } from '#src/domain/publishing';
import type { MessageId } from '#src/i18n/translate';
import type { JournalistPageModel, PendingReleaseModel } from '#src/pages/journalist-page';
import { NewsroomPage } from '#src/views/components/newsroom-page';
import { useTranslator } from '#src/views/contexts';

/** The state a release is in, as its secret page's notice names it. */
const STATE_TITLES: Readonly<Record<Exclude<SharedStoryNotice, 'embargo'>, MessageId>> = {
  'not-for-publication': 'shared.private_title',
  preview: 'shared.preview_title',
};

export function JournalistPage({ model }: { model: JournalistPageModel }) {
  return (
    <NewsroomPage layout={model.layout}>
      <section className="container-narrow journalist-page" aria-labelledby="journalist-page-title">
        <h1 id="journalist-page-title">{model.title}</h1>
        <Intro model={model} />
        <PendingReleases model={model} />
        <ReleasedStories model={model} />
        <Settings model={model} />
      </section>
    </NewsroomPage>
  );
}

/** Inside the page's contexts (NewsroomPage provides the translator). */
function Intro({ model }: { model: JournalistPageModel }) {
  const { t } = useTranslator();
  return <p>{t('press_page.intro', { name: model.journalistName, newsroom: model.newsroomName })}</p>;
}

function PendingReleases({ model }: { model: JournalistPageModel }) {
  const { t } = useTranslator();
  return (
    <section aria-labelledby="journalist-pending-title">
      <h2 id="journalist-pending-title">{t('press_page.pending_title')}</h2>
      {model.pending.length === 0 ? (
        <p>{t('press_page.none_pending')}</p>
      ) : (
        <ul className="journalist-releases">
          {model.pending.map((release) => (
            <PendingRelease key={release.href} release={release} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PendingRelease({ release }: { release: PendingReleaseModel }) {
  const { t } = useTranslator();
  const state = release.notice === 'embargo' ? t('shared.embargo_title', { ...release.own }) : t(STATE_TITLES[release.notice]);
  return (
    <li className={`journalist-release share-notice-${release.notice}`}>
      <p>
        <a href={release.href} lang={release.locale}>
          <strong>{release.title}</strong>
        </a>
      </p>
      <p>{state}</p>
      {release.notice === 'embargo' && release.newsroom ? <p>{t('press_mail.newsroom_time', { ...release.newsroom })}</p> : null}
      {release.calendarHref ? (
        <p>
          <a href={release.calendarHref} type="text/calendar" download>
            {t('press_page.calendar')}
          </a>
        </p>
      ) : null}
    </li>
  );
}

function ReleasedStories({ model }: { model: JournalistPageModel }) {
  const { t } = useTranslator();
  if (model.released.length === 0) return null;
  return (
    <section aria-labelledby="journalist-released-title">
      <h2 id="journalist-released-title">{t('press_page.public_title')}</h2>
      <ul className="journalist-releases">
        {model.released.map((story) => (
          <li key={story.href}>
            <a href={story.href} lang={story.locale}>
              {story.title}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Settings({ model }: { model: JournalistPageModel }) {
  const { t } = useTranslator();
  const { settings } = model;
  return (
    <section aria-labelledby="journalist-settings-title">
      <h2 id="journalist-settings-title">{t('press_page.settings_title')}</h2>
      <dl className="journalist-settings">
        <dt>{t('site.language_switcher')}</dt>
        <dd>{settings.language}</dd>
        <dt>{t('press_page.time_zone')}</dt>
        <dd>{settings.timeZone ?? t('press_page.time_zone_newsroom', { zone: settings.newsroomZone })}</dd>
      </dl>
      <p>{t('press_page.settings_note')}</p>
      <p>
        <a href={model.leaveHref}>{t('press_leave.title')}</a>
      </p>
    </section>
  );
}
