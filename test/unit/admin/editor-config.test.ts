// The editor's configuration is the content schema's, never a hand-kept copy: the checked-in file
// is what the generator makes now, every schema field has its widget, and the walker refuses what
// it cannot map.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { acceptedStates, generateEditorConfig } from '#src/admin/config/editor-config';
import { editorBackend, editorConfigYaml, editorDeployment, inRepositoryFolder, LOCAL_ONLY_REPOSITORY, withUploadcareFields } from '#src/admin/editor-config-document';
import { describeField } from '#src/admin/config/schema-walk';
import { keyChoiceOptions } from '#src/admin/config/key-choices';
import { DIRECTIVE_BLOCKS } from '#src/admin/client/directive-blocks';
import { stateProblem } from '#src/domain/publishing';
import { StoryFrontMatterSchema } from '#src/content/schema';
import { EDITOR_CONFIG_FILE, editorConfigText } from '../../../scripts/build/editor-config';

const LANGUAGES = { locales: ['en', 'fr', 'ar'], defaultLocale: 'en' };
type Field = { name: string; widget: string; required: boolean; label: string; hint: string; fields?: Field[]; pattern?: [string, string]; options?: string[]; media_folder?: string; public_folder?: string; default?: unknown };
type Collection = { name: string; fields?: Field[]; files?: { name: string; file: string; fields: Field[] }[]; folder?: string; path?: string };
const collections = () => (generateEditorConfig(LANGUAGES).collections as Collection[]);
const storyFields = () => collections().find((collection) => collection.name === 'stories')!.fields!;

test('the checked-in editor configuration is the one the schema generates', () => {
  const checkedIn = readFileSync(EDITOR_CONFIG_FILE, 'utf8');
  expect(checkedIn === editorConfigText(), 'src/admin/editor-config.generated.json is out of date: run npm run editor-config').toBe(true);
});

test('every story front-matter field has a widget with a label and a hint, and the body is the Markdown', () => {
  const fields = storyFields();
  expect(fields.map((field) => field.name)).toEqual([...Object.keys(StoryFrontMatterSchema.shape), 'body']);
  for (const field of fields) {
    expect(field.label, field.name).toMatch(/\S/);
    expect(field.hint, field.name).toMatch(/\S/);
  }
});

test('no label or hint holds an angle bracket, which the editor would read as HTML and hide', () => {
  const texts: string[] = [];
  const walk = (fields: Field[] = []) => fields.forEach((field) => (texts.push(field.label, field.hint), walk(field.fields)));
  for (const collection of collections()) [collection.fields, ...(collection.files ?? []).map((file) => file.fields)].forEach(walk);
  expect(texts.length).toBeGreaterThan(50);
  expect(texts.filter((text) => /[<>]/.test(text))).toEqual([]);
});

test('stories are one file per language under stories/<key>/index.<locale>.md', () => {
  const stories = collections().find((collection) => collection.name === 'stories')!;
  expect([stories.folder, stories.path]).toEqual(['stories', '{{slug}}/index']);
  const config = generateEditorConfig(LANGUAGES);
  expect(config.i18n).toEqual({ structure: 'multiple_files', locales: ['en', 'fr', 'ar'], default_locale: 'en', initial_locales: 'all' });
});

test('required, patterns, enums, booleans, datetimes and media mirror the schema', () => {
  const byName = new Map(storyFields().map((field) => [field.name, field]));
  expect(byName.get('title')).toMatchObject({ widget: 'string', required: true });
  expect(byName.get('subtitle')).toMatchObject({ required: false });
  expect(byName.get('slug')!.pattern).toEqual(['/^[\\p{Ll}\\p{Lo}\\p{N}]+(?:-[\\p{Ll}\\p{Lo}\\p{N}]+)*$/u', 'must be lower-case letters, digits and single dashes']);
  expect(byName.get('status')).toMatchObject({ widget: 'select', options: ['uninitialized', 'draft', 'scheduled', 'embargo', 'published'] });
  expect(byName.get('pinned')).toMatchObject({ widget: 'boolean', default: false });
  expect(byName.get('notify')).toMatchObject({ widget: 'boolean', default: true });
  expect(byName.get('published_at')).toMatchObject({ widget: 'datetime', required: true });
  expect(byName.get('cover')).toMatchObject({ widget: 'image', media_folder: '/media', public_folder: '', required: false });
});

test("a field's pattern accepts what the schema accepts and refuses what it refuses", () => {
  const [source, flags] = storyFields().find((field) => field.name === 'slug')!.pattern![0].match(/^\/(.*)\/([a-z]*)$/)!.slice(1) as [string, string];
  const pattern = new RegExp(source, flags);
  for (const value of ['launch-2026', 'café-ouvert', 'نبأ-١']) expect([value, pattern.test(value)]).toEqual([value, StoryFrontMatterSchema.shape.slug.safeParse(value).success]);
  for (const value of ['Launch', 'two--dashes', '-lead']) expect([value, pattern.test(value)]).toEqual([value, false]);
});

