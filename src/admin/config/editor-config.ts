/**
 * The editor's configuration (Sveltia CMS's `config.yml`, without its `backend`, which the worker
 * adds per deployment), generated from the content schemas the import validates with
 * (src/content/schema.ts) and the folder layout they share (src/content/folder-layout.ts), so a
 * value the editor accepts is one the import accepts (docs/decisions/0039-the-press-teams-editor.md).
 * Each field gets its widget from the schema's kind, `required` and its patterns from the schema's
 * checks, and its words from field-texts.ts; a schema field without words, or words without a
 * field, fail the generation. Node only: scripts/build/editor-config.ts writes the result to
 * src/admin/editor-config.generated.json.
 */
import { STORY_STATUSES, STORY_VISIBILITIES, type StoryStatus, type StoryVisibility } from '#src/domain/story';
import { stateProblem } from '#src/domain/publishing';
import { ENTRY_LAYOUTS, MEDIA_FOLDER, SINGLE_FILES, localeFileTemplate } from '#src/content/folder-layout';
import { CategoriesFileSchema, CompanyFileSchema, ContactsFileSchema, GalleryFileSchema, NewsroomFileSchema, PolicyFrontMatterSchema, StoryFrontMatterSchema } from '#src/content/schema';
import { FIELD_TEXTS, type FieldText, type FormName } from './field-texts';
import { GALLERIES_COLLECTION, ROOT_LIST_FIELD, SETTINGS_COLLECTION, keyChoiceOptions } from './key-choices';

/** The company pages, one file per language. */
const COMPANY_COLLECTION = 'company';
import { describeField, type SchemaField, type SchemaNode, type ZodLike } from './schema-walk';

export type EditorField = Record<string, unknown>;
export type EditorConfig = Record<string, unknown>;

/**
 * The newsroom's languages, from its newsroom.yaml: every locale the editor offers; and its time
 * zone (`timezone`, an IANA name; absent: UTC), the one release times are picked and written in.
 */
export interface EditorLanguages {
  readonly locales: readonly string[];
  readonly defaultLocale: string;
  readonly timeZone?: string;
}

/**
 * Date-times are picked in the newsroom's time zone whatever the computer's (the picker names the
 * zone beside it) and written with its offset, `2027-02-04T08:00:00+01:00`, which the import reads
 * as that instant; a newsroom on UTC writes `2027-02-04T07:00:00Z`. Sveltia's `input_timezone`:
 * with no `format`, a value keeps its own text until it is changed.
 */
export function datetimeOptions(timeZone: string | undefined): EditorField {
  return { input_timezone: !timeZone || timeZone === 'UTC' ? 'utc' : timeZone };
}

/** A zod pattern as Sveltia reads one: `/source/flags` (Unicode classes need their `u`). */
const patternOf = (source: string, flags: string) => `/${source}/${flags}`;

/** The status × visibility pairs the import accepts (`stateProblem`), for the two fields' hints. */
export function acceptedStates(): { status: StoryStatus; visibility: StoryVisibility }[] {
  return STORY_STATUSES.flatMap((status) => STORY_VISIBILITIES.filter((visibility) => stateProblem({ status, visibility }) === null).map((visibility) => ({ status, visibility })));
}

function stateHint(): string {
  const pairs = acceptedStates();
  const byStatus = STORY_STATUSES.map((status) => `${status}: ${pairs.filter((pair) => pair.status === status).map((pair) => pair.visibility).join(', ')}`);
  return `Status and visibility go together; the import refuses any other pair. Accepted: ${byStatus.join('; ')}.`;
}

class Generator {
  private readonly used = new Set<string>();

  constructor(private readonly languages: EditorLanguages) {}

  private text(form: FormName, path: string): FieldText {
    const texts: Readonly<Record<string, FieldText>> = FIELD_TEXTS[form];
    const text = texts[path];
    if (!text) throw new Error(`${form}.${path}: a schema field with no editor mapping: add its label and hint to src/admin/config/field-texts.ts`);
    this.used.add(`${form}.${path}`);
    return text;
  }

