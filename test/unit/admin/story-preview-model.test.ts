// The editor's story preview as data: a story file's fields as the editor holds them, and what it
// can see of the rest of the folder, become the story view's model, the body rendered by the
// import's own pipeline, what the import would refuse listed in its words.
import { describe, expect, test } from 'vitest';
import { PREVIEW_MEDIA_ROOT, previewLocale, storyPreviewModel, withMediaUrls, type PreviewMedia, type PreviewSurroundings, type StoryPreviewInput } from '#src/admin/client/story-preview-model';
import type { StoredFilePayload, StoredImagePayload } from '#src/domain/media-payload';

const NOW = 1_790_000_000;
const PHOTO: StoredImagePayload = { version: 2, uuid: '11111111-1111-4111-8111-111111111111', filename: 'photo.jpg', mime_type: 'image/jpeg', size: 1000, original_width: 1600, original_height: 900, effects: [] };
const AVATAR: StoredImagePayload = { ...PHOTO, uuid: '22222222-2222-4222-8222-222222222222', filename: 'anna.jpg', original_width: 200, original_height: 200 };
const REPORT: StoredFilePayload = { version: 2, uuid: '33333333-3333-4333-8333-333333333333', filename: 'report.pdf', mime_type: 'application/pdf', size: 2_500_000 };

const FILES: Record<string, PreviewMedia> = {
  'photo.jpg': { state: 'ready', payload: PHOTO },
  'anna.jpg': { state: 'ready', payload: AVATAR },
  'report.pdf': { state: 'ready', payload: REPORT },
  'slow.jpg': { state: 'loading' },
  'broken.jpg': { state: 'refused', message: 'media file "broken.jpg" is not a readable image/jpeg image' },
};
const media = (path: string): PreviewMedia => FILES[path] ?? { state: 'refused', message: `media file "${path}" not found in media/` };

const SURROUNDINGS: PreviewSurroundings = {
  newsroom: {
    timezone: 'Europe/Amsterdam',
    image_credit: 'Northwind Energy',
    image_licence: 'CC BY 4.0',
    languages: [{ code: 'en', is_default: true }, { code: 'ar' }],
    theme: { accent: '#0b5c4b' },
  },
  categories: [{ key: 'solar', i18n: { en: { name: 'Solar power', slug: 'solar-power' }, ar: { name: 'الطاقة الشمسية', slug: 'al-taqa' } } }],
  contacts: [{ key: 'anna', name: 'Anna de Vries', description: 'Head of Communications', company: 'Northwind', email: 'anna@northwind.example', phone: '+31 20 123 4568', avatar: 'anna.jpg', locales: ['en'] }],
  galleries: new Map([['park', { uuid: '44444444-4444-4444-8444-444444444444', title: 'The park', images: [{ file: 'photo.jpg' }, { file: '/media/photo.jpg' }] }]]),
};
const UNREAD: PreviewSurroundings = { newsroom: null, categories: null, contacts: null, galleries: null };

const STORY = {
  uuid: 'c1401472-34b3-40e3-b4f7-73314a394b0e',
  slug: 'kreekrak',
  title: 'Kreekrak opens',
  subtitle: '120 MWp',
  summary: 'The park is open.',
  status: 'published',
  visibility: 'public',
  published_at: '2026-10-08T10:00:00Z',
  author: { display_name: 'Lotte Janssens', email: 'lotte@northwind.example' },
  categories: ['solar'],
  tags: ['Solar', 'zeeland', 'solar'],
  cover: '/media/photo.jpg',
  cover_caption: 'The park from the dike',
  contacts: ['anna'],
  body: 'Opening day.',
};

const preview = (data: Record<string, unknown>, overrides: Partial<StoryPreviewInput> = {}) => storyPreviewModel({ data, locale: 'en', surroundings: SURROUNDINGS, media, now: NOW, ...overrides });

