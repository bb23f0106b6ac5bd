/** A category: its translated name and description, then its stories with load more. */
import { Boilerplate } from '../components/layout';
import { NewsroomPage } from '../components/newsroom-page';
import { StoryList } from '../components/story-list';
import type { CategoryPageModel } from '../page-model';
import { useTranslator } from '../contexts';

export function CategoryPage({ model }: { model: CategoryPageModel }) {
  const { layout } = model;
  return (
    <NewsroomPage layout={layout}>
      <CategoryContent model={model} />
      <Boilerplate company={layout.company} />
    </NewsroomPage>
  );
}

function CategoryContent({ model }: { model: CategoryPageModel }) {
  const { t } = useTranslator();
  return (
    <section className="container category" aria-labelledby="category-title">
      <header className="category-header">
        <h1 id="category-title">{model.name}</h1>
        {model.description ? <p className="category-description">{model.description}</p> : null}
      </header>
      {/* The cards' headings are h3: this keeps the outline one level at a time. */}
      <h2 className="visually-hidden">{t('homepage.all_stories')}</h2>
      <StoryList
        stories={model.stories}
        mediaRoot={model.layout.mediaRoot}
        page={model.page}
        pages={model.pages}
        nextPageHref={model.nextPageHref}
        previousPageHref={model.previousPageHref}
        loadMore={{ category: model.slug }}
      />
    </section>
  );
}
