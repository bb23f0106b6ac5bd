/**
 * "Load more": a plain link to the next page without JavaScript; with it, the load-more island
 * (src/ui/load-more.tsx, hydrated on the first click) appends the next cards in place.
 */
import { toBcp47 } from '#src/i18n/locales';
import { urls } from '#src/i18n/urls';
import { useNewsroomContext, useTranslator } from '../contexts';
import { LoadMoreIsland, type LoadMoreProps } from '../island';
import { coverPlaceholderJson } from './cover-placeholder';

export interface LoadMoreSource {
  readonly kind: LoadMoreProps['kind'];
  /** The id of the list the island appends to. */
  readonly gridId: string;
  readonly pageSize: number;
  readonly category?: string | null;
  readonly tag?: string | null;
  readonly withHighlightedStory?: boolean;
}

export function Pagination(props: {
  page: number;
  pages: number;
  nextPageHref: string | null;
  previousPageHref: string | null;
  source: LoadMoreSource;
  /** For the logo of appended cards without a cover. */
  mediaRoot: string;
}) {
  const { t, template, locale } = useTranslator();
  const { newsroom } = useNewsroomContext();
  if (props.pages <= 1) return null;
  const { source } = props;
  const island: LoadMoreProps = {
    kind: source.kind,
    gridId: source.gridId,
    page: props.page,
    pages: props.pages,
    pageSize: source.pageSize,
    // The next page's address with its number left open, for the pages after it.
    pageHrefTemplate: props.nextPageHref ? urls.pageTemplate(props.nextPageHref) : '',
    previousPageHref: props.previousPageHref,
    localeCode: locale,
    bcp47: toBcp47(locale),
    timeZone: newsroom.timezone,
    category: source.category ?? null,
    tag: source.tag ?? null,
    withHighlightedStory: source.withHighlightedStory ?? false,
    placeholder: coverPlaceholderJson(newsroom, props.mediaRoot),
    labels: {
      pageOf: t('pagination.page_of', { page: props.page, pages: props.pages }),
      loadMore: t('pagination.load_more'),
      previous: t('pagination.previous'),
      loading: t('pagination.loading'),
      failed: t('pagination.load_failed'),
      retry: t('pagination.retry'),
      imagesCount: template('media.images_count'),
      videosCount: template('media.videos_count'),
    },
  };
  return <LoadMoreIsland {...island} />;
}
