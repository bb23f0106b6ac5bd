// Loading a content folder: every problem once, named by file and field; nothing else reported.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { loadContentFolder } from '#src/content/load-folder';
import { createMediaAddressing } from '#src/content/media-addressing';
import { formatProblem } from '#src/content/schema';
import { BODY_MEDIA_ROOT } from '#src/domain/media/payload-addresses';

const fixture = join(import.meta.dirname, '../../fixtures/content/basic');
const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function copy(): string {
  const folder = mkdtempSync(join(tmpdir(), 'content-'));
  folders.push(folder);
  cpSync(fixture, folder, { recursive: true });
  return folder;
}

function edit(folder: string, file: string, from: string, to: string): void {
  const path = join(folder, file);
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
}

// A fixed clock: which scheduled stories are due must not depend on the day the tests run.
const load = (folder: string) => loadContentFolder(folder, { addressing: createMediaAddressing(BODY_MEDIA_ROOT), now: 1_780_272_000 });
const problems = (folder: string) => {
  const result = load(folder);
  return result.ok ? [] : result.problems.map(formatProblem);
};

test('the test folder loads', () => {
  const result = load(fixture);
  expect(result.ok).toBe(true);
});

test('a broken contacts.yaml is one problem, not one per story that mentions a contact', () => {
  const folder = copy();
  edit(folder, 'contacts.yaml', 'email: jane@acme.example', 'email: not-an-email');
  expect(problems(folder)).toEqual(['contacts.yaml: [0].email: Invalid email address']);
});

test('a YAML syntax error is reported once', () => {
  const folder = copy();
  writeFileSync(join(folder, 'categories.yaml'), 'key: [unclosed');
  const found = problems(folder);
  expect(found).toHaveLength(1);
  expect(found[0]).toMatch(/^categories\.yaml: \(file\): not valid YAML/);
});

test('a broken gallery file is one problem, not also one per story embedding it', () => {
  const folder = copy();
  edit(folder, 'galleries/launch.yaml', 'published_at: 2026-05-01T10:00:00Z', 'published_at: yesterday');
  expect(problems(folder)).toEqual(['galleries/launch.yaml: published_at: must be an ISO 8601 date-time, e.g. 2026-10-02T09:30:00Z']);
});

test('an image above 78,643,200 pixels is refused, naming the file', () => {
  const folder = copy();
  // A PNG header is enough for the size check: 10240 × 7681 = 78,653,440 pixels.
  const png = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png, 0);
  png.writeUInt32BE(13, 8);
  png.write('IHDR', 12, 'ascii');
  png.writeUInt32BE(10240, 16);
  png.writeUInt32BE(7681, 20);
  writeFileSync(join(folder, 'media', 'huge.png'), png);
  edit(folder, 'stories/story-01/index.en.md', 'cover: cover.jpg', 'cover: huge.png');
  expect(problems(folder)).toEqual(['stories/story-01/index.en.md: cover: media file "huge.png" is 10240×7681: more than 78,643,200 pixels']);
});

test.each([
  ['fr', 'a slug that looks like a locale'],
  ['category', 'a reserved path'],
  ['healthz', 'the health check (ADR 0028)'],
])('the story slug %s is refused (%s)', (slug) => {
  const folder = copy();
  edit(folder, 'stories/story-01/index.en.md', 'slug: english-story-01', `slug: ${slug}`);
  expect(problems(folder)).toEqual([`stories/story-01/index.en.md: slug: "${slug}" is reserved (it looks like a locale code or a site path)`]);
});

test('unknown fields are errors: a typo never publishes silently', () => {
  const folder = copy();
  edit(folder, 'stories/private/index.en.md', 'visibility: private', 'visiblity: private\nvisibility: public');
  expect(problems(folder)).toEqual(['stories/private/index.en.md: (file): Unrecognized key: "visiblity"']);
});