describe('the story fields become the story view’s model', () => {
  test('a whole story: text, date, author, categories linked in its language, tags once each, cover with its caption and the newsroom’s rights, its contacts', () => {
    const { model, timeZone, problems } = preview(STORY);
    expect(model.story).toMatchObject({
      title: 'Kreekrak opens',
      subtitle: '120 MWp',
      summary: 'The park is open.',
      locale: 'en',
      published_at: Date.parse('2026-10-08T10:00:00Z') / 1000,
      author: { display_name: 'Lotte Janssens', email: 'lotte@northwind.example' },
      cover: { ...PHOTO, 'prezly:data': { caption: 'The park from the dike', credit: 'Northwind Energy', licence: 'CC BY 4.0' } },
    });
    expect(model.categories).toEqual([{ name: 'Solar power', href: '/category/solar-power' }]);
    expect(model.tags).toEqual([
      { name: 'Solar', href: null },
      { name: 'zeeland', href: null },
    ]);
    expect(model.contacts.map((contact) => [contact.name, contact.avatar?.uuid])).toEqual([['Anna de Vries', AVATAR.uuid]]);
    expect(model).toMatchObject({ shareBar: null, archive: null, layout: { languages: [], mediaRoot: PREVIEW_MEDIA_ROOT } });
    expect(timeZone).toBe('Europe/Amsterdam');
    expect(problems).toEqual([]);
  });

  test.each([
    ['another language: its categories’ names and addresses', { locale: 'ar' }, { categories: [{ name: 'الطاقة الشمسية', href: '/ar/category/al-taqa' }] }],
    ['a new story without a date yet: shown with today', { data: { ...STORY, published_at: '' } }, { story: { published_at: NOW, updated_at: NOW } }],
    ['a date that is not one: shown with today', { data: { ...STORY, published_at: 'next week' } }, { story: { published_at: NOW } }],
    ['no author', { data: { ...STORY, author: { display_name: '', email: '' } } }, { story: { author: null } }],
    ['a cover with rights of its own keeps them alone', { data: { ...STORY, cover_credit: 'Marit Bakker' } }, { story: { cover: { 'prezly:data': { caption: 'The park from the dike', credit: 'Marit Bakker' } } } }],
    ['a cover still being read: none yet', { data: { ...STORY, cover: 'slow.jpg' } }, { story: { cover: null } }],
    ['an unknown status and visibility: a public draft', { data: { ...STORY, status: 'live', visibility: 'everyone' } }, { story: { status: 'draft', visibility: 'public' } }],
    ['before the other files are read: no categories, no contacts, UTC', { surroundings: UNREAD }, { categories: [], contacts: [] }],
  ])('%s', (_, overrides, expected) => {
    const { data = STORY, ...rest } = overrides as Partial<StoryPreviewInput>;
    expect(preview(data, rest).model).toMatchObject(expected);
  });
});

describe('the body goes through the import’s pipeline, with what the editor can see', () => {
  test.each([
    ['an ::image of a file the editor holds: the public page’s figure, under the preview’s media root', '::image{src="photo.jpg" caption="Panels"}', [`<figure class="story-image" id="image-${PHOTO.uuid}"><a href="${PREVIEW_MEDIA_ROOT}/${PHOTO.uuid}/photo.jpg"`, '<span class="image-caption">Panels</span> <span class="image-credit">Photo: Northwind Energy · <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">CC BY 4.0</a></span>'], []],
    ['the editor’s media path names the same file', '::image{src="/media/photo.jpg"}', [`id="image-${PHOTO.uuid}"`], []],
    ['an ::attachment: its card with type and size', '::attachment{src="report.pdf" name="Annual report"}', ['<p class="attachment-card attachment-pdf">', 'Download Annual report', 'PDF · 2.5 MB'], []],
    ['a ::gallery: its card, linked in the story’s language, with its images', '::gallery{key="park"}', ['<div class="story-gallery"><a href="/media/album/44444444-4444-4444-8444-444444444444">', 'View the gallery: The park', '2 images'], []],
    ['a ::contact: its card and vCard', '::contact{key="anna"}', ['<div class="story-contact"><p><strong>Anna de Vries</strong>', 'href="/contacts/anna.vcf"'], []],
    ['a :::callout', ':::callout{type="warning"}\nMind the **gap**.\n:::', ['<div class="story-callout story-callout-warning" role="note"><p>Mind the <strong>gap</strong>.</p></div>'], []],
    ['pasted HTML is dropped: no script, no handler', 'Before\n\n<script>alert(1)</script>\n\n<img src="x" onerror="alert(2)">\n\n[link](javascript:alert(3))', ['<p>Before</p>', '<p><a>link</a></p>'], []],
    ['a file still being read: nothing yet, no problem', '::image{src="slow.jpg"}', ['<div></div>'], []],
    ['a file that is not there: the import’s refusal', '::image{src="missing.jpg"}', [], ['body: media file "missing.jpg" not found in media/']],
    ['a file the import cannot read', '::image{src="broken.jpg"}', [], ['body: media file "broken.jpg" is not a readable image/jpeg image']],
    ['a file that is not an image', '::image{src="report.pdf"}', [], ['body: media file "report.pdf" is not an image']],
    ['an unknown gallery', '::gallery{key="nowhere"}', [], ['body: ::gallery: gallery "nowhere" not found in galleries/']],
    ['an unknown contact', '::contact{key="nobody"}', [], ['body: ::contact: contact "nobody" not found in contacts.yaml']],
  ])('%s', (_, body, fragments, problems) => {
    const result = preview({ ...STORY, body });
    for (const fragment of fragments) expect(result.model.story.body_html).toContain(fragment);
    expect(result.model.story.body_html).not.toMatch(/<script|onerror|javascript:/);
    expect(result.problems).toEqual(problems);
  });

  test('before the galleries and contacts are read, their cards show the key and nothing is refused', () => {
    const result = preview({ ...STORY, body: '::gallery{key="park"}\n\n::contact{key="anna"}' }, { surroundings: UNREAD });
    expect(result.model.story.body_html).toContain('<span class="story-gallery-title">View the gallery: park</span>');
    expect(result.model.story.body_html).toContain('<strong>anna</strong>');
    expect(result.problems).toEqual([]);
  });

  test('the labels are in the story’s language', () => {
    const { model } = preview({ ...STORY, body: '::attachment{src="report.pdf" name="التقرير"}' }, { locale: 'ar' });
    expect(model.story.body_html).toContain('تنزيل التقرير');
  });
});

