// A card without a cover looks the same whether the server drew it or the load-more island
// appended it: the newsroom's logo, decorative, or its name.
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { JsonStoryCard } from '#src/ui/json-cards';
import type { StoredImagePayload } from '#src/domain/media-payload';
import { readConfig } from '#src/config/site';
import { buildLayout } from '#src/pages/layout';
import { CoverPlaceholder, coverPlaceholderJson } from '#src/views/components/cover-placeholder';
import { ContextProviders } from '#src/views/contexts';
import { testSite } from '../jobs/site-fixture';

const logo: StoredImagePayload = { version: 2, uuid: '0b7e1a2c-3d4e-4f50-8a6b-7c8d9e0f1a2b', filename: 'logo.png', mime_type: 'image/png', size: 1000, original_width: 480, original_height: 120, effects: [] };
const MEDIA_ROOT = '/media';

function serverBox(newsroomLogo: StoredImagePayload | null): string {
  const site = testSite({}, { newsroom_logo: newsroomLogo });
  const layout = buildLayout({ site, config: readConfig({} as CloudflareBindings), locale: 'en', path: '/', title: 'Home', description: '', pageTranslations: [] });
  return renderToStaticMarkup(
    <ContextProviders context={layout.context} siteDomains={layout.siteDomains}>
      <CoverPlaceholder mediaRoot={MEDIA_ROOT} />
    </ContextProviders>,
  );
}

function browserBox(newsroomLogo: StoredImagePayload | null): string {
  const site = testSite({}, { newsroom_logo: newsroomLogo });
  const story = { uuid: 'u', url: '/s', locale: 'en', title: 'T', subtitle: null, published_at: '2026-01-01T00:00:00Z', thumbnail_image: null, categories: [] };
  const html = renderToStaticMarkup(<JsonStoryCard story={story} bcp47="en" timeZone="UTC" placeholder={coverPlaceholderJson(site.newsroom, MEDIA_ROOT)} />);
  return /<span class="story-card-placeholder">.*?<\/span>(?=<\/a>)/.exec(html)![0];
}

test('with a logo: the logo, with an empty alt, in the placeholder box, the same on both sides', () => {
  const server = serverBox(logo);
  expect(server).toMatch(/^<span class="story-card-placeholder"><img class="story-card-logo" src="\/media\/0b7e1a2c-[^"]+" srcSet="[^"]+" sizes="240px" width="240" height="60" alt="" loading="lazy" decoding="async"\/><\/span>$/);
  expect(browserBox(logo)).toBe(server);
});

test('without a logo: the newsroom’s name, the same on both sides', () => {
  const server = serverBox(null);
  expect(server).toBe('<span class="story-card-placeholder"><span class="story-card-placeholder-name">Acme Newsroom</span></span>');
  expect(browserBox(null)).toBe(server);
});
