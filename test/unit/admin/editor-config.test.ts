// The editor's configuration is the content schema's, never a hand-kept copy: the checked-in file
// is what the generator makes now, every schema field has its widget, and the walker refuses what
// it cannot map.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { acceptedStates, generateEditorConfig } from '#src/admin/config/editor-config';
import { editorBackend, editorConfigYaml, LOCAL_ONLY_REPOSITORY } from '#src/admin/editor-config-document';
import { describeField } from '#src/admin/config/schema-walk';
import { stateProblem } from '#src/domain/publishing';
import { StoryFrontMatterSchema } from '#src/content/schema';
import { EDITOR_CONFIG_FILE, editorConfigText } from '../../../scripts/editor-config';

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
  const company = settings.files!.find((file) => file.name === 'company')!;
  expect(company.file).toBe('company/index.{{locale}}.yaml');
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

test.each([
  ['without a GitHub login: local mode only', { enabled: false } as const, { name: 'github', repo: LOCAL_ONLY_REPOSITORY, branch: 'main' }],
  [
    'with one: the repository, and the login through this site',
    { enabled: true, repository: { owner: 'northwind', name: 'newsroom' }, siteOrigin: 'https://news.northwind.example' } as const,
    { name: 'github', repo: 'northwind/newsroom', branch: 'main', base_url: 'https://news.northwind.example', auth_endpoint: 'admin/auth' },
  ],
])('the editor backend %s', (_case, login, expected) => {
  expect(editorBackend(login)).toEqual(expected);
  expect(JSON.parse(editorConfigYaml(editorBackend(login)).replace(/^#.*\n/, '')).backend).toEqual(expected);
});

test.each([
  ['a newsroom in Amsterdam picks and writes release times there, with the offset', 'Europe/Amsterdam', 'Europe/Amsterdam'],
  ['a newsroom on UTC writes them with Z', 'UTC', 'utc'],
  ['a newsroom without a time zone is on UTC', undefined, 'utc'],
])('%s', (_case, timeZone, expected) => {
  const fields = (generateEditorConfig({ ...LANGUAGES, ...(timeZone ? { timeZone } : {}) }).collections as Collection[]).find((collection) => collection.name === 'stories')!.fields!;
  for (const name of ['published_at', 'updated_at']) expect(fields.find((field) => field.name === name)).toEqual(expect.objectContaining({ widget: 'datetime', input_timezone: expected }));
});