test.each([
  ['an unknown category', { categories: ['solar', 'tidal'] }, ['categories[1]: category "tidal" not found in categories.yaml']],
  ['an unknown contact', { contacts: ['anna', 'nobody'] }, ['contacts[1]: contact "nobody" not found in contacts.yaml']],
  ['a cover that is not there', { cover: 'gone.jpg' }, ['cover: media file "gone.jpg" not found in media/']],
  ['the same missing file twice: one problem', { body: '::image{src="gone.jpg"}\n\n::image{src="gone.jpg"}' }, ['body: media file "gone.jpg" not found in media/']],
])('what the import would refuse is listed: %s', (_, fields, problems) => {
  expect(preview({ ...STORY, ...fields }).problems).toEqual(problems);
});

test.each([
  ['a theme the import accepts', { accent: '#0b5c4b' }, ':root {\n  --accent: #0b5c4b;'],
  ['no theme', undefined, null],
  ['a colour being typed', { accent: '#0b5c' }, null],
  ['a pair the import refuses for its contrast', { header_background: '#ffffff', header_link: '#eeeeee' }, null],
  ['a logo height out of range', { logo_height: 200 }, null],
])('the newsroom’s theme: %s', (_, theme, expected) => {
  const { themeCss } = preview(STORY, { surroundings: { ...SURROUNDINGS, newsroom: { ...SURROUNDINGS.newsroom, theme } } });
  if (expected === null) expect(themeCss).toBeNull();
  else expect(themeCss).toContain(expected);
});

test.each([
  ['an image and its sizes', `<img src="${PREVIEW_MEDIA_ROOT}/${PHOTO.uuid}/-/resize/800x/photo.jpg" srcset="${PREVIEW_MEDIA_ROOT}/${PHOTO.uuid}/-/resize/400x/photo.jpg 400w, ${PREVIEW_MEDIA_ROOT}/${PHOTO.uuid}/photo.jpg 1600w">`, '<img src="blob:a" srcset="blob:a 400w, blob:a 1600w">'],
  ['a download', `<a href="${PREVIEW_MEDIA_ROOT}/${REPORT.uuid}/-/inline/no/report.pdf" download="">`, '<a href="blob:c" download="">'],
  ['a file not read: left as it is', `<img src="${PREVIEW_MEDIA_ROOT}/${AVATAR.uuid}/anna.jpg">`, `<img src="${PREVIEW_MEDIA_ROOT}/${AVATAR.uuid}/anna.jpg">`],
  ['other addresses: left alone', '<a href="/category/solar-power">Solar</a>', '<a href="/category/solar-power">Solar</a>'],
])('media addresses point at the files the editor holds: %s', (_, html, expected) => {
  const urls: Record<string, string> = { [PHOTO.uuid]: 'blob:a', [REPORT.uuid]: 'blob:c' };
  expect(withMediaUrls(html, (uuid) => urls[uuid] ?? null)).toBe(expected);
});

test.each([
  ['a saved file: its name', { path: 'stories/kreekrak/index.ar.md', otherLocales: ['en', 'fr', 'nl'], frameLocale: 'en' }, 'ar'],
  ['a language not saved yet: the one the entry lists no data for', { path: '', otherLocales: ['en', 'fr', 'ar'], frameLocale: 'en' }, 'nl'],
  ['a new story with a language switched off: the frame’s', { path: '', otherLocales: ['en'], frameLocale: 'fr' }, 'fr'],
])('the preview’s language: %s', (_, entry, expected) => {
  expect(previewLocale({ ...entry, editorLocales: ['en', 'fr', 'nl', 'ar'] })).toBe(expected);
});
