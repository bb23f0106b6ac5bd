// A gallery's release time and what a story may show of it (src/domain/gallery.ts), and the
// secret links of unreleased galleries (src/domain/gallery-link.ts).
import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { describeGalleryState, galleryReleasedBeforeStory, galleryShownTooEarly, isGalleryReleased, type GalleryShownTooEarly } from '#src/domain/gallery';
import { isWellFormedGalleryLinkToken, newGalleryLink, showsGalleryCard, withSecretGalleryLinks } from '#src/domain/gallery-link';
import { isWellFormedLinkToken } from '#src/domain/story-link';
import type { StoryStatus, StoryVisibility } from '#src/domain/story';

// 2027-02-04T07:00:00Z
const RELEASE = Date.UTC(2027, 1, 4, 7, 0, 0) / 1000;

test.each([
  [RELEASE - 1, false],
  [RELEASE, true],
  [RELEASE + 60, true],
])('a gallery released at 2027-02-04 07:00 is released at %i: %s', (now, expected) => {
  expect(isGalleryReleased({ published_at: RELEASE }, now)).toBe(expected);
});

const unreleased = { published_at: RELEASE, is_public: false };
const released = { published_at: RELEASE, is_public: true };

test.each<[string, StoryStatus, StoryVisibility, number, { published_at: number; is_public: boolean }, GalleryShownTooEarly | null]>([
  ['a public story, a released gallery', 'published', 'public', RELEASE - 60, released, null],
  ['a public story, an unreleased gallery', 'published', 'public', RELEASE - 60, unreleased, 'story-is-public'],
  ['a public story dated after the gallery, still unreleased', 'published', 'public', RELEASE + 60, unreleased, 'story-is-public'],
  ['an embargoed story released a minute before the gallery', 'embargo', 'embargo', RELEASE - 60, unreleased, 'story-released-first'],
  ['an embargoed story released with the gallery', 'embargo', 'embargo', RELEASE, unreleased, null],
  ['an embargoed story released after the gallery', 'embargo', 'embargo', RELEASE + 60, unreleased, null],
  ['a scheduled story released before the gallery', 'scheduled', 'public', RELEASE - 1, unreleased, 'story-released-first'],
  ['a scheduled story released with the gallery', 'scheduled', 'public', RELEASE, unreleased, null],
  ['a draft', 'draft', 'public', RELEASE - 60, unreleased, null],
  ['an uninitialized story', 'uninitialized', 'public', RELEASE - 60, unreleased, null],
  ['a private story', 'published', 'private', RELEASE - 60, unreleased, null],
  ['a confidential story', 'published', 'confidential', RELEASE - 60, unreleased, null],
  ['a published story under embargo visibility', 'published', 'embargo', RELEASE - 60, unreleased, null],
])('%s: %s', (_name, status, visibility, storyAt, gallery, expected) => {
  expect(galleryShownTooEarly({ status, visibility, published_at: storyAt }, gallery)).toBe(expected);
});

test.each<[string, StoryStatus, number, { published_at: number; is_public: boolean }, boolean]>([
  ['an embargoed story released after the unreleased gallery it shows', 'embargo', RELEASE + 60, unreleased, true],
  ['a scheduled story released after the unreleased gallery it shows', 'scheduled', RELEASE + 1, unreleased, true],
  ['an embargoed story released with the gallery', 'embargo', RELEASE, unreleased, false],
  ['an embargoed story released before the gallery (refused by galleryShownTooEarly instead)', 'embargo', RELEASE - 60, unreleased, false],
  ['a released gallery: public already, any story may show it', 'embargo', RELEASE + 60, released, false],
  ['a draft, which the clock never releases', 'draft', RELEASE + 60, unreleased, false],
  ['a published story', 'published', RELEASE + 60, unreleased, false],
])('%s: the gallery goes public first: %s', (_name, status, storyAt, gallery, expected) => {
  expect(galleryReleasedBeforeStory({ status, published_at: storyAt }, gallery)).toBe(expected);
});

test('the press office reads an unreleased gallery as under embargo, a released one as live', () => {
  expect(describeGalleryState(unreleased)).toBe('embargo until 2027-02-04 07:00 UTC');
  expect(describeGalleryState(released)).toBe('live');
});

test('a gallery token is a story-shaped token after a g: never taken for a story token', async () => {
  for (let i = 0; i < 20; i++) {
    const link = await newGalleryLink();
    expect(link.token).toMatch(/^g[A-Za-z0-9_-]{43}$/);
    expect(isWellFormedGalleryLinkToken(link.token)).toBe(true);
    expect(isWellFormedLinkToken(link.token)).toBe(false);
    expect(link.tokenHash).toBe(createHash('sha256').update(link.token).digest('hex'));
  }
  const [first, second] = [await newGalleryLink(), await newGalleryLink()];
  expect(second.token).not.toBe(first.token);
});

const STORY_TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_aBcDe';
test.each([
  ['a gallery token', `g${STORY_TOKEN}`, true],
  ['a story token', STORY_TOKEN, false],
  ['a story token that starts with g', `g${STORY_TOKEN.slice(1)}`, false],
  ['another letter in front', `h${STORY_TOKEN}`, false],
  ['one character too long', `g${STORY_TOKEN}A`, false],
  ['with a slash', `g${STORY_TOKEN.slice(0, 42)}/`, false],
  ['empty', '', false],
])('%s is a well-formed gallery token: %s', (_name, token, expected) => {
  expect(isWellFormedGalleryLinkToken(token)).toBe(expected);
});

const BODY =
  '<p>Intro</p><div class="story-gallery"><a href="/fr/media/album/8c2e4d6f-1a3b-4c5d-9e7f-0a1b2c3d4e5f"><span>Voir</span></a></div>' +
  '<div class="story-gallery"><a href="/fr/media/album/6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b"><span>Voir</span></a></div>';

test('a body’s card of an unreleased gallery is pointed at its secret link; other cards and text are left as they are', () => {
  expect(showsGalleryCard(BODY)).toBe(true);
  expect(showsGalleryCard('<p>No gallery here: story-gallery</p>')).toBe(false);
  const linked = withSecretGalleryLinks(BODY, [{ publicHref: '/fr/media/album/8c2e4d6f-1a3b-4c5d-9e7f-0a1b2c3d4e5f', secretHref: '/s/gTOKEN/fr' }]);
  expect(linked).toBe(BODY.replace('href="/fr/media/album/8c2e4d6f-1a3b-4c5d-9e7f-0a1b2c3d4e5f"', 'href="/s/gTOKEN/fr"'));
  expect(linked).toContain('href="/fr/media/album/6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b"');
  // Another language's address of the same gallery is not this card's.
  expect(withSecretGalleryLinks(BODY, [{ publicHref: '/media/album/8c2e4d6f-1a3b-4c5d-9e7f-0a1b2c3d4e5f', secretHref: '/s/gTOKEN' }])).toBe(BODY);
});
