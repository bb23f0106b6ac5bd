/** A grid of story cards with its "load more" link (a plain link to the next page without JavaScript). */
import { DEFAULT_PAGE_SIZE } from '#src/domain/paging';
import type { StoryCardModel } from '#src/pages/model';
import { Pagination } from './pagination';
import { StoryCard } from './story-card';

export function StoryList(props: {
  stories: readonly StoryCardModel[];
  mediaRoot: string;
  page: number;
  pages: number;
  nextPageHref: string | null;
  previousPageHref: string | null;
  /** What load more fetches: the homepage grid (below its highlighted story), a category's or a tag's. */
  loadMore: { category?: string | null; tag?: string | null; withHighlightedStory?: boolean };
}) {
  return (
    <>
      <ul className="story-grid" id="story-grid">
        {props.stories.map((card) => (
          <li key={card.story.uuid}>
            <StoryCard card={card} mediaRoot={props.mediaRoot} />
          </li>
        ))}
      </ul>
      <Pagination
        page={props.page}
        pages={props.pages}
        nextPageHref={props.nextPageHref}
        previousPageHref={props.previousPageHref}
        mediaRoot={props.mediaRoot}
        source={{ kind: 'stories', gridId: 'story-grid', pageSize: DEFAULT_PAGE_SIZE, ...props.loadMore }}
      />
    </>
  );
}
