/** Homepage: "Latest stories" with the highlighted story, "All stories" with load more, contacts, boilerplate. */
import { useTranslator } from '../contexts';
import { Contacts } from '../components/contacts';
import { Boilerplate } from '../components/layout';
import { NewsroomPage } from '../components/newsroom-page';
import { StoryCard } from '../components/story-card';
import { StoryList } from '../components/story-list';
import type { HomePageModel } from '../page-model';

export function HomePage({ model }: { model: HomePageModel }) {
  const { layout } = model;
  return (
    <NewsroomPage layout={layout}>
      <HomeContent model={model} />
    </NewsroomPage>
  );
}

function HomeContent({ model }: { model: HomePageModel }) {
  const { t } = useTranslator();
  const { layout } = model;
  const name = layout.company?.name ?? layout.newsroom.display_name;
  return (
    <>
      <h1 className="visually-hidden">{name}</h1>
      {model.highlighted ? (
        <section className="container latest-stories" aria-labelledby="latest-stories-title">
          <h2 id="latest-stories-title" className="section-title">
            {t('homepage.latest_stories')}
          </h2>
          <StoryCard card={model.highlighted} mediaRoot={layout.mediaRoot} variant="highlighted" headingLevel={3} />
        </section>
      ) : null}
      <section className="container all-stories" aria-labelledby="all-stories-title">
        <h2 id="all-stories-title" className="section-title">
          {t('homepage.all_stories')}
        </h2>
        {model.stories.length === 0 && !model.highlighted ? <p>{t('homepage.no_stories')}</p> : null}
        <StoryList
          stories={model.stories}
          mediaRoot={layout.mediaRoot}
          page={model.page}
          pages={model.pages}
          nextPageHref={model.nextPageHref}
          previousPageHref={model.previousPageHref}
          loadMore={{ withHighlightedStory: model.withHighlightedStory }}
        />
      </section>
      <Contacts contacts={model.contacts} mediaRoot={layout.mediaRoot} />
      <Boilerplate company={layout.company} />
    </>
  );
}
