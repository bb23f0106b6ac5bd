/** Page sizes, the load-more rule and where a page of a list stands (docs/spec-coverage.md sections 4 and 9). */
import { NotFoundError } from './errors';

export const DEFAULT_PAGE_SIZE = 12;
export const GALLERY_PAGE_SIZE = 6;
/** Load-more requests may ask for more per page, never more than this. */
export const MAX_PAGE_SIZE = 48;

/**
 * Load more is available while the current page is below the number of pages. A highlighted
 * story shown above the grid is not part of the grid, so it does not count.
 */
export function canLoadMore(input: { page: number; pageSize: number; total: number; withHighlightedStory: boolean }): boolean {
  const listed = input.total - (input.withHighlightedStory ? 1 : 0);
  return input.page < Math.ceil(listed / input.pageSize);
}

/**
 * How many pages a list has: at least one (an empty list still has its first page). Pages check
 * the page asked for against this, from counts kept at import and go-live, before any query: a
 * page number far past the end costs nothing.
 */
export function pageCount(input: { total: number; pageSize: number; withHighlightedStory?: boolean }): number {
  return Math.max(1, Math.ceil((input.total - (input.withHighlightedStory ? 1 : 0)) / input.pageSize));
}

/** Offset of a 1-based page. */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/** Where one page of a list stands: the number of pages, and its neighbours (null at either end). */
export interface Paging {
  readonly page: number;
  readonly pages: number;
  readonly previousPage: number | null;
  readonly nextPage: number | null;
}

/**
 * Page `page` of a list of `total` items, `pageSize` to a page, a highlighted story above the grid
 * not counted. Its next page is the load-more rule's (`canLoadMore`). A page past the end names no
 * page: a NotFoundError, decided from the counts before any query for the page itself.
 */
export function paginate(input: { page: number; pageSize: number; total: number; withHighlightedStory?: boolean }): Paging {
  const { page } = input;
  const pages = pageCount(input);
  if (page > pages) throw new NotFoundError(`Page ${page} of ${pages}`);
  const withHighlightedStory = input.withHighlightedStory ?? false;
  return { page, pages, previousPage: page > 1 ? page - 1 : null, nextPage: canLoadMore({ ...input, withHighlightedStory }) ? page + 1 : null };
}
