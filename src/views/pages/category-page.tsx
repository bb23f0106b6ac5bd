/** A category: its translated name and description, then its stories with load more. */
import { Document } from '../document';
import { Boilerplate, Layout } from '../components/layout';
import { StoryList } from '../components/story-list';
import type { CategoryPageModel } from '../page-model';

export function CategoryPage({ model }: { model: CategoryPageModel }) {
  const { layout } = model;
  return (
    <Document
      locale={layout.context.localeCode}
      head={layout.head}
      stylesheet={layout.stylesheet}
      themeColor={layout.newsroom.theme_color}
      context={layout.context}
      siteDomains={layout.siteDomains}
    >
      <Layout layout={layout}>
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
      </Layout>
    </Document>
  );
}