test.each([
  ['a ../ path in a body directive', 'stories/story-01/index.en.md', '::attachment{src="../../.dev.vars" name="Secrets"}'],
  ['a ../ path as the cover', 'stories/story-01/index.en.md', null],
])('%s is refused as outside media/, once', (_name, file, directive) => {
  const folder = copy();
  writeFileSync(join(folder, '.dev.vars'), 'EMAIL_API_KEY=secret\n');
  if (directive) writeFileSync(join(folder, file), `${readFileSync(join(folder, file), 'utf8')}\n\n${directive}\n`);
  else edit(folder, file, 'cover: cover.jpg', 'cover: ../.dev.vars');
  expect(problems(folder)).toEqual([expect.stringMatching(/^stories\/story-01\/index\.en\.md: (body|cover): media file "\.\.\/(\.\.\/)?\.dev\.vars" is outside media\//)]);
  expect(readFileSync(join(folder, '.dev.vars'), 'utf8')).toContain('secret');
});

test('a symbolic link in media/ that points outside the folder is refused', () => {
  const folder = copy();
  const secret = join(folder, '..', `secret-${Date.now()}.jpg`);
  writeFileSync(secret, readFileSync(join(folder, 'media/photo.jpg')));
  folders.push(secret);
  symlinkSync(secret, join(folder, 'media/linked.jpg'));
  edit(folder, 'stories/story-01/index.en.md', 'cover: cover.jpg', 'cover: linked.jpg');
  expect(problems(folder)).toEqual(['stories/story-01/index.en.md: cover: media file "linked.jpg" is outside media/ (paths must stay inside the content folder\'s media/ folder)']);
});

test('a body image missing from media/ is reported once, naming the file', () => {
  const folder = copy();
  writeFileSync(join(folder, 'stories/story-01/index.en.md'), `${readFileSync(join(folder, 'stories/story-01/index.en.md'), 'utf8')}\n\n::image{src="missing.jpg"}\n`);
  expect(problems(folder)).toEqual(['stories/story-01/index.en.md: body: media file "missing.jpg" not found in media/']);
});

test('a symbolic link inside media/ to another file of media/ is fine', () => {
  const folder = copy();
  symlinkSync(join(folder, 'media/photo.jpg'), join(folder, 'media/alias.jpg'));
  edit(folder, 'stories/story-01/index.en.md', 'cover: cover.jpg', 'cover: alias.jpg');
  expect(problems(folder)).toEqual([]);
});

test('a story’s own contacts must be in contacts.yaml; each unknown one is named', () => {
  const folder = copy();
  edit(folder, 'stories/story-03/index.en.md', 'contacts: [jane]', 'contacts: [jane, nobody]');
  expect(problems(folder)).toEqual(['stories/story-03/index.en.md: contacts[1]: contact "nobody" not found in contacts.yaml']);
});

test('credits and licences: an image’s own, else the newsroom’s defaults, recorded beside its caption', () => {
  const folder = copy();
  writeFileSync(join(folder, 'newsroom.yaml'), `${readFileSync(join(folder, 'newsroom.yaml'), 'utf8')}image_credit: Acme Press Office\nimage_licence: CC0\n`);
  const result = load(folder);
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
  const launch = result.bundle.galleries.find((gallery) => gallery.key === 'launch')!;
  expect(launch.images.map((image) => image['prezly:data'])).toEqual([
    { caption: 'The launch', credit: 'Jane Press', licence: 'CC BY 4.0' },
    { credit: 'Acme Press Office', licence: 'CC0' },
  ]);
  const story = result.bundle.stories.find((candidate) => candidate.slug === 'english-story-03')!;
  expect(story.cover?.['prezly:data']).toEqual({ caption: 'A pinned cover', credit: 'Cover Studio', licence: 'CC BY-SA 4.0' });
  expect(story.contact_keys).toEqual(['jane']);
});

test('a language code that is not a supported locale is refused, naming the file and field', () => {
  const folder = copy();
  edit(folder, 'newsroom.yaml', '  - { code: ar }', '  - { code: ar }\n  - { code: xx }');
  expect(problems(folder)).toEqual(['newsroom.yaml: languages[3].code: "xx" is not a supported locale']);
});

test.each([
  ['a notice style outside the four', 'company/index.fr.yaml', 'style: warning', 'style: loud', 'company/index.fr.yaml: notifications[0].style: '],
  ['a notice link to another host by `//`', 'company/index.fr.yaml', 'target: /fr/privacy-policy', 'target: //evil.example/x', 'company/index.fr.yaml: notifications[0].actions[0].target: must be an http(s) URL or a path starting with /'],
  ['a notice link with a script scheme', 'company/index.fr.yaml', 'target: /fr/privacy-policy', "target: 'javascript:alert(1)'", 'company/index.fr.yaml: notifications[0].actions[0].target: must be an http(s) URL or a path starting with /'],
  ['a policy address that is not http(s)', 'company/index.en.yaml', 'cookie_policy_url: https://acme.example/cookies', 'cookie_policy_url: ftp://acme.example/cookies', 'company/index.en.yaml: cookie_policy_url: must be an http(s) URL'],
  ['a navigation layout outside bar and dropdown', 'newsroom.yaml', 'show_featured_categories: true', 'show_featured_categories: true\nnavigation: sidebar', 'newsroom.yaml: navigation: '],
  ['a content signal that is a word, not a yes or no', 'newsroom.yaml', 'show_featured_categories: true', 'show_featured_categories: true\ncontent_signals: { ai_train: "no" }', 'newsroom.yaml: content_signals.ai_train: must be true or false'],
  ['an unknown content signal', 'newsroom.yaml', 'show_featured_categories: true', 'show_featured_categories: true\ncontent_signals: { ai_training: false }', 'newsroom.yaml: content_signals: '],
  ['a featured category image missing from media/', 'categories.yaml', 'image: cover.jpg', 'image: missing.jpg', 'categories.yaml: [0].image: media file "missing.jpg" not found'],
])('%s is refused, naming the file and field', (_, file, from, to, expected) => {
  const folder = copy();
  edit(folder, file, from, to);
  const found = problems(folder);
  expect(found).toHaveLength(1);
  expect(found[0]).toContain(expected);
});

test.each([
  ['a policy folder of an unknown kind', 'policies/terms/index.en.md', '---\ntitle: Terms\n---\n\nText.\n', 'policies/terms: (folder name): must be one of privacy-policy, cookie-policy'],
  ['a policy in a language the newsroom lacks', 'policies/privacy-policy/index.de.md', '---\ntitle: Datenschutz\n---\n\nText.\n', 'policies/privacy-policy/index.de.md: (file name): language "de" is not listed in newsroom.yaml'],
  ['a policy without a title', 'policies/cookie-policy/index.en.md', '---\nupdated_at: 2026-01-01T00:00:00Z\n---\n\nText.\n', 'policies/cookie-policy/index.en.md: title: '],
  ['a policy without text', 'policies/cookie-policy/index.en.md', '---\ntitle: Cookies\n---\n\n', 'policies/cookie-policy/index.en.md: (body): is empty'],
])('%s is refused, naming the file', (_, file, text, expected) => {
  const folder = copy();
  mkdirSync(dirname(join(folder, file)), { recursive: true });
  writeFileSync(join(folder, file), text);
  const found = problems(folder);
  expect(found).toHaveLength(1);
  expect(found[0]).toContain(expected);
});

test('content signals: the defaults when newsroom.yaml names none, else its own, a left-out one defaulting', () => {
  const defaults = load(copy());
  if (!defaults.ok) throw new Error(defaults.problems.map(formatProblem).join('\n'));
  expect(defaults.bundle.newsroom.content_signals).toEqual({ enabled: true, search: true, ai_input: true, ai_train: false });
  const folder = copy();
  edit(folder, 'newsroom.yaml', 'show_featured_categories: true', 'show_featured_categories: true\ncontent_signals: { ai_input: false, ai_train: true }');
  const own = load(folder);
  if (!own.ok) throw new Error(own.problems.map(formatProblem).join('\n'));
  expect(own.bundle.newsroom.content_signals).toEqual({ enabled: true, search: true, ai_input: false, ai_train: true });
});

test('policies, notices and featured categories reach the bundle', () => {
  const result = load(copy());
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
  const { bundle } = result;
  expect(bundle.policies.map((policy) => [policy.kind, policy.locale, policy.title, policy.updated_at])).toEqual([
    ['privacy-policy', 'en', 'Privacy policy', 1_788_220_800],
    ['privacy-policy', 'fr', 'Politique de confidentialité', null],
  ]);
  expect(bundle.policies[0]!.body_html).toContain('<h2>Your rights</h2>');
  expect(bundle.companies.find((company) => company.locale === 'fr')!.notifications).toEqual([
    { style: 'warning', title: 'Le site déménage le 1er décembre.', description: 'Mettez à jour vos favoris.', actions: [{ name: 'En savoir plus', target: '/fr/privacy-policy' }] },
  ]);
  expect(bundle.newsroom).toMatchObject({ navigation: 'bar', show_featured_categories: true });
  expect(bundle.categories.map((category) => [category.key, category.featured, category.image?.filename ?? null])).toEqual([
    ['products', true, 'cover.jpg'],
    ['company', true, null],
    ['events', false, null],
    ['awards', false, null],
    ['research', false, null],
    ['partners', false, null],
  ]);
});

test('a story cannot take the slug index: /index.md is the homepage’s Markdown form', () => {
  const folder = copy();
  edit(folder, 'stories/story-05/index.en.md', 'slug: english-story-05', 'slug: index');
  expect(problems(folder)).toEqual(['stories/story-05/index.en.md: slug: "index" is reserved (it looks like a locale code or a site path)']);
});

test('a story without a uuid is refused, with a fresh uuid to write (its identity is never derived from its folder)', () => {
  const folder = copy();
  const text = readFileSync(join(folder, 'stories/story-01/index.en.md'), 'utf8');
  writeFileSync(join(folder, 'stories/story-01/index.en.md'), text.replace(/^uuid: .*\n/m, ''));
  const [problem, ...rest] = problems(folder);
  expect(rest).toEqual([]);
  expect(problem).toMatch(/^stories\/story-01\/index\.en\.md: uuid: required \(the story's identity; a new story takes a new one, e\.g\. uuid: [0-9a-f-]{36}\)$/);
});

test('two stories with one uuid (a copied file) are refused', () => {
  const folder = copy();
  const uuid = /^uuid: (.*)$/m.exec(readFileSync(join(folder, 'stories/story-01/index.en.md'), 'utf8'))![1]!;
  const other = join(folder, 'stories/story-02/index.en.md');
  writeFileSync(other, readFileSync(other, 'utf8').replace(/^uuid: .*$/m, `uuid: ${uuid}`));
  expect(problems(folder)).toEqual([`stories/story-02/index.en.md: uuid: uuid ${uuid} is used by another story`]);
});

test.each([
  ['embargo', 'confidential', 'an embargoed story becomes public at `published_at`; a confidential story never does'],
  ['embargo', 'private', 'an embargoed story becomes public at `published_at`; a private story never does'],
  ['scheduled', 'confidential', 'a scheduled story becomes public at `published_at`; a confidential story never does'],
  ['embargo', 'public', 'an embargoed story has `visibility: embargo`'],
] as const)('a story with status %s and visibility %s is refused as file: visibility: message', (status, visibility, message) => {
  const folder = copy();
  edit(folder, 'stories/embargoed/index.en.md', 'status: embargo\nvisibility: embargo', `status: ${status}\nvisibility: ${visibility}`);
  const found = problems(folder);
  expect(found).toHaveLength(1);
  expect(found[0]).toContain(`stories/embargoed/index.en.md: visibility: ${message}`);
});

test('a gallery dated after the import is imported unreleased, one dated at or before it released', () => {
  const folder = copy();
  // The fixed clock above is 2026-06-01 00:00 UTC.
  edit(folder, 'galleries/launch.yaml', 'published_at: 2026-05-01T10:00:00Z', 'published_at: 2026-06-01T00:00:00Z');
  const result = load(folder);
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
  const released = Object.fromEntries(result.bundle.galleries.map((gallery) => [gallery.key, gallery.is_public]));
  expect(released).toEqual({ empty: true, launch: true, upcoming: false });
});

test('two galleries with one uuid are refused, naming the first', () => {
  const folder = copy();
  edit(folder, 'galleries/upcoming.yaml', 'uuid: 8c2e4d6f-1a3b-4c5d-9e7f-0a1b2c3d4e5f', 'uuid: 6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b');
  expect(problems(folder)).toEqual(['galleries/upcoming.yaml: uuid: uuid 6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b is used by galleries/launch.yaml']);
});

test('a public story cannot show a gallery that is not released yet', () => {
  const folder = copy();
  edit(folder, 'stories/story-03/index.en.md', '::gallery{key="launch"}', '::gallery{key="upcoming"}');
  expect(problems(folder)).toEqual(['stories/story-03/index.en.md: body: gallery "upcoming" is not released until 2099-06-01 09:00 UTC: a public story cannot show it']);
});

test.each([
  ['an embargoed story released before the gallery is refused', 'status: embargo\nvisibility: embargo', '2099-06-01T08:59:00Z', ['stories/embargoed/index.en.md: body: gallery "upcoming" is not released until 2099-06-01 09:00 UTC, after this story goes live (2099-06-01 08:59 UTC): release the gallery no later than the story']],
  ['an embargoed story released with the gallery may show it', 'status: embargo\nvisibility: embargo', '2099-06-01T09:00:00Z', []],
  ['a gallery released before the embargoed story that shows it is refused on the gallery, naming the story', 'status: embargo\nvisibility: embargo', '2099-07-01T09:00:00Z', ['galleries/upcoming.yaml: published_at: 2099-06-01 09:00 UTC releases this gallery before stories/embargoed/index.en.md, which shows it, goes live (2099-07-01 09:00 UTC): its photos would be public while the story is under embargo; give the gallery the story\'s release time']],
  ['a gallery released before the scheduled story that shows it is refused too', 'status: scheduled\nvisibility: public', '2099-07-01T09:00:00Z', ['galleries/upcoming.yaml: published_at: 2099-06-01 09:00 UTC releases this gallery before stories/embargoed/index.en.md, which shows it, goes live (2099-07-01 09:00 UTC): its photos would be public while the story is under embargo; give the gallery the story\'s release time']],
  ['a scheduled story released before the gallery is refused', 'status: scheduled\nvisibility: public', '2099-05-01T09:00:00Z', ['stories/embargoed/index.en.md: body: gallery "upcoming" is not released until 2099-06-01 09:00 UTC, after this story goes live (2099-05-01 09:00 UTC): release the gallery no later than the story']],
  ['a draft (never released by the clock) may show it', 'status: draft\nvisibility: embargo', '2099-05-01T09:00:00Z', []],
])('%s', (_name, state, releasedAt, expected) => {
  const folder = copy();
  edit(folder, 'stories/embargoed/index.en.md', 'status: embargo\nvisibility: embargo', state);
  edit(folder, 'stories/embargoed/index.en.md', 'published_at: 2026-12-05T09:00:00Z', `published_at: ${releasedAt}`);
  edit(folder, 'stories/embargoed/index.en.md', 'Secret embargo.', 'Secret embargo.\n\n::gallery{key="upcoming"}');
  expect(problems(folder)).toEqual(expected);
});

test('a private story may show an unreleased gallery: the clock never makes it public', () => {
  const folder = copy();
  edit(folder, 'stories/private/index.en.md', 'Secret private.', 'Secret private.\n\n::gallery{key="upcoming"}');
  expect(problems(folder)).toEqual([]);
});

test('a media file written as the editor writes it (/media/…) is the same file as its plain path', () => {
  const plain = load(fixture);
  const folder = copy();
  edit(folder, 'stories/story-01/index.en.md', 'cover: cover.jpg', 'cover: /media/cover.jpg');
  const picked = load(folder);
  if (!plain.ok || !picked.ok) throw new Error('both load');
  const cover = (result: typeof plain) => (result.ok ? result.bundle.stories.find((story) => story.slug === 'english-story-01')!.cover : null);
  expect(cover(picked)).toEqual(cover(plain));
});

test.each([
  ['/etc/passwd'],
  ['/media/../newsroom.yaml'],
  ['/mediafile.jpg'],
])('a media reference %s outside media/ is refused', (reference) => {
  const folder = copy();
  edit(folder, 'stories/story-01/index.en.md', 'cover: cover.jpg', `cover: ${reference}`);
  const found = problems(folder);
  expect(found).toHaveLength(1);
  expect(found[0]).toMatch(/^stories\/story-01\/index\.en\.md: cover: /);
});
