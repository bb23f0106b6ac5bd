// The proof of a lift's rules as tables (docs/decisions/0052-a-lift-that-proves-itself.md): which
// surfaces a story should be on (a function of the story, its language, categories and tags, and
// the configuration), how each answer is read for the story, when the job checks again or
// concludes, and how a proof reads.
import { expect, test } from 'vitest';
import type { Category } from '#src/domain/category';
import { nextStep, proofLines, proofLineText, type LiftedStory, type LiftProofRow } from '#src/domain/lift-proof';
import { listsStory, saysNoindex, storySitemaps, targetOf, type Answer } from '#src/jobs/lift-checks';
import { surfacesFor } from '#src/jobs/lift-surfaces';
import { ORIGIN, testSite } from './site-fixture';

const L = 1_800_000_000;
const CATEGORIES: Category[] = [
  { id: 1, key: 'products', i18n: { en: { name: 'Products', slug: 'products', description: '' }, fr: { name: 'Produits', slug: 'produits', description: '' } }, public_stories_count: { en: 0, fr: 0 }, is_featured: false, image: null },
  // English only: a French story filed under it has no French page, so no French feed.
  { id: 2, key: 'company', i18n: { en: { name: 'Company', slug: 'company-news', description: '' } }, public_stories_count: { en: 1 }, is_featured: false, image: null },
];

function story(overrides: Partial<LiftedStory> = {}): LiftedStory {
  return { uuid: 'u-1', slug: 'wind-farm', locale: 'en', title: 'Wind farm opens', published_at: L, category_ids: [], tags: [], is_public: true, alerts: true, alerts_handed_at: L, ...overrides };
}
const names = (s: LiftedStory, options: { engine?: boolean; indexable?: boolean; now?: number } = {}) =>
  surfacesFor(s, testSite({ categories: CATEGORIES }, { is_indexable: options.indexable ?? true }), { searchBackend: options.engine ? 'meilisearch' : 'd1', now: options.now ?? L + 5 }).map((surface) => `${surface.name} ${surface.path}`);

const BASE_EN = ['page /wind-farm', 'markdown /wind-farm.md', 'json /wind-farm.json', 'feed:rss /feed', 'feed:atom /feed/atom', 'feed:json /feed/json'];
const TAIL_EN = ['sitemap /sitemap.xml', 'news-sitemap /sitemaps/news.xml', 'search /api/search?query=Wind+farm+opens&localeCode=en', 'llms /llms.txt', 'api-stories /api/fetch-stories'];

test.each([
  ['an English story with no category or tag, alerts on', story(), {}, [...BASE_EN, ...TAIL_EN, 'alerts publish_events (handed to the queue)']],
  ['alerts off (the story\'s notify or the newsroom\'s switch): no alerts surface', story({ alerts: false }), {}, [...BASE_EN, ...TAIL_EN]],
  [
    'categories (even one whose count is not updated yet) and tags in its language, each with its three feeds',
    story({ category_ids: [1, 2], tags: ['wind power'], alerts: null }),
    {},
    [
      ...BASE_EN,
      'category-feed:products:rss /category/products/feed',
      'category-feed:products:atom /category/products/feed/atom',
      'category-feed:products:json /category/products/feed/json',
      'category-feed:company-news:rss /category/company-news/feed',
      'category-feed:company-news:atom /category/company-news/feed/atom',
      'category-feed:company-news:json /category/company-news/feed/json',
      'tag-feed:wind power:rss /tag/wind%20power/feed',
      'tag-feed:wind power:atom /tag/wind%20power/feed/atom',
      'tag-feed:wind power:json /tag/wind%20power/feed/json',
      ...TAIL_EN,
    ],
  ],
  [
    'a French story: its language\'s prefixed feeds, llms.txt and search; an untranslated category has no French feed',
    story({ slug: 'parc-eolien', locale: 'fr', title: 'Parc', category_ids: [1, 2], alerts: false }),
    {},
    [
      'page /parc-eolien',
      'markdown /parc-eolien.md',
      'json /parc-eolien.json',
      'feed:rss /fr/feed',
      'feed:atom /fr/feed/atom',
      'feed:json /fr/feed/json',
      'category-feed:produits:rss /fr/category/produits/feed',
      'category-feed:produits:atom /fr/category/produits/feed/atom',
      'category-feed:produits:json /fr/category/produits/feed/json',
      'sitemap /sitemap.xml',
      'news-sitemap /sitemaps/news.xml',
      'search /api/search?query=Parc&localeCode=fr',
      'llms /fr/llms.txt',
      'api-stories /api/fetch-stories',
    ],
  ],
  ['an engine configured: its answer, and D1\'s own index', story({ alerts: false }), { engine: true }, [...BASE_EN, ...TAIL_EN.slice(0, 3), 'search-d1 /api/search?query=Wind+farm+opens&localeCode=en', ...TAIL_EN.slice(3)]],
  ['a newsroom that is not indexable has no sitemaps', story({ alerts: false }), { indexable: false }, [...BASE_EN, ...TAIL_EN.slice(2)]],
  ['checked two days after its release, it is no longer news', story({ alerts: false }), { now: L + 2 * 86400 }, [...BASE_EN, ...TAIL_EN.filter((line) => !line.startsWith('news-sitemap'))]],
])('%s', (_name, lifted, options, expected) => {
  expect(names(lifted, options)).toEqual(expected);
});

const TARGET = targetOf({ uuid: 'u-1', slug: 'wind-farm' }, ORIGIN, true);
const ok = (body: string, headers: Record<string, string> = {}): Answer => ({ status: 200, headers: new Headers(headers), body });
const ADDRESS = `${ORIGIN}/wind-farm`;

