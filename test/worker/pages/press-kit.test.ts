// The press kit on pages: video players that load only on a press (and the CSP that lets exactly
// their hosts be framed, on exactly those pages), link cards, credits and licences with original
// size, the share bar (public pages only) and print button, and a story's own media contacts.
import { env } from 'cloudflare:workers';
import { expect, test } from 'vitest';
import { SHARE_NETWORKS } from '#src/domain/share-links';
import { testLinkToken } from '../../fixtures/story-links';
import { ORIGIN, get } from '../request';

const LAUNCH = '6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const frameSrc = (response: Response) => /frame-src ([^;]+)/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1];
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].flatMap((match) => JSON.parse(match[1]!) as unknown);

test('a gallery video on YouTube is a poster linking to the video, naming its host; no frame is in the page', async () => {
  const response = await get(`/media/album/${LAUNCH}`);
  const html = await response.text();
  expect(html).toContain('<figure class="video-player" data-player="youtube" data-video-id="cE8dY2026xQ"><a href="https://youtu.be/cE8dY2026xQ" rel="noopener noreferrer" class="video-poster" aria-describedby="video-2-notice">');
  expect(html).toContain('<figcaption class="video-notice" id="video-2-notice">Pressing play loads the video from YouTube, which may set cookies.</figcaption>');
  expect(html).not.toMatch(/<iframe/);
  // A YouTube address that is not a video is a link card.
  expect(html).toMatch(/<figure class="link-card"><a href="https:\/\/www.youtube.com\/watch\?v=abc123" rel="noopener noreferrer">.*<span class="link-card-host">youtube.com<\/span>/);
  expect(frameSrc(response)).toBe('https://www.youtube-nocookie.com');
});

test('a story frames only the players it carries, a page without one frames nothing, and a cached copy keeps its policy', async () => {
  const first = await get('/english-story-03');
  const html = await first.text();
  expect(html).toContain('<figure class="video-player story-video" data-player="vimeo" data-video-id="901455216">');
  expect(html).toContain('<span class="link-card-title">Launch event programme</span><span class="link-card-host">events.acme.example</span>');
  expect(frameSrc(first)).toBe('https://player.vimeo.com');
  const again = await get('/english-story-03');
  expect(again.headers.get('X-Cache')).toBe('HIT');
  expect(frameSrc(again)).toBe('https://player.vimeo.com');
  for (const path of ['/english-story-01', '/', '/media']) expect(frameSrc(await get(path)), path).toBe("'none'");
});

test('gallery images show credit, licence (linked to its deed), original size and file size; ImageObject carries them', async () => {
  const html = await (await get(`/media/album/${LAUNCH}`)).text();
  expect(html).toContain('<span class="image-credit">Photo: Jane Press · <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">CC BY 4.0</a></span>');
  expect(html).toMatch(/<span class="gallery-image-meta">90 × 60 px · 1(\.1)? kB<\/span>/);
  const gallery = jsonLd(html).find((data) => (data as { '@type': string })['@type'] === 'ImageGallery') as { image: Record<string, unknown>[] };
  expect(gallery.image[0]).toMatchObject({ creditText: 'Jane Press', copyrightNotice: 'Jane Press', license: 'https://creativecommons.org/licenses/by/4.0/' });
  expect(gallery.image[1]).not.toHaveProperty('creditText');
});

test('a story cover shows its credit and licence, and the article’s image carries them', async () => {
  const html = await (await get('/english-story-03')).text();
  expect(html).toContain('<span class="image-credit">Photo: Cover Studio · <a href="https://creativecommons.org/licenses/by-sa/4.0/" rel="license">CC BY-SA 4.0</a></span>');
  const article = jsonLd(html).find((data) => (data as { '@type': string })['@type'] === 'NewsArticle') as { image: Record<string, unknown>[] };
  expect(article.image[0]).toMatchObject({ creditText: 'Cover Studio', license: 'https://creativecommons.org/licenses/by-sa/4.0/' });
});

test('a public story has the share bar (every network, the canonical address), copy link and print, served hidden until the script shows them', async () => {
  const html = await (await get('/english-story-03')).text();
  const canonical = encodeURIComponent(`${ORIGIN}/english-story-03`);
  const networks = [...html.matchAll(/data-share-network="([a-z]+)"/g)].map((match) => match[1]);
  expect(networks).toEqual([...SHARE_NETWORKS]);
  expect(html).toContain(`href="https://www.linkedin.com/sharing/share-offsite/?url=${canonical}"`);
  expect(html).toContain(`href="mailto:?subject=English%20story%20number%2003&amp;body=${canonical}"`);
  expect(html).toMatch(/<a class="share-link share-x" href="https:\/\/x.com\/intent\/post\?url=[^"]+" data-share-network="x" target="_blank" rel="noopener noreferrer">X<\/a>/);
  expect(html).toContain(`<button type="button" class="link-button share-copy" data-copy-link="${ORIGIN}/english-story-03" data-copied-label="Link copied" hidden="">Copy link</button>`);
  expect(html).toContain('<button type="button" class="link-button print-button" data-print="true" hidden="">Print or save as PDF</button>');
  // No third-party script: the bar is links.
  expect(html).not.toMatch(/<script[^>]+src="https?:\/\/(?!news\.test\.example)/);
  // A gallery is shared too, but has nothing to print.
  const gallery = await (await get(`/media/album/${LAUNCH}`)).text();
  expect(gallery).toContain(`data-copy-link="${ORIGIN}/media/album/${LAUNCH}"`);
  expect(gallery).not.toContain('data-print');
});

test('a secret-link page offers no sharing and no print button: its address must not travel', async () => {
  const { uuid } = (await env.DB.prepare("SELECT uuid FROM stories WHERE slug = 'embargoed-story'").first<{ uuid: string }>())!;
  const response = await get(`/s/${await testLinkToken(uuid)}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).not.toContain('data-share-network');
  expect(html).not.toContain('data-copy-link');
  expect(html).not.toContain('data-print');
});

test('a story names its own media contacts as cards with vCards; another story has none', async () => {
  const html = await (await get('/english-story-03')).text();
  expect(html).toContain('<h2 id="contacts-title">Media contacts</h2>');
  expect(html).toMatch(/<li class="contact-card" id="contact-jane">.*Jane Press.*href="\/contacts\/jane.vcf"/s);
  expect(await (await get('/english-story-01')).text()).not.toContain('contacts-title');
});

test('consent is asked only where something could set a cookie: not with tracking disabled (a secret-link page), yes on public pages', async () => {
  const publicPage = await (await get('/english-story-01')).text();
  expect(publicPage).toContain('data-consent-bar');
  expect(publicPage).toContain('data-consent-toggle');
  expect(publicPage).toMatch(/"analytics":\{"policy":"default",.*"isEnabled":true,"newsroomUuid":"11111111-2222-4333-8444-555555555555","storyUuid":"[0-9a-f-]{36}","plausibleDomains":null\}/);
  const { uuid } = (await env.DB.prepare("SELECT uuid FROM stories WHERE slug = 'embargoed-story'").first<{ uuid: string }>())!;
  const secret = await (await get(`/s/${await testLinkToken(uuid)}`)).text();
  expect(secret).not.toContain('data-consent-bar');
  expect(secret).not.toContain('data-consent-toggle');
  // The browser code reads the same decision from the page's analytics context.
  expect(secret).toMatch(/"analytics":\{"policy":"disabled",.*"isEnabled":false/);
});