  /** Every entry of field-texts.ts was used: one naming no schema field is a leftover. */
  checkAllUsed(): void {
    const unused = Object.entries(FIELD_TEXTS).flatMap(([form, texts]) => Object.keys(texts).map((path) => `${form}.${path}`)).filter((key) => !this.used.has(key));
    if (unused.length > 0) throw new Error(`Editor mappings naming no schema field: ${unused.join(', ')}`);
  }

  /** The fields of an object schema. */
  fields(form: FormName, node: SchemaNode, prefix: string, options: { i18n?: boolean } = {}): EditorField[] {
    if (node.kind !== 'object') throw new Error(`${form}.${prefix}: expected an object schema`);
    return Object.entries(node.fields).map(([name, field]) => this.field(form, name, field, prefix ? `${prefix}.${name}` : name, options));
  }

  field(form: FormName, name: string, field: SchemaField, path: string, options: { i18n?: boolean }): EditorField {
    const text = this.text(form, path);
    const base: EditorField = { name, label: text.label, hint: text.hint, required: field.required, ...(options.i18n ? { i18n: true } : {}) };
    if (form === 'stories' && (name === 'status' || name === 'visibility')) base.hint = stateHint();
    return { ...base, ...this.widget(form, field, path, text, options) };
  }

  private widget(form: FormName, field: SchemaField, path: string, text: FieldText, options: { i18n?: boolean }): EditorField {
    const node = field.node;
    const defaults = field.default !== undefined && field.default !== '' && typeof field.default !== 'object' ? { default: field.default } : {};
    const mediaPattern = node.kind === 'string' && node.patterns.some((pattern) => pattern.message.includes(`${MEDIA_FOLDER}/`));
    if (mediaPattern !== (text.widget === 'image' || text.widget === 'file')) {
      throw new Error(`${form}.${path}: ${mediaPattern ? 'a media file field needs widget image or file' : 'only media file fields take an image or file widget'} in field-texts.ts`);
    }
    if (text.keys) return this.keyWidget(form, field, path, text.keys);
    switch (node.kind) {
      case 'string':
        return { ...this.stringWidget(form, node, path, text), ...defaults };
      case 'number':
        return { widget: 'number', value_type: node.integer ? 'int' : 'float', ...(node.min !== null ? { min: node.min } : {}), ...(node.max !== null ? { max: node.max } : {}), ...defaults };
      case 'boolean':
        return { widget: 'boolean', default: typeof field.default === 'boolean' ? field.default : false };
      case 'enum':
        return { widget: 'select', options: [...node.values], ...defaults };
      case 'object':
        return { widget: 'object', collapsed: 'auto', fields: this.fields(form, node, path, options) };
      case 'array':
        return { ...this.listWidget(form, node, path, options), ...(node.minLength !== null ? { min: node.minLength } : {}) };
      case 'record':
        return { widget: 'object', collapsed: 'auto', fields: this.recordFields(form, node, path, options) };
      case 'union':
        return { widget: 'string', ...this.unionPattern(form, node, path) };
    }
  }

  /** A key of another file, or a list of them: a select of the keys that file has. */
  private keyWidget(form: FormName, field: SchemaField, path: string, keys: NonNullable<FieldText['keys']>): EditorField {
    const multiple = field.node.kind === 'array';
    const value = field.node.kind === 'array' ? field.node.element : field.node;
    if (value.kind !== 'string' || value.format !== null) throw new Error(`${form}.${path}: only a string or a list of strings can hold ${keys} keys`);
    return keyChoiceOptions(keys, { multiple, defaultLocale: this.languages.defaultLocale });
  }

