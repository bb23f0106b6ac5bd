import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_END, HIGHLIGHT_START } from '#src/domain/search-query';
import { utf8ByteLength } from '#src/domain/media/index';
import { replaceContentStatements } from '#src/platform/d1/import-statements';
import {
  ALGOLIA_INDEX_SETTINGS,
  buildSearchDocuments,
  categoryIdsByKey,
  FACET_ATTRIBUTES,
  MAX_TEXT_BYTES,
  MEILISEARCH_INDEX_SETTINGS,
  RETRIEVED_ATTRIBUTES,
  splitText,
} from '#src/platform/search/documents';
import { bundleStory, CATEGORIES } from './factories';

const cdnRoot = 'https://ucarecdn.com';
const build = (stories: ReturnType<typeof bundleStory>[]) => buildSearchDocuments({ categories: CATEGORIES, stories }, { cdnRoot });

describe('buildSearchDocuments', () => {
  it('makes one document per section, each carrying the story fields and its section anchor', () => {
    const story = bundleStory({
      category_keys: ['products', 'company'],
      sections: [
        { id: '', title: '', text: 'Intro text.' },
        { id: 'header-key-facts', title: 'Key facts', text: 'Fifty megawatts.' },
      ],
    });

    const documents = build([story]);

    expect(documents).toEqual([
      {
        objectID: `${story.uuid}-0`,
        story_uuid: story.uuid,
        slug: 'solar-farm-opens',
        title: 'Solar farm opens',
        subtitle: 'Clean power for the valley',
        summary: 'The valley gets its first solar farm.',
        section_id: null,
        section_title: '',
        section_position: 0,
        text: 'Intro text.',
        culture: 'en',
        categories: ['Products', 'Company'],
        category_ids: [1, 2],
        year: 2026,
        month: 3,
        published_at: story.published_at,
        updated_at: story.updated_at,
        thumbnail: null,
      },
      expect.objectContaining({ objectID: `${story.uuid}-1`, section_id: 'header-key-facts', section_title: 'Key facts', section_position: 1, text: 'Fifty megawatts.' }),
    ]);
  });

  it('indexes only published, public stories', () => {
    const documents = build([
      bundleStory({ uuid: 'a0000000-0000-4000-8000-000000000001' }),
      bundleStory({ uuid: 'a0000000-0000-4000-8000-000000000002', status: 'draft', is_public: false }),
      bundleStory({ uuid: 'a0000000-0000-4000-8000-000000000003', visibility: 'private', is_public: false }),
      bundleStory({ uuid: 'a0000000-0000-4000-8000-000000000004', status: 'embargo', visibility: 'embargo', is_public: false }),
    ]);
    expect(documents.map((document) => document.story_uuid)).toEqual(['a0000000-0000-4000-8000-000000000001']);
  });

  it('uses the category ids the D1 import assigns, and names categories in the story language', () => {
    const statements = replaceContentStatements(
      { categories: CATEGORIES, stories: [], newsroom: {}, languages: [], companies: [], contacts: [], galleries: [], policies: [], media: [], fingerprints: [], hash: 'x' } as never,
      0,
      new Map(),
      new Map(),
    );
    const d1Ids = statements.filter((statement) => statement.sql.startsWith('INSERT INTO categories')).map((statement) => [statement.params[1], statement.params[0]]);

    expect([...categoryIdsByKey({ categories: CATEGORIES })]).toEqual(d1Ids);
    expect(build([bundleStory({ locale: 'fr', category_keys: ['products', 'company'] })])[0]).toMatchObject({ categories: ['Produits', 'company'], category_ids: [1, 2] });
  });

  it('files a story under the UTC year and month of its publication, like D1', () => {
    // 2025-12-31 23:30 at UTC-2 is 2026-01-01 01:30 UTC.
    const [document] = build([bundleStory({ published_at: Date.parse('2025-12-31T23:30:00-02:00') / 1000 })]);
    expect([document!.year, document!.month]).toEqual([2026, 1]);
  });

  it('gives a story with an empty body one document, found by its title and summary', () => {
    const documents = build([bundleStory({ sections: [] })]);
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({ section_id: null, section_title: '', text: '', title: 'Solar farm opens' });
  });

  it('splits a long section into several documents under the same anchor, losing no word', () => {
    const words = Array.from({ length: 3000 }, (_, index) => `wörd${index}`);
    const documents = build([bundleStory({ sections: [{ id: 'header-long', title: 'Long', text: words.join(' ') }] })]);

    expect(documents.length).toBeGreaterThan(1);
    expect(documents.every((document) => document.section_id === 'header-long' && utf8ByteLength(document.text) <= MAX_TEXT_BYTES)).toBe(true);
    expect(documents.map((document) => document.objectID)).toEqual(documents.map((_, index) => `11111111-1111-4111-8111-111111111111-${index}`));
    expect(documents.flatMap((document) => document.text.split(' '))).toEqual(words);
  });

  it('cuts a single word longer than the limit rather than making an oversized record', () => {
    expect(splitText('a'.repeat(50), 20)).toEqual(['a'.repeat(20)]);
    expect(splitText('short text', 20)).toEqual(['short text']);
  });

  it('strips highlight markers from content, so every marker a view sees comes from the engine', () => {
    const [document] = build([bundleStory({ title: `Fake ${HIGHLIGHT_START}mark${HIGHLIGHT_END}`, sections: [{ id: '', title: '', text: `x${HIGHLIGHT_START}y` }] })]);
    expect([document!.title, document!.text]).toEqual(['Fake mark', 'xy']);
  });

  it('gives a thumbnail address on the import media root when the story has a cover', () => {
    const cover = { version: 2, uuid: 'c0ffee00-0000-4000-8000-000000000001', filename: 'cover.jpg', mime_type: 'image/jpeg', size: 1000, original_width: 1600, original_height: 900, effects: [] };
    const [document] = build([bundleStory({ cover })]);
    expect(document!.thumbnail).toBe('https://ucarecdn.com/c0ffee00-0000-4000-8000-000000000001/-/resize/400x/cover.jpg');
  });
});

