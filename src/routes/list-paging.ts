/** The paging part of a list page's model: where the page stands, and its neighbours' addresses. */
import type { Paging } from '#src/domain/paging';

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