test('status and visibility hints list exactly the pairs the import accepts', () => {
  const hint = storyFields().find((field) => field.name === 'status')!.hint;
  for (const state of acceptedStates()) expect(stateProblem(state)).toBeNull();
  expect(acceptedStates()).toContainEqual({ status: 'scheduled', visibility: 'public' });
  expect(acceptedStates()).not.toContainEqual({ status: 'scheduled', visibility: 'private' });
  expect(hint).toContain('scheduled: public;');
  expect(hint).toContain('embargo: embargo;');
});

test('categories get one name block per newsroom language', () => {
  const settings = collections().find((collection) => collection.name === 'settings')!;
  const categories = settings.files!.find((file) => file.name === 'categories')!;
  const i18n = categories.fields[0]!.fields!.find((field) => field.name === 'i18n')!;
  expect(i18n.fields!.map((field) => field.name)).toEqual(['en', 'fr', 'ar']);
});

test('the company pages are one file per language, in a collection with i18n of their own; the other settings files are one file each, in one without', () => {
  const [company, settings] = ['company', 'settings'].map((name) => collections().find((collection) => collection.name === name)! as Collection & { i18n?: boolean });
  expect(company!.i18n).toBe(true);
  expect(company!.files!.map((file) => [file.name, file.file, (file as { i18n?: boolean }).i18n])).toEqual([['company', 'company/index.{{locale}}.yaml', true]]);
  // In a collection with i18n, a file without it has no data for the default language (the preview reads newsroom.yaml).
  expect(settings!.i18n).toBeUndefined();
  expect(settings!.files!.map((file) => [file.name, (file as { i18n?: boolean }).i18n ?? false])).toEqual([['newsroom', false], ['categories', false], ['contacts', false]]);
});

test("a story's categories and contacts are selects of the keys categories.yaml and contacts.yaml have", () => {
  const byName = new Map(storyFields().map((field) => [field.name, field as Field & Record<string, unknown>]));
  expect(byName.get('categories')).toMatchObject({ widget: 'relation', collection: 'settings', file: 'categories', value_field: 'items.*.key', display_fields: ['items.*.i18n.en.name'], multiple: true, required: false });
  expect(byName.get('contacts')).toMatchObject({ widget: 'relation', collection: 'settings', file: 'contacts', value_field: 'items.*.key', display_fields: ['items.*.name'], multiple: true, required: false });
  // The files they read: a root list named as value_field says, whose items have a key.
  const settings = collections().find((collection) => collection.name === 'settings')!;
  for (const name of ['categories', 'contacts']) {
    const [list] = settings.files!.find((file) => file.name === name)!.fields as (Field & { root?: boolean })[];
    expect([list!.name, list!.root, list!.fields!.map((field) => field.name)[0]]).toEqual(['items', true, 'key']);
  }
});

test('the gallery and contact blocks pick from the galleries and the contacts', () => {
  const keyFields = DIRECTIVE_BLOCKS.flatMap((block) => block.attributes.filter((field) => field.keys).map((field) => [block.name, field.name, field.keys]));
  expect(keyFields).toEqual([
    ['gallery', 'key', 'galleries'],
    ['contact', 'key', 'contacts'],
  ]);
  expect(keyChoiceOptions('galleries', { multiple: false })).toEqual({ widget: 'relation', collection: 'galleries', value_field: '{{slug}}', display_fields: ['title'], search_fields: ['title'] });
  expect(collections().find((collection) => collection.name === 'galleries')).toMatchObject({ folder: 'galleries', path: '{{slug}}' });
});

test('the walker describes optional, nullable and defaulted fields as not required', () => {
  const schema = z.strictObject({ a: z.string(), b: z.string().optional(), c: z.string().nullish(), d: z.boolean().default(true) });
  const node = describeField(schema, 'x').node;
  expect(node.kind === 'object' && Object.fromEntries(Object.entries(node.fields).map(([name, field]) => [name, [field.required, field.default]]))).toEqual({ a: [true, undefined], b: [false, undefined], c: [false, undefined], d: [false, true] });
});

test('a zod construct without an editor mapping fails loudly, naming the field', () => {
  expect(() => describeField(z.strictObject({ when: z.date() }), 'story')).toThrow('story.when: zod type "date" has no editor mapping');
  expect(() => describeField(z.strictObject({ n: z.bigint() }), 'story')).toThrow('story.n: zod type "bigint"');
});

