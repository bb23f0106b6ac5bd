import { describe, expect, test } from 'vitest';
import { HIGHLIGHT_END as E, HIGHLIGHT_START as S, highlightParts, matchFacetValues, MAX_FACET_QUERY_LENGTH } from '#src/domain/search-query';

const CATEGORIES = [
  { value: 'Products', count: 4 },
  { value: 'Product recalls', count: 9 },
  { value: 'Company news', count: 2 },
  { value: 'Événements', count: 3 },
  { value: 'Investor relations', count: 1 },
];

describe('matchFacetValues', () => {
  test.each([
    ['a word prefix, most frequent first', 'pro', 'en', [`${S}Pro${E}duct recalls`, `${S}Pro${E}ducts`]],
    ['any word of the name', 'news', 'en', [`Company ${S}news${E}`]],
    ['case is ignored', 'INVESTOR', 'en', [`${S}Investor${E} relations`]],
    ['accents are ignored', 'evene', 'fr', [`${S}Événe${E}ments`]],
    ['the middle of a word is not a match', 'duct', 'en', []],
    ['blank input matches nothing', '   ', 'en', []],
    ['surrounding spaces are trimmed', '  company ', 'en', [`${S}Company${E} news`]],
  ])('%s', (_, typed, locale, expected) => {
    expect(matchFacetValues(CATEGORIES, typed, locale).map((hit) => hit.highlighted)).toEqual(expected);
  });

  test('keeps each value and count, and the highlight splits back into the name', () => {
    const [hit] = matchFacetValues(CATEGORIES, 'rel', 'en');
    expect(hit).toMatchObject({ value: 'Investor relations', count: 1 });
    expect(highlightParts(hit!.highlighted)).toEqual([
      { text: 'Investor ', match: false },
      { text: 'rel', match: true },
      { text: 'ations', match: false },
    ]);
  });

  test('typed text longer than the limit is cut, not refused', () => {
    const long = 'P'.repeat(MAX_FACET_QUERY_LENGTH + 50);
    expect(matchFacetValues([{ value: long, count: 1 }], long, 'en')).toHaveLength(1);
  });

  test('names in other scripts match their own letters', () => {
    expect(matchFacetValues([{ value: 'منتجات جديدة', count: 2 }], 'جدي', 'ar').map((hit) => hit.value)).toEqual(['منتجات جديدة']);
  });
});
