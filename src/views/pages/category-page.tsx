/** A category: its translated name and description, then its stories with load more. */
import { Boilerplate } from '../components/layout';
import { NewsroomPage } from '../components/newsroom-page';
import { StoryList } from '../components/story-list';
import type { CategoryPageModel } from '../page-model';

export function CategoryPage({ model }: { model: CategoryPageModel }) {
  const { layout } = model;
  return (
    <NewsroomPage layout={layout}>
      <section className="container category" aria-labelledby="category-title">
        <header className="category-header">
          <h1 id="category-title">{model.name}</h1>
          {model.description ? <p className="category-description">{model.description}</p> : null}
        </header>
        <StoryList
          stories={model.stories}
          mediaRoot={layout.mediaRoot}
          page={model.page}
          pages={model.pages}
          nextPageHref={model.nextPageHref}
          previousPageHref={model.previousPageHref}
          loadMore={{ category: model.slug }}
        />
      </section>
      <Boilerplate company={layout.company} />
    </NewsroomPage>
  );
}
