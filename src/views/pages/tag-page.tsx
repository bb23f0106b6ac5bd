/** A tag: "Stories tagged “{tag}”", then its stories with load more, laid out as a category. */
import { Boilerplate } from '../components/layout';
import { NewsroomPage } from '../components/newsroom-page';
import { StoryList } from '../components/story-list';
import type { TagPageModel } from '../page-model';
import { useTranslator } from '../contexts';

export function TagPage({ model }: { model: TagPageModel }) {
  const { layout } = model;
  return (
    <NewsroomPage layout={layout}>
      <TagContent model={model} />
      <Boilerplate company={layout.company} />
    </NewsroomPage>
  );
}

function TagContent({ model }: { model: TagPageModel }) {
  const { t } = useTranslator();
  return (
    <section className="container category tag" aria-labelledby="tag-title">
      <header className="category-header">
        <h1 id="tag-title">{model.title}</h1>
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
        loadMore={{ tag: model.tag }}
      />
    </section>
  );
}