test.each([
  ['page: 200 and indexable', 'page', ok('<html><head><title>x</title></head></html>'), true],
  ['page: a robots meta noindex', 'page', ok('<meta name="robots" content="noindex, nofollow" />'), false],
  ['page: an X-Robots-Tag noindex', 'page', ok('<html></html>', { 'X-Robots-Tag': 'noindex' }), false],
  ['page: not 200', 'page', { ...ok(''), status: 404 }, false],
  ['markdown: its page named canonical', 'markdown', ok('# Wind', { Link: `<${ADDRESS}>; rel="canonical"` }), true],
  ['markdown: another page canonical', 'markdown', ok('# Wind', { Link: `<${ORIGIN}/other>; rel="canonical"` }), false],
  ['json: its uuid', 'story-json', ok('{"uuid":"u-1"}'), true],
  ['json: unreadable', 'story-json', ok('{'), false],
  ['rss: an item linking to it', 'rss', ok(`<rss><channel><link>${ORIGIN}/</link><item><title>W</title><link>${ADDRESS}</link></item></channel></rss>`), true],
  ['rss: only the channel links there', 'rss', ok(`<rss><channel><link>${ADDRESS}</link><item><link>${ORIGIN}/other</link></item></channel></rss>`), false],
  ['atom: an entry\'s alternate link', 'atom', ok(`<feed><entry><id>urn:uuid:u-1</id><link rel="alternate" type="text/html" href="${ADDRESS}"/></entry></feed>`), true],
  ['atom: no entry', 'atom', ok(`<feed><link rel="alternate" type="text/html" href="${ADDRESS}"/></feed>`), false],
  ['json feed: an item\'s url', 'json-feed', ok(JSON.stringify({ items: [{ id: 'u-1', url: ADDRESS }] })), true],
  ['json feed: empty', 'json-feed', ok('{"items":[]}'), false],
  ['sitemap: a <loc> of a <url>', 'sitemap', ok(`<urlset><url><loc>${ADDRESS}</loc></url></urlset>`), true],
  ['sitemap: an escaped address', 'sitemap', ok(`<urlset><url><loc>${ORIGIN}/a&amp;b</loc></url></urlset>`), false],
  ['search: a hit with its uuid', 'search', ok('{"hits":[{"uuid":"u-1"}],"total":1}'), true],
  ['search: no hit', 'search', ok('{"hits":[],"total":0}'), false],
  ['llms: a link to its Markdown form', 'llms', ok(`# News\n\n- [Wind](${ORIGIN}/wind-farm.md)\n`), true],
  ['llms: a link to another story', 'llms', ok(`- [Other](${ORIGIN}/wind-farm-2.md)\n`), false],
  ['api-stories: in stories', 'api-stories', ok('{"stories":[{"uuid":"u-1"}],"total":1}'), true],
  ['api-stories: not there', 'api-stories', ok('{"stories":[{"uuid":"u-2"}],"total":1}'), false],
] as const)('%s', (_name, check, answer, expected) => {
  expect(listsStory(check, answer, TARGET)).toBe(expected);
});

test('a non-indexable newsroom\'s page says noindex and still counts', () => {
  expect(saysNoindex(ok('<meta name="robots" content="noindex, nofollow">'))).toBe(true);
  expect(listsStory('page', ok('<meta name="robots" content="noindex, nofollow">'), { ...TARGET, indexable: false })).toBe(true);
});

test('the sitemap index is followed to its language\'s story sitemaps only', () => {
  const index = ['en-pages.xml', 'en-stories-1.xml', 'en-stories-2.xml', 'fr-stories-1.xml', 'news.xml'].map((name) => `<sitemap><loc>${ORIGIN}/sitemaps/${name}</loc></sitemap>`).join('');
  expect(storySitemaps(`<sitemapindex>${index}</sitemapindex>`, 'en')).toEqual([`${ORIGIN}/sitemaps/en-stories-1.xml`, `${ORIGIN}/sitemaps/en-stories-2.xml`]);
});

test.each([
  ['just after the lift: again in 15 s', { now: L + 2, attempt: 1 }, { kind: 'recheck', delaySeconds: 15 }],
  ['near the end of the window: at its end', { now: L + 50, attempt: 3 }, { kind: 'recheck', delaySeconds: 10 }],
  ['at the end of the window: conclude', { now: L + 60, attempt: 2 }, { kind: 'conclude' }],
  ['the queue\'s last delivery: conclude, whatever the clock', { now: L + 20, attempt: 5 }, { kind: 'conclude' }],
  ['a message delivered long after (a backlog): conclude', { now: L + 3600, attempt: 1 }, { kind: 'conclude' }],
])('%s', (_name, input, expected) => {
  expect(nextStep({ ...input, liftedAt: L })).toEqual(expected);
});

test('a proof reads as surface, first seen in UTC and seconds after the lift, or missing', () => {
  const rows: LiftProofRow[] = [
    { story_uuid: 'u-1', lifted_at: L, surface: 'page', address: ADDRESS, first_seen_at: L + 4, reported_at: null },
    { story_uuid: 'u-1', lifted_at: L, surface: 'feed:rss', address: `${ORIGIN}/feed`, first_seen_at: null, reported_at: null },
    { story_uuid: 'u-1', lifted_at: L, surface: 'feed:atom', address: `${ORIGIN}/feed/atom`, first_seen_at: null, reported_at: L + 61 },
  ];
  expect(proofLines(rows).map(proofLineText)).toEqual([
    `page\t2027-01-15 08:00:04 UTC\t+4 s\t${ADDRESS}`,
    `feed:rss\tmissing\t${ORIGIN}/feed`,
    `feed:atom\tmissing (reported after 60 s)\t${ORIGIN}/feed/atom`,
  ]);
});
