// D1ContentRepository against migrated local D1 holding the test content folder.
import { env } from 'cloudflare:workers';
import { expect, test } from 'vitest';
import { D1ContentRepository } from '#src/platform/d1/content-repository';
import { hashLinkToken } from '#src/domain/story-link';
import { GALLERIES_DUE_PROBE } from '#src/platform/d1/gallery-release';
import { PUBLIC_GALLERY } from '#src/platform/d1/gallery-queries';
import { testGalleryLinkToken } from '../../fixtures/story-links';

const repository = () => new D1ContentRepository(env.DB);

test('the site context holds the newsroom, languages in order, companies and categories in one round trip', async () => {
  const repo = repository();
  const site = await repo.getSiteContext();
  expect(repo.stats.roundTrips).toBe(1);
  expect(site!.newsroom.display_name).toBe('Test Newsroom');
  expect(site!.languages.map((language) => [language.code, language.is_default, language.public_stories_count])).toEqual([
    ['en', true, 16],
    ['fr', false, 2],
    ['ar', false, 1],
  ]);
  expect(Object.keys(site!.companies).sort()).toEqual(['ar', 'en', 'fr']);
  expect(site!.companies.fr!.custom_data_request_link).toBe('https://privacy.acme.example/fr');
  expect(site!.categories.map((category) => category.key)).toEqual(['products', 'company', 'events', 'awards', 'research', 'partners']);
  expect(site!.categories[0]!.i18n.fr).toMatchObject({ name: 'Produits', slug: 'produits' });
  expect(site!.categories[0]!.public_stories_count).toEqual({ en: 15, fr: 1 });
  expect(site!.contacts.map((contact) => [contact.key, contact.locales])).toEqual([
    ['jane', ['en', 'fr']],
    ['omar', ['ar']],
  ]);
});

test('the homepage is one round trip: highlighted story, a page of others and the total', async () => {
  const repo = repository();
  const home = await repo.getHomepage('en', 1, 12);
  expect(repo.stats).toEqual({ roundTrips: 1, statements: 3 });
  expect(home.highlighted!.slug).toBe('english-story-03');
  expect(home.stories).toHaveLength(12);
  expect(home.stories.map((story) => story.slug)).not.toContain('english-story-03');
  expect(home.total).toBe(16);
  // Newest first.
  const dates = home.stories.map((story) => story.published_at);
  expect([...dates].sort((a, b) => b - a)).toEqual(dates);
});

test('story cards carry their categories in the story language', async () => {
  const home = await repository().getHomepage('en', 1, 12);
  expect(home.highlighted!.categories).toEqual([
    { id: 1, name: 'Products', slug: 'products' },
    { id: 2, name: 'Company', slug: 'company-news' },
  ]);
});

test('without a pinned story, the newest public story is highlighted', async () => {
  const home = await repository().getHomepage('fr', 1, 12);
  expect(home.highlighted!.slug).toBe('histoire-privee-traduite');
  expect(home.stories.map((story) => story.slug)).toEqual(['histoire-francaise-03']);
});

test('listing a category pages through its public stories of one language', async () => {
  const repo = repository();
  const page = await repo.listStories({ locale: 'en', categoryId: 1, page: 2, pageSize: 10 });
  expect(page.total).toBe(15);
  expect(page.stories).toHaveLength(5);
  expect(page.stories.every((story) => story.locale === 'en')).toBe(true);
});

test('listing can leave out the highlighted story', async () => {
  const page = await repository().listStories({ locale: 'en', page: 1, pageSize: 50, excludeUuid: (await repository().getHomepage('en', 1, 1)).highlighted!.uuid });
  expect(page.stories).toHaveLength(15);
});

test('a story page comes with its translations, whatever their status, in one round trip', async () => {
  const repo = repository();
  const page = await repo.getStoryPage('private-story', 3);
  expect(repo.stats.roundTrips).toBe(1);
  expect(page!.story.visibility).toBe('private');
  expect(page!.story.translations.map((t) => [t.slug, t.visibility])).toEqual([['histoire-privee-traduite', 'public']]);
  expect(await repository().getStoryPage('nope', 3)).toBeNull();
});

test('related stories share categories (counted double) or tags, in the same language, public only', async () => {
  const page = await repository().getStoryPage('english-story-03', 3);
  // Story 03 is in Products and Company; the others only in Products: newest first on ties.
  expect(page!.related.map((story) => story.slug)).toEqual(['english-story-15', 'english-story-14', 'english-story-13']);
  expect(page!.related.every((story) => story.locale === 'en')).toBe(true);
  const french = await repository().getStoryPage('histoire-francaise-03', 3);
  expect(french!.related).toEqual([]);
});

test('the list queries use the partial indexes, not a table scan', async () => {
  const plan = async (sql: string, ...params: unknown[]) =>
    ((await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all()).results as { detail: string }[]).map((row) => row.detail).join(' | ');
  expect(
    await plan(`SELECT id FROM stories s WHERE s.status = 'published' AND s.visibility = 'public' AND s.locale = ?1 ORDER BY s.published_at DESC, s.id DESC LIMIT 12`, 'en'),
  ).toContain('stories_public_by_locale');
  expect(
    await plan(
      `SELECT story_id FROM story_categories sc WHERE sc.is_public = 1 AND sc.category_id = ?1 AND sc.locale = ?2 ORDER BY sc.published_at DESC, sc.story_id DESC LIMIT 12`,
      1,
      'en',
    ),
  ).toContain('story_categories_public');
});

test('the gallery list and count, and the cron’s due probe, use the galleries’ partial indexes', async () => {
  const plan = async (sql: string, ...params: unknown[]) =>
    ((await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all()).results as { detail: string }[]).map((row) => row.detail).join(' | ');
  expect(await plan(`SELECT g.uuid FROM galleries g WHERE ${PUBLIC_GALLERY} ORDER BY g.published_at DESC, g.id DESC LIMIT 6`)).toContain('galleries_public');
  expect(await plan(`SELECT count(*) FROM galleries g WHERE ${PUBLIC_GALLERY}`)).toContain('galleries_public');
  expect(await plan(GALLERIES_DUE_PROBE, 1_780_272_000)).toContain('galleries_due');
});

test('an unreleased gallery is read only through its secret link: listed nowhere, not found by uuid', async () => {
  const upcoming = '8c2e4d6f-1a3b-4c5d-9e7f-0a1b2c3d4e5f';
  const repo = repository();
  expect((await repo.getSiteContext())!.galleries_count).toBe(1);
  expect((await repo.listGalleries(1, 6)).galleries.map((gallery) => gallery.uuid)).not.toContain(upcoming);
  expect((await repo.listAllGalleries()).map((gallery) => gallery.uuid)).not.toContain(upcoming);
  expect(await repo.getGallery(upcoming)).toBeNull();
  const token = await testGalleryLinkToken(upcoming);
  const shared = await repo.getSharedGallery(await hashLinkToken(token));
  expect(shared).toMatchObject({ token, isReleased: false, gallery: { uuid: upcoming, images_number: 2 } });
  expect(shared!.gallery.images).toHaveLength(2);
  expect(await repo.listUnreleasedGalleryLinks()).toEqual([{ uuid: upcoming, token }]);
  expect(await repo.getSharedGallery(await hashLinkToken(`g${token.slice(1)}x`))).toBeNull();
});
