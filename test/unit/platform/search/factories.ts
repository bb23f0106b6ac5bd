/**
 * Inline-able builders for the search tests: a bundle story with sensible defaults (published,
 * public, one section), a search document, and a normalised query.
 */
import type { BundleStory, ContentBundle } from '#src/domain/content-bundle';
import { normaliseSearchQuery, type SearchQuery } from '#src/domain/search-query';
import type { SearchDocument } from '#src/platform/search/documents';

export const CATEGORIES: ContentBundle['categories'] = [
  { key: 'products', i18n: { en: { name: 'Products', slug: 'products', description: '', public_stories_count: 1 }, fr: { name: 'Produits', slug: 'produits', description: '', public_stories_count: 1 } }, featured: false, image: null },
  { key: 'company', i18n: { en: { name: 'Company', slug: 'company-news', description: '', public_stories_count: 1 } }, featured: false, image: null },
];

export function bundleStory(overrides: Partial<BundleStory> = {}): BundleStory {
  return {
    uuid: '11111111-1111-4111-8111-111111111111',
    translation_group: 'group-1',
    locale: 'en',
    slug: 'solar-farm-opens',
    title: 'Solar farm opens',
    subtitle: 'Clean power for the valley',
    summary: 'The valley gets its first solar farm.',
    status: 'published',
    visibility: 'public',
    published_at: Date.UTC(2026, 2, 3, 9) / 1000,
    updated_at: Date.UTC(2026, 2, 4, 9) / 1000,
    author_name: null,
    author_email: null,
    cover: null,
    is_pinned: false,
    is_public: true,
    notify: true,
    media_files: [],
    contact_keys: [],
    seo_settings: {},
    tags: [],
    body_html: '',
    body_markdown: '',
    body_text: '',
    sections: [{ id: '', title: '', text: 'The farm opened on Monday.' }],
    category_keys: ['products'],
    ...overrides,
  };
}

export function searchDocument(overrides: Partial<SearchDocument> = {}): SearchDocument {
  return {
    objectID: '11111111-1111-4111-8111-111111111111-0',
    story_uuid: '11111111-1111-4111-8111-111111111111',
    slug: 'solar-farm-opens',
    title: 'Solar farm opens',
    subtitle: 'Clean power for the valley',
    summary: 'The valley gets its first solar farm.',
    section_id: null,
    section_title: '',
    section_position: 0,
    text: 'The farm opened on Monday.',
    culture: 'en',
    categories: ['Products'],
    category_ids: [1],
    year: 2026,
    month: 3,
    published_at: Date.UTC(2026, 2, 3, 9) / 1000,
    updated_at: Date.UTC(2026, 2, 4, 9) / 1000,
    thumbnail: null,
    ...overrides,
  };
}

export function query(overrides: Partial<SearchQuery> = {}): SearchQuery {
  return normaliseSearchQuery({ text: 'solar farm', locale: 'en', ...overrides });
}
