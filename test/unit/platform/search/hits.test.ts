// How an engine's answer becomes the domain's result, whichever engine gave it (hits.ts).
import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_END as E, HIGHLIGHT_START as S } from '#src/domain/search-query';
import { cropWords, matchesFromMarkers, toEngineSearchResults, toFacetValues, toResultHits, type EngineAnswer } from '#src/platform/search/hits';
import { searchDocument } from './factories';

describe('toResultHits', () => {
  it('keeps the best section of each story, in engine order, with its anchor and highlighted snippet', () => {
    const best = searchDocument({ objectID: 'a-1', story_uuid: 'a', slug: 'story-a', section_id: 'header-key-facts', section_title: 'Key facts', text: 'Fifty solar megawatts.' });
    const other = searchDocument({ objectID: 'a-0', story_uuid: 'a', slug: 'story-a' });
    const second = searchDocument({ objectID: 'b-0', story_uuid: 'b', slug: 'story-b', title: 'Farm news' });

    const hits = toResultHits([
      { objectID: 'a-1', document: best, _formatted: { title: `${S}Solar${E} farm opens`, text: `Fifty ${S}solar${E} megawatts.` } },
      { objectID: 'a-0', document: other },
      { objectID: 'b-0', document: second },
    ]);

    expect(hits).toEqual([
      {
        uuid: 'a',
        slug: 'story-a',
        locale: 'en',
        title: 'Solar farm opens',
        highlightedTitle: `${S}Solar${E} farm opens`,
        snippet: `Fifty ${S}solar${E} megawatts.`,
        published_at: best.published_at,
        sectionId: 'header-key-facts',
        sectionTitle: 'Key facts',
        thumbnail: null,
      },
      expect.objectContaining({ uuid: 'b', highlightedTitle: 'Farm news', snippet: 'The farm opened on Monday.', sectionId: null }),
    ]);
  });

  it('uses the summary as the snippet when the section has no text', () => {
    const [hit] = toResultHits([{ objectID: 'a-0', document: searchDocument({ text: '' }), _formatted: { summary: `The ${S}valley${E} gets…` } }]);
    expect(hit!.snippet).toBe(`The ${S}valley${E} gets…`);
  });

  it('crops unformatted text to the snippet length', () => {
    const text = Array.from({ length: 30 }, (_, index) => `w${index}`).join(' ');
    expect(cropWords(text, 24)).toBe(`${text.split(' ').slice(0, 24).join(' ')}…`);
    const [hit] = toResultHits([{ objectID: 'a-0', document: searchDocument({ text }) }]);
    expect(hit!.snippet).toBe(cropWords(text, 24));
  });

  it('skips hits that lack the fields a link needs', () => {
    expect(toResultHits([{ objectID: 'x', document: { title: 'orphan' } }])).toEqual([]);
  });
});

describe('toEngineSearchResults', () => {
  it('takes each dimension’s counts from the answer that left its own filter out; a missing answer gives none', () => {
    const hitsAnswer: EngineAnswer = {
      hits: [{ objectID: 'a-0', document: searchDocument({ story_uuid: 'a', slug: 'story-a' }) }],
      total: 1,
      facetCounts: { category_ids: { '2': 1 }, year: { '2026': 1 }, month: { '3': 1 } },
    };
    const yearAnswer: EngineAnswer = { hits: [], total: 3, facetCounts: { year: { '2025': 2, '2026': 1 } } };

    const results = toEngineSearchResults(hitsAnswer, (dimension) => ({ category: hitsAnswer, year: yearAnswer, month: undefined })[dimension]);

    expect(results.total).toBe(1);
    expect(results.hits.map((hit) => hit.slug)).toEqual(['story-a']);
    expect(results.facets).toEqual({
      category: [{ value: 2, count: 1 }],
      year: [
        { value: 2026, count: 1 },
        { value: 2025, count: 2 },
      ],
      month: [],
    });
  });
});

describe('toFacetValues', () => {
  it('turns engine string keys into numbers, in the D1 order for each facet', () => {
    expect(toFacetValues('category', { '3': 2, '1': 5, '2': 2 })).toEqual([
      { value: 1, count: 5 },
      { value: 2, count: 2 },
      { value: 3, count: 2 },
    ]);
    expect(toFacetValues('year', { '2024': 1, '2026': 3 }).map((facet) => facet.value)).toEqual([2026, 2024]);
    expect(toFacetValues('month', { '10': 1, '3': 3 }).map((facet) => facet.value)).toEqual([3, 10]);
  });

  it('drops values that are not whole numbers and empty distributions', () => {
    expect(toFacetValues('category', { abc: 2, '1.5': 1, '4': 0 })).toEqual([]);
    expect(toFacetValues('year', undefined)).toEqual([]);
  });
});

describe('matchesFromMarkers', () => {
  it('measures matches in the text without markers', () => {
    expect(matchesFromMarkers(`${S}Solar${E} farm ${S}opens${E}`)).toEqual([
      { start: 0, length: 5 },
      { start: 11, length: 5 },
    ]);
  });

  it('ignores an unclosed marker and plain text', () => {
    expect(matchesFromMarkers(`plain ${S}open`)).toEqual([]);
    expect(matchesFromMarkers('plain')).toEqual([]);
  });
});
