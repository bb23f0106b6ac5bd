/** A grid of story cards with its "load more" link (a plain link to the next page without JavaScript). */
import { useTranslator } from '../contexts';
import type { StoryCardModel } from '../page-model';
import { StoryCard } from './story-card';

export function StoryList(props: {
  stories: readonly StoryCardModel[];
  mediaRoot: string;
  page: number;
  pages: number;
  nextPageHref: string | null;
  previousPageHref: string | null;
  /** What the load-more island fetches: the homepage grid or a category's. */
  loadMore: { category?: string | null };
}) {
  const { t } = useTranslator();
  return (
    <>
      <ul className="story-grid" id="story-grid">
        {props.stories.map((card) => (
          <li key={card.story.uuid}>
            <StoryCard card={card} mediaRoot={props.mediaRoot} />
          </li>
        ))}
      </ul>
      {props.pages > 1 ? (
        <nav className="pagination" aria-label={t('pagination.page_of', { page: props.page, pages: props.pages })}>
          {props.previousPageHref ? (
            <a className="button button-secondary" href={props.previousPageHref} rel="prev">
              {t('pagination.previous')}
            </a>
          ) : null}
          {props.nextPageHref ? (
            <a className="button load-more" href={props.nextPageHref} rel="next" data-load-more={props.loadMore.category ?? ''}>
              {t('pagination.load_more')}
            </a>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
