// One card markup for both sides (src/ui/cards.tsx): a story or gallery card the
// server draws for a page is the card the load-more island draws from the API's JSON of the same
// item, byte for byte.
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { JsonGalleryCard, JsonStoryCard, type GalleryCardJson, type StoryCardJson } from '#src/ui/json-cards';
import type { GallerySummary } from '#src/domain/gallery';
import type { StoredImagePayload } from '#src/domain/media-payload';
import type { StorySummary } from '#src/domain/story';
import { readConfig } from '#src/config/site';
import { messagesFor } from '#src/i18n/translate';
import { buildLayout } from '#src/pages/layout';
import { toStoryCard } from '#src/pages/story-cards';
import { coverPlaceholderJson } from '#src/views/components/cover-placeholder';
import { StoryCard } from '#src/views/components/story-card';
import { ContextProviders } from '#src/views/contexts';
import { galleryCardJson, storyCardJson } from '#src/pages/json-form';
import { GalleryIndexPage } from '#src/views/screens/gallery-pages';
import { testSite } from '../jobs/site-fixture';

const MEDIA_ROOT = '/media';
const cover: StoredImagePayload = { version: 2, uuid: '0b7e1a2c-3d4e-4f50-8a6b-7c8d9e0f1a2b', filename: 'wind.jpg', mime_type: 'image/jpeg', size: 1000, original_width: 1600, original_height: 900, effects: [] };
const logo: StoredImagePayload = { ...cover, uuid: '1c8f2b3d-4e5f-4a61-9b7c-8d9e0f1a2b3c', filename: 'logo.png', mime_type: 'image/png', original_width: 480, original_height: 120 };

function story(overrides: Partial<StorySummary> = {}): StorySummary {
  return { uuid: 'a1', slug: 'wind-farm', locale: 'fr', title: 'Parc éolien', subtitle: 'En mer', summary: '', published_at: 1_790_000_000, updated_at: 1_790_000_000, cover, categories: [{ id: 1, name: 'Énergie', slug: 'energie' }], ...overrides };
}

function withContext(site: ReturnType<typeof testSite>, locale: string, element: React.ReactElement): string {
  const layout = buildLayout({ site, config: readConfig({} as CloudflareBindings), locale, path: '/', title: 'Home', description: '', pageTranslations: [] });
  return renderToStaticMarkup(
    <ContextProviders context={layout.context} siteDomains={layout.siteDomains}>
      {element}
    </ContextProviders>,
  );
}

test.each([
  ['with a cover', story(), null],
  ['without a cover, with the logo', story({ cover: null, subtitle: '' }), logo],
  ['without a cover or a logo, without categories', story({ cover: null, categories: [] }), null],
])('a story card %s is the same from the server and from the island', (_name, summary, newsroomLogo) => {
  const site = testSite({}, { newsroom_logo: newsroomLogo, timezone: 'Europe/Paris' });
  const card = toStoryCard(site, summary);
  const server = withContext(site, 'fr', <StoryCard card={card} mediaRoot={MEDIA_ROOT} />);
  const json = storyCardJson(card, MEDIA_ROOT) as StoryCardJson;
  const browser = renderToStaticMarkup(<JsonStoryCard story={json} bcp47="fr" timeZone="Europe/Paris" placeholder={coverPlaceholderJson(site.newsroom, MEDIA_ROOT)} />);
  expect(browser).toBe(server);
  expect(server).toContain('class="story-card"');
});

test('a gallery card is the same from the server and from the island', () => {
  const gallery = { uuid: 'g1', title: 'Chantier', description: '', images_number: 12, videos_number: 1, thumbnail_image: cover, published_at: 1_790_000_000 } as unknown as GallerySummary;
  const site = testSite();
  const layout = buildLayout({ site, config: readConfig({} as CloudflareBindings), locale: 'fr', path: '/fr/media', title: 'Médias', description: '', pageTranslations: [] });
  const page = renderToStaticMarkup(<GalleryIndexPage model={{ layout, title: 'Médias', galleries: [{ gallery, href: '/fr/media/album/g1' }], page: 1, pages: 1, nextPageHref: null, previousPageHref: null }} />);
  const server = /<li class="gallery-card">(.*?)<\/li>/.exec(page)![1];
  const messages = messagesFor('fr');
  const json = galleryCardJson(gallery, '/fr/media/album/g1', MEDIA_ROOT) as GalleryCardJson;
  const browser = renderToStaticMarkup(
    <JsonGalleryCard gallery={json} templates={{ images: messages['media.images_count'], videos: messages['media.videos_count'] }} bcp47="fr" placeholder={coverPlaceholderJson(site.newsroom, MEDIA_ROOT)} />,
  );
  expect(browser).toBe(server);
});