describe('index settings', () => {
  it('make both engines search the same attributes, title first', () => {
    expect(MEILISEARCH_INDEX_SETTINGS.searchableAttributes[0]).toBe('title');
    expect(ALGOLIA_INDEX_SETTINGS.searchableAttributes.map((attribute) => attribute.replace(/^unordered\((.*)\)$/, '$1'))).toEqual(MEILISEARCH_INDEX_SETTINGS.searchableAttributes);
  });

  it('make every facet attribute and the locale filterable and faceted', () => {
    const facets = Object.values(FACET_ATTRIBUTES);
    for (const attribute of [...facets, 'culture']) expect(MEILISEARCH_INDEX_SETTINGS.filterableAttributes).toContain(attribute);
    for (const attribute of facets) expect(ALGOLIA_INDEX_SETTINGS.attributesForFaceting).toContain(attribute);
    expect(ALGOLIA_INDEX_SETTINGS.attributesForFaceting).toContain('filterOnly(culture)');
  });

  it('keep one hit per story and sort newest first among equals', () => {
    expect(MEILISEARCH_INDEX_SETTINGS.distinctAttribute).toBe('story_uuid');
    expect(ALGOLIA_INDEX_SETTINGS.attributeForDistinct).toBe('story_uuid');
    expect(MEILISEARCH_INDEX_SETTINGS.sortableAttributes).toContain('published_at');
    expect(MEILISEARCH_INDEX_SETTINGS.rankingRules.at(-1)).toBe('sort');
    expect(ALGOLIA_INDEX_SETTINGS.customRanking[0]).toBe('desc(published_at)');
  });

  it('retrieve every field a result hit is built from', () => {
    expect(RETRIEVED_ATTRIBUTES).toEqual(expect.arrayContaining(['story_uuid', 'slug', 'title', 'section_id', 'text', 'culture', 'published_at']));
  });
});