const GITHUB = { enabled: true, repository: { owner: 'northwind', name: 'newsroom' }, branch: 'main', publishMode: 'editorial_workflow' } as const;
// Every address is this site's own, on the editor page's origin: the GitHub proxy (which holds the
// App's key) and the sign-in popup; the browser never talks to GitHub.
const ORIGIN = 'https://news.northwind.example';
const PRODUCTION_BACKEND = {
  name: 'github',
  repo: 'northwind/newsroom',
  branch: 'main',
  api_root: `${ORIGIN}/admin/github/api/v3`,
  graphql_api_root: `${ORIGIN}/admin/github/api/graphql`,
  base_url: ORIGIN,
  auth_endpoint: 'admin/auth',
};

test.each([
  ['without a GitHub App: local mode only, each save writes the file', { enabled: false } as const, { name: 'github', repo: LOCAL_ONLY_REPOSITORY, branch: 'main' }, undefined],
  ['with one: the repository, through this site’s proxy and sign-in, a pull request per entry', GITHUB, PRODUCTION_BACKEND, 'editorial_workflow'],
  ['with one in simple mode: each save a commit on main', { ...GITHUB, publishMode: 'simple' } as const, PRODUCTION_BACKEND, 'simple'],
])('the editor deployment %s', (_case, github, backend, publishMode) => {
  expect(editorBackend(github, ORIGIN)).toEqual(backend);
  const served = JSON.parse(editorConfigYaml(editorDeployment(github, undefined, ORIGIN)).replace(/^#.*\n/, '')) as Record<string, unknown>;
  expect(served.backend).toEqual(backend);
  expect(served.publish_mode).toBe(publishMode);
  expect(served.collections).toBeDefined();
  expect(served).not.toHaveProperty('contentDir');
  // Nothing served names GitHub's own API.
  expect(JSON.stringify(served)).not.toContain('api.github.com');
});

test('the backend publishes to the branch the App is configured for', () => {
  expect(editorBackend({ ...GITHUB, branch: 'release' }, ORIGIN)).toEqual({ ...PRODUCTION_BACKEND, branch: 'release' });
});

/** Every media_folder of a served configuration, with where it sits. */
function mediaFolders(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => mediaFolders(item, at));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const name = typeof record.name === 'string' ? `${at}/${record.name}` : at;
  return Object.entries(record).flatMap(([key, item]) => (key === 'media_folder' ? [`${name}: ${String(item)}`] : mediaFolders(item, name)));
}

const served = (github: Parameters<typeof editorDeployment>[0], contentDir: string | null) => JSON.parse(editorConfigYaml(editorDeployment(github, contentDir)).replace(/^#.*\n/, '')) as { media_folder: string; public_folder: string; collections: Collection[] };

test('every file and media folder is served under the content folder inside the repository, locally and on GitHub alike; public addresses stay', () => {
  // A content folder that is the repository itself: the generated paths as they are.
  const local = served({ enabled: false }, null);
  const github = served(GITHUB, 'content/northwind');
  const localInRepository = served({ enabled: false }, 'content/northwind');
  expect([localInRepository.media_folder, localInRepository.collections]).toEqual([github.media_folder, github.collections]);
  expect([local.media_folder, github.media_folder]).toEqual(['media', 'content/northwind/media']);
  expect([local.public_folder, github.public_folder]).toEqual(['/media', '/media']);
  expect(github.collections.map((collection) => collection.folder ?? collection.files!.map((file) => file.file))).toEqual([
    'content/northwind/stories',
    'content/northwind/policies',
    'content/northwind/galleries',
    ['content/northwind/company/index.{{locale}}.yaml'],
    ['content/northwind/newsroom.yaml', 'content/northwind/categories.yaml', 'content/northwind/contacts.yaml'],
  ]);
  // The entry paths inside a collection's folder are the same.
  expect(github.collections.map((collection) => collection.path)).toEqual(local.collections.map((collection) => collection.path));
  const localFolders = mediaFolders(local.collections);
  expect(localFolders.length).toBeGreaterThan(3);
  expect(localFolders.every((folder) => folder.endsWith(': /media'))).toBe(true);
  expect(mediaFolders(github.collections)).toEqual(localFolders.map((folder) => folder.replace(/: \/media$/, ': /content/northwind/media')));
  expect(JSON.stringify(github).match(/"public_folder":"[^"]*"/g)).toEqual(JSON.stringify(local).match(/"public_folder":"[^"]*"/g));
});

test.each([
  ['a folder collection', { collections: [{ name: 'a', folder: 'posts', path: '{{slug}}' }] }, { collections: [{ name: 'a', folder: 'x/y/posts', path: '{{slug}}' }] }],
  ['a file collection', { collections: [{ name: 'b', files: [{ name: 'f', file: 'site.yaml' }] }] }, { collections: [{ name: 'b', files: [{ name: 'f', file: 'x/y/site.yaml' }] }] }],
  ['the global media folder, not its public folder', { media_folder: 'media', public_folder: '/media', collections: [] }, { media_folder: 'x/y/media', public_folder: '/media', collections: [] }],
  [
    'absolute media folders of a collection and of nested fields, not relative ones',
    { collections: [{ name: 'c', folder: 'p', media_folder: '/img', fields: [{ name: 'l', widget: 'list', fields: [{ name: 'i', widget: 'image', media_folder: '/media', public_folder: '' }, { name: 'j', widget: 'image', media_folder: 'own' }] }] }] },
    { collections: [{ name: 'c', folder: 'x/y/p', media_folder: '/x/y/img', fields: [{ name: 'l', widget: 'list', fields: [{ name: 'i', widget: 'image', media_folder: '/x/y/media', public_folder: '' }, { name: 'j', widget: 'image', media_folder: 'own' }] }] }] },
  ],
])('inRepositoryFolder moves %s', (_case, config, expected) => {
  expect(inRepositoryFolder(config, 'x/y')).toEqual(expected);
});

test.each([
  ['a newsroom in Amsterdam picks and writes release times there, with the offset', 'Europe/Amsterdam', 'Europe/Amsterdam'],
  ['a newsroom on UTC writes them with Z', 'UTC', 'utc'],
  ['a newsroom without a time zone is on UTC', undefined, 'utc'],
])('%s', (_case, timeZone, expected) => {
  const fields = (generateEditorConfig({ ...LANGUAGES, ...(timeZone ? { timeZone } : {}) }).collections as Collection[]).find((collection) => collection.name === 'stories')!.fields!;
  for (const name of ['published_at', 'updated_at']) expect(fields.find((field) => field.name === name)).toEqual(expect.objectContaining({ widget: 'datetime', input_timezone: expected }));
});

// With the editor's uploads to Uploadcare on (ADR 0042), config.yml's image and file fields are
// made Uploadcare fields when served; the checked-in configuration is left as the schema made it.
const SETTINGS = { public_key: 'demopublickey', upload_url: 'https://upload.uploadcare.com', cdn_url: 'https://ucarecdn.com', signature_url: '/admin/uploads/signature' };

test.each([
  ['an image field', { name: 'cover', widget: 'image', media_folder: '/media', public_folder: '', choose_url: false }, { name: 'cover', widget: 'uploadcare-image', media_folder: '/media', public_folder: '', choose_url: false, ...SETTINGS }],
  ['a file field', { name: 'src', widget: 'file', required: true }, { name: 'src', widget: 'uploadcare-file', required: true, ...SETTINGS }],
  ['a string field', { name: 'title', widget: 'string' }, { name: 'title', widget: 'string' }],
  ['a list of objects holding an image', { name: 'images', widget: 'list', fields: [{ name: 'file', widget: 'image' }, { name: 'caption', widget: 'string' }] }, { name: 'images', widget: 'list', fields: [{ name: 'file', widget: 'uploadcare-image', ...SETTINGS }, { name: 'caption', widget: 'string' }] }],
  ['a list of single images', { name: 'shots', widget: 'list', field: { name: 'shot', widget: 'image' } }, { name: 'shots', widget: 'list', field: { name: 'shot', widget: 'uploadcare-image', ...SETTINGS } }],
  ['an object that is not a field', { file: 'newsroom.yaml', widget: 'image' }, { file: 'newsroom.yaml', widget: 'image' }],
])('%s', (_name, field, expected) => {
  const config = { collections: [{ name: 'c', fields: [field] }] };
  const before = JSON.stringify(config);
  expect(withUploadcareFields(config, SETTINGS)).toEqual({ collections: [{ name: 'c', fields: [expected] }] });
  expect(JSON.stringify(config)).toBe(before);
});

test('served with uploads on, every media field of the generated configuration uploads to Uploadcare, and nothing else changes', () => {
  const served = JSON.parse(editorConfigYaml(editorDeployment({ enabled: false }), SETTINGS).replace(/^#.*\n/, '')) as Record<string, unknown>;
  const plain = JSON.parse(editorConfigYaml(editorDeployment({ enabled: false })).replace(/^#.*\n/, '')) as Record<string, unknown>;
  const text = JSON.stringify(served);
  expect(text).not.toMatch(/"widget":"(image|file)"/);
  expect(text.match(/"widget":"uploadcare-(image|file)"/g)!.length).toBe(JSON.stringify(plain).match(/"widget":"(image|file)"/g)!.length);
  // Undo the swap: the rest is the generated configuration as it was.
  const undone = text.replace(/"widget":"uploadcare-(image|file)"/g, '"widget":"$1"').replace(/,"public_key":"demopublickey","upload_url":"https:\/\/upload\.uploadcare\.com","cdn_url":"https:\/\/ucarecdn\.com","signature_url":"\/admin\/uploads\/signature"/g, '');
  expect(JSON.parse(undone)).toEqual(plain);
});
