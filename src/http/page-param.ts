/** `?page=N`: absent means 1; anything but a whole number from 1 to MAX_PAGE names no page (404). */
import * as z from 'zod/mini';
import { firstValue, validate, wrongAddress } from './validate';

const MAX_PAGE = 100_000;

export const pageParam = z._default(
  firstValue(z.pipe(z.string().check(z.regex(/^[1-9]\d{0,5}$/, 'not a page number')), z.pipe(z.transform(Number), z.number().check(z.maximum(MAX_PAGE))))),
  1,
);

/** The query of a paged list (home, category, tag, media): its page, nothing else. */
export const PageQuerySchema = z.object({ page: pageParam });
export const pageQuery = validate('query', PageQuerySchema, wrongAddress);
