import { expect, test } from 'vitest';
import { DEFAULT_PAGE_SIZE, GALLERY_PAGE_SIZE, canLoadMore, pageOffset, paginate } from '#src/domain/paging';
import { NotFoundError } from '#src/domain/errors';
import { isGalleryEmpty } from '#src/domain/gallery';

test('page sizes are 12 for stories and 6 for galleries', () => {
  expect(DEFAULT_PAGE_SIZE).toBe(12);
  expect(GALLERY_PAGE_SIZE).toBe(6);
});

// page < ceil((total - (highlighted ? 1 : 0)) / pageSize)
test.each([
  [1, 12, 0, false, false],
  [1, 12, 12, false, false],
  [1, 12, 13, false, true],
  [1, 12, 13, true, false],
  [1, 12, 14, true, true],
  [2, 12, 25, false, true],
  [3, 12, 25, false, false],
  [2, 12, 25, true, false],
  [1, 6, 7, false, true],
  [1, 6, 6, false, false],
])('page %i of size %i with %i stories (highlighted: %s) → load more %s', (page, pageSize, total, withHighlightedStory, expected) => {
  expect(canLoadMore({ page, pageSize, total, withHighlightedStory })).toBe(expected);
});

test.each([
  [1, 12, 0],
  [2, 12, 12],
  [3, 6, 12],
])('page %i of size %i starts at offset %i', (page, size, offset) => {
  expect(pageOffset(page, size)).toBe(offset);
});

test.each([
  [0, 0, true],
  [1, 0, false],
  [0, 1, false],
  [3, 2, false],
])('a gallery with %i images and %i videos is empty: %s', (images_number, videos_number, expected) => {
  expect(isGalleryEmpty({ images_number, videos_number })).toBe(expected);
});

test.each([
  ['the first of three', { page: 1, pageSize: 12, total: 30 }, { page: 1, pages: 3, previousPage: null, nextPage: 2 }],
  ['the middle one', { page: 2, pageSize: 12, total: 30 }, { page: 2, pages: 3, previousPage: 1, nextPage: 3 }],
  ['the last one', { page: 3, pageSize: 12, total: 30 }, { page: 3, pages: 3, previousPage: 2, nextPage: null }],
  ['an empty list’s first page', { page: 1, pageSize: 12, total: 0 }, { page: 1, pages: 1, previousPage: null, nextPage: null }],
  ['a full page and a highlighted story', { page: 1, pageSize: 12, total: 13, withHighlightedStory: true }, { page: 1, pages: 1, previousPage: null, nextPage: null }],
  ['one more than that', { page: 1, pageSize: 12, total: 14, withHighlightedStory: true }, { page: 1, pages: 2, previousPage: null, nextPage: 2 }],
  ['galleries', { page: 2, pageSize: 6, total: 7 }, { page: 2, pages: 2, previousPage: 1, nextPage: null }],
])('paginate: %s', (_name, input, expected) => {
  expect(paginate(input)).toEqual(expected);
});

test.each([
  [{ page: 2, pageSize: 12, total: 0 }],
  [{ page: 4, pageSize: 12, total: 30 }],
  [{ page: 2, pageSize: 12, total: 13, withHighlightedStory: true }],
])('paginate: a page past the end is a NotFoundError (%j)', (input) => {
  expect(() => paginate(input)).toThrow(NotFoundError);
});
