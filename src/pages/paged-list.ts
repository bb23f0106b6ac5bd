/**
 * The skeleton every paged list page shares (the homepage, a category, a tag, the media index):
 * page size, where the page stands, one query for its items, the neighbours' addresses and the
 * layout at the page's own address. Each kind says only what differs: how to count, how to fetch,
 * where a page lives and what its layout says.
 */
import type { Deps } from '#src/deps';
import { paginate, type Paging } from '#src/domain/paging';
import type { SiteContext } from '#src/domain/ports';
import type { LayoutModel } from './model';
import { buildLayout, type LayoutInput } from './layout';

export interface ListPagingModel {
  readonly page: number;
  readonly pages: number;
  readonly nextPageHref: string | null;
  readonly previousPageHref: string | null;
}

/** @param href the list's address of a page number (a `urls` function, which adds `?page=`). */
export function listPaging(paging: Paging, href: (page: number) => string): ListPagingModel {
  return {
    page: paging.page,
    pages: paging.pages,
    nextPageHref: paging.nextPage === null ? null : href(paging.nextPage),
    previousPageHref: paging.previousPage === null ? null : href(paging.previousPage),
  };
}

/** Which page of which list, for whom: what every list page is asked. */
export interface ListRequest {
  readonly deps: Deps;
  readonly site: SiteContext;
  readonly locale: string;
  readonly page: number;
}

export interface PagedListInput<List> {
  readonly pageSize: number;
  /**
   * The list's length from the counts kept at import and go-live, checked before any query (a page
   * far past the end costs nothing); null when only the fetched list knows it (a tag's stories).
   */
  readonly total: number | null;
  /** A highlighted story above the grid, not counted in the grid's pages (the homepage). */
  readonly withHighlightedStory?: boolean;
  readonly fetch: (page: number, pageSize: number) => Promise<List>;
  /** The list's length, when `total` is null. */
  readonly totalOf?: (list: List) => number;
  /** Called with the fetched list, before paging: a kind's own refusals (an empty tag, another spelling). */
  readonly check?: (list: List) => void;
  /** The list's address of a page number. */
  readonly href: (page: number) => string;
  /** What the page's layout says besides its address (it may depend on the list: a tag's languages). */
  readonly layout: (list: List) => Omit<LayoutInput, 'site' | 'config' | 'locale' | 'path'>;
}

export interface PagedList<List> extends ListPagingModel {
  readonly layout: LayoutModel;
  readonly list: List;
}

export async function loadPagedList<List>(request: ListRequest, input: PagedListInput<List>): Promise<PagedList<List>> {
  const { page } = request;
  const { pageSize } = input;
  const counted = input.total === null ? null : paginate({ page, pageSize, total: input.total, withHighlightedStory: input.withHighlightedStory });
  const list = await input.fetch(page, pageSize);
  input.check?.(list);
  const paging = counted ?? paginate({ page, pageSize, total: input.totalOf?.(list) ?? 0, withHighlightedStory: input.withHighlightedStory });
  return {
    layout: buildLayout({ ...input.layout(list), site: request.site, config: request.deps.config, locale: request.locale, path: input.href(page) }),
    list,
    ...listPaging(paging, input.href),
  };
}