  private stringWidget(form: FormName, node: Extract<SchemaNode, { kind: 'string' }>, path: string, text: FieldText): EditorField {
    if (text.widget === 'image' || text.widget === 'file') return { widget: text.widget, media_folder: `/${MEDIA_FOLDER}`, public_folder: '', choose_url: false };
    if (node.format === 'datetime') return { widget: 'datetime', ...datetimeOptions(this.languages.timeZone) };
    if (node.format === 'uuid') return { widget: 'uuid' };
    if (node.patterns.length > 1) throw new Error(`${form}.${path}: more than one pattern has no editor mapping`);
    const [pattern] = node.patterns;
    const lengths = { ...(node.minLength !== null && node.minLength > 1 ? { minlength: node.minLength } : {}), ...(node.maxLength !== null ? { maxlength: node.maxLength } : {}) };
    return {
      widget: text.widget === 'text' ? 'text' : 'string',
      ...(node.format === 'email' ? { type: 'email' } : {}),
      ...(node.format === 'url' ? { type: 'url', pattern: [patternOf('^https?://\\S+$', ''), 'must be an http(s) URL'] } : {}),
      ...(pattern ? { pattern: [patternOf(pattern.source, pattern.flags), pattern.message] } : {}),
      ...lengths,
    };
  }

  private unionPattern(form: FormName, node: Extract<SchemaNode, { kind: 'union' }>, path: string): EditorField {
    const sources = node.options.map((option) => {
      if (option.kind !== 'string') throw new Error(`${form}.${path}: a union of other than strings has no editor mapping`);
      if (option.format === 'url') return '^https?://\\S+$';
      if (option.patterns.length !== 1) throw new Error(`${form}.${path}: a union member needs exactly one pattern`);
      return option.patterns[0]!.source;
    });
    return { pattern: [patternOf(sources.map((source) => `(?:${source})`).join('|'), ''), node.message ?? 'invalid value'] };
  }

  private listWidget(form: FormName, node: Extract<SchemaNode, { kind: 'array' }>, path: string, options: { i18n?: boolean }): EditorField {
    const element = node.element;
    if (element.kind === 'object') return { widget: 'list', collapsed: 'auto', fields: this.fields(form, element, path, options) };
    if (element.kind === 'string' && element.patterns.length === 0 && element.format === null) return { widget: 'list' };
    if (element.kind === 'string') {
      const item = this.stringWidget(form, element, path, { label: '', hint: '' });
      return { widget: 'list', field: { name: 'item', label: 'Item', widget: 'string', ...(item.pattern ? { pattern: item.pattern } : {}) } };
    }
    throw new Error(`${form}.${path}: a list of ${element.kind} has no editor mapping`);
  }

  /** A record keyed by an enum (one field per value) or by a locale (one field per newsroom language). */
  private recordFields(form: FormName, node: Extract<SchemaNode, { kind: 'record' }>, path: string, options: { i18n?: boolean }): EditorField[] {
    if (node.key.kind === 'enum') {
      return node.key.values.map((key) => this.field(form, key, { node: node.value, required: false }, `${path}.${key}`, options));
    }
    const isLocaleKey = node.key.kind === 'string' && node.key.patterns.some((pattern) => pattern.message.includes('locale'));
    if (!isLocaleKey) throw new Error(`${form}.${path}: a record keyed by other than an enum or a locale has no editor mapping`);
    return this.languages.locales.map((locale) => ({ name: locale, label: locale, widget: 'object', required: locale === this.languages.defaultLocale, fields: this.fields(form, node.value, path, options) }));
  }
}

const describe = (schema: ZodLike, name: string) => describeField(schema, name).node;

function bodyField(hint: string): EditorField {
  return { name: 'body', label: 'Text', hint, widget: 'markdown', required: true, i18n: true };
}

