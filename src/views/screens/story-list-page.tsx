/** A page that is a titled list of stories with load more: a category, a tag. */
import type { ComponentProps } from 'react';
import { Boilerplate } from '../components/boilerplate';
import { NewsroomPage } from '../components/newsroom-page';
import { StoryList } from '../components/story-list';
import type { LayoutModel, StoryCardModel } from '#src/pages/model';
import { useTranslator } from '../contexts';
import type { ListPagingModel } from '#src/pages/paged-list';

export interface StoryListPageProps extends ListPagingModel {
  readonly layout: LayoutModel;
  /** `category` or `tag`: the section's class and its heading's id. */
  readonly kind: 'category' | 'tag';
  readonly title: string;
  readonly description: string;
  readonly stories: readonly StoryCardModel[];
  readonly loadMore: ComponentProps<typeof StoryList>['loadMore'];
}

export function StoryListPage(props: StoryListPageProps) {
  return (
    <NewsroomPage layout={props.layout}>
      <StoryListContent {...props} />
      <Boilerplate company={props.layout.company} />
    </NewsroomPage>
  );
}

function StoryListContent(props: StoryListPageProps) {
  const { t } = useTranslator();
  const titleId = `${props.kind}-title`;
  return (
    <section className={props.kind === 'category' ? 'container category' : 'container category tag'} aria-labelledby={titleId}>
      <header className="category-header">
        <h1 id={titleId}>{props.title}</h1>
        {props.description ? <p className="category-description">{props.description}</p> : null}
      </header>
      {/* The cards' headings are h3: this keeps the outline one level at a time. */}
      <h2 className="visually-hidden">{t('homepage.all_stories')}</h2>
      <StoryList
        stories={props.stories}
        mediaRoot={props.layout.mediaRoot}
        page={props.page}
        pages={props.pages}
        nextPageHref={props.nextPageHref}
        previousPageHref={props.previousPageHref}
        loadMore={props.loadMore}
      />
    </section>
  );
}
