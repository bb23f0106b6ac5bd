// The query-building every engine adapter shares (engine-backend.ts): the words sent, the
// facets-only queries of disjunctive facets and the filter values. The whole search, against
// each backend, is the conformance table (test/worker/search/backend-conformance.test.ts).
import { describe, expect, it } from 'vitest';
import { activeFilters, engineQueryText, facetQueriesNeeded, quoteFilterValue } from '#src/platform/search/engine-backend';
import { query } from './factories';

describe('engineQueryText', () => {
  it('sends the words D1 would search, never the visitor operators', () => {
    expect(engineQueryText('"solar" -farm* (valley)')).toBe('solar farm valley');
  });

  it('is null when nothing searchable is left', () => {
    expect(engineQueryText(' "" -* ')).toBeNull();
  });
});

describe('disjunctive facets', () => {
  it('need one extra facets query per filtered dimension', () => {
    expect(facetQueriesNeeded(query())).toEqual([]);
    expect(facetQueriesNeeded(query({ categoryId: 2, month: 3 }))).toEqual(['category', 'month']);
  });

  it('leave out the excepted dimension from the filters', () => {
    const filtered = query({ categoryId: 2, year: 2026, month: 3 });
    expect(activeFilters(filtered)).toEqual([
      { attribute: 'category_ids', value: 2 },
      { attribute: 'year', value: 2026 },
      { attribute: 'month', value: 3 },
    ]);
    expect(activeFilters(filtered, 'year').map((filter) => filter.attribute)).toEqual(['category_ids', 'month']);
  });
});

it('quotes filter values so a quote in a value cannot end the string', () => {
  expect(quoteFilterValue('pt-br')).toBe('"pt-br"');
  expect(quoteFilterValue('a"b\\c')).toBe('"a\\"b\\\\c"');
});
