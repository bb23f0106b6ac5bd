// `?page=N` (src/http/page-param.ts): absent is page 1, a positive integer up to 100,000 is that
// page, anything else is a wrong address (a 404, never a 500 or a silent page 1).
import { expect, test } from 'vitest';
import * as z from 'zod/mini';
import { pageParam } from '#src/http/page-param';

test.each([
  [undefined, 1],
  ['1', 1],
  ['2', 2],
  ['99999', 99_999],
  ['100000', 100_000],
])('?page=%s is page %i', (value, page) => {
  expect(z.safeParse(pageParam, value)).toEqual({ success: true, data: page });
});

test.each([
  [''],
  ['0'],
  ['-1'],
  ['01'],
  ['1.5'],
  ['1e3'],
  [' 2'],
  ['2 '],
  ['+2'],
  ['0x10'],
  ['two'],
  ['100001'],
  ['999999'],
  ['1000000'],
  ['99999999999999999999'],
])('?page=%j is a wrong address (404)', (value) => {
  // pageQuery turns a refusal into NotFoundError (test/unit/http/validate.test.ts).
  expect(z.safeParse(pageParam, value).success).toBe(false);
});
