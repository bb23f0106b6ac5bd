/** "Load more" as a plain link to the next page (the island fetches instead), and the way back. */
import { useTranslator } from '../contexts';

export function Pagination(props: { page: number; pages: number; nextPageHref: string | null; previousPageHref: string | null; loadMore: string }) {
  const { t } = useTranslator();
  if (props.pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.page_of', { page: props.page, pages: props.pages })}>
      {props.previousPageHref ? (
        <a className="button button-secondary" href={props.previousPageHref} rel="prev">
          {t('pagination.previous')}
        </a>
      ) : null}
      {props.nextPageHref ? (
        <a className="button load-more" href={props.nextPageHref} rel="next" data-load-more={props.loadMore}>
          {t('pagination.load_more')}
        </a>
      ) : null}
    </nav>
  );
}