/** The whole configuration but its backend, for the newsroom's languages. */
export function generateEditorConfig(languages: EditorLanguages): EditorConfig {
  const generator = new Generator(languages);
  const stories = ENTRY_LAYOUTS.stories;
  const policies = ENTRY_LAYOUTS.policies;
  const galleries = ENTRY_LAYOUTS.galleries;
  const listFile = (form: 'categories' | 'contacts', schema: ZodLike) => {
    const node = describe(schema, form);
    if (node.kind !== 'array' || node.element.kind !== 'object') throw new Error(`${form}: expected a list of objects`);
    return [{ name: ROOT_LIST_FIELD, label: form === 'categories' ? 'Categories' : 'Contacts', widget: 'list', root: true, collapsed: true, summary: '{{fields.key}}', fields: generator.fields(form, node.element, '') }];
  };

  const config: EditorConfig = {
    app_title: 'Newsroom editor',
    media_folder: MEDIA_FOLDER,
    public_folder: `/${MEDIA_FOLDER}`,
    // Stock photo libraries (Pexels, Unsplash…) are third parties the policy blocks, and their
    // pictures come without the credit and licence the newsroom shows: not offered.
    media_libraries: { stock_assets: false },
    // A new entry starts in every language, each with its own fresh uuid (a language turned on
    // later would copy the default's, which the import refuses); the press officer turns off the
    // languages the story is not written in, which are then not saved.
    i18n: { structure: 'multiple_files', locales: [...languages.locales], default_locale: languages.defaultLocale, initial_locales: 'all' },
    output: { omit_empty_optional_fields: true },
    collections: [
      {
        name: 'stories',
        label: 'Stories',
        label_singular: 'Story',
        icon: 'newspaper',
        folder: stories.folder,
        path: stories.path,
        extension: stories.extension,
        format: 'yaml-frontmatter',
        i18n: true,
        identifier_field: 'title',
        summary: '{{title}} ({{status}}, {{visibility}})',
        sortable_fields: ['published_at', 'title'],
        fields: [...generator.fields('stories', describe(StoryFrontMatterSchema, 'stories'), '', { i18n: true }), bodyField('The story, in Markdown; blocks such as ::image are written as in docs/content-format.md.')],
      },
      {
        name: 'policies',
        label: 'Policies',
        label_singular: 'Policy',
        icon: 'policy',
        folder: policies.folder,
        path: policies.path,
        extension: policies.extension,
        format: 'yaml-frontmatter',
        i18n: true,
        create: false,
        identifier_field: 'title',
        fields: [...generator.fields('policies', describe(PolicyFrontMatterSchema, 'policies'), '', { i18n: true }), bodyField('The policy, in Markdown.')],
      },
      {
        name: GALLERIES_COLLECTION,
        label: 'Galleries',
        label_singular: 'Gallery',
        icon: 'photo_library',
        folder: galleries.folder,
        path: galleries.path,
        extension: galleries.extension,
        format: 'yaml',
        identifier_field: 'title',
        fields: generator.fields('galleries', describe(GalleryFileSchema, 'galleries'), ''),
      },
      {
        // A collection of its own: a file's `i18n` counts only in a collection that has it, and in
        // one that has it the other files' data is read for the default language, where a file
        // without i18n has none (the story preview reads newsroom.yaml through it).
        name: COMPANY_COLLECTION,
        label: 'Company pages',
        icon: 'apartment',
        i18n: true,
        files: [{ name: 'company', label: 'Company pages', file: localeFileTemplate('company'), format: 'yaml', i18n: true, fields: generator.fields('company', describe(CompanyFileSchema, 'company'), '', { i18n: true }) }],
      },
      {
        name: SETTINGS_COLLECTION,
        label: 'Settings',
        icon: 'settings',
        files: [
          { name: 'newsroom', label: 'Newsroom', file: SINGLE_FILES.newsroom, format: 'yaml', fields: generator.fields('newsroom', describe(NewsroomFileSchema, 'newsroom'), '') },
          { name: 'categories', label: 'Categories', file: SINGLE_FILES.categories, format: 'yaml', fields: listFile('categories', CategoriesFileSchema) },
          { name: 'contacts', label: 'Press contacts', file: SINGLE_FILES.contacts, format: 'yaml', fields: listFile('contacts', ContactsFileSchema) },
        ],
      },
    ],
  };
  generator.checkAllUsed();
  return config;
}
