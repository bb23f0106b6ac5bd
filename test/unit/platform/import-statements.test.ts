// Statements written out as SQL text for `wrangler d1 execute --remote --file`: parameters are
// numbered as SQLite numbers them.
import { expect, test } from 'vitest';
import { inlineParams } from '#src/platform/d1/import-statements';

test.each([
  ['bare ? in order', 'INSERT INTO t VALUES (?, ?, ?)', [1, 'a', null], "INSERT INTO t VALUES (1, 'a', NULL)"],
  ['numbered and repeated', 'SELECT ?1 WHERE x >= ?2 AND y = ?1', [1_700_000_000, 1_699_827_200], 'SELECT 1700000000 WHERE x >= 1699827200 AND y = 1700000000'],
  ['numbers past 9', 'SELECT ?10, ?1', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 'SELECT 10, 1'],
  ['a bare ? after ?2 is ?3', 'SELECT ?2, ?', ['a', 'b', 'c'], "SELECT 'b', 'c'"],
  ['quotes doubled', 'SELECT ?', ["it's"], "SELECT 'it''s'"],
])('%s', (_name, sql, params, expected) => {
  expect(inlineParams({ sql, params })).toBe(expected);
});
