/**
 * Where each kind of content file lives in a content folder: the one description the import's
 * loaders, the upgrade script and the editor's configuration (/admin) all read, so the editor
 * writes exactly the files the import reads (docs/content-format.md,
 * docs/decisions/0038-content-folder-layout.md).
 *
 * Files that hold one language each are named `<name>.<locale>.<extension>`: the layout Sveltia
 * CMS reads and writes with i18n `structure: multiple_files` (verified with the editor itself). A
 * story's languages are `stories/<key>/index.<locale>.md`, one folder per translation group; the
 * company pages are `company/index.<locale>.yaml`. In the editor's configuration a folder
 * collection takes `folder` and `path` as they are here; the company pages, a file collection, take
 * `file: company/index.{{locale}}.yaml` (`localeFileTemplate`): without `{{locale}}` Sveltia reads
 * one file holding every language instead.
 */
import { looksLikeLocale } from '#src/i18n/locales';

/** A file per newsroom, per list or per setting. */
export const SINGLE_FILES = {
  newsroom: 'newsroom.yaml',
  categories: 'categories.yaml',
  contacts: 'contacts.yaml',
} as const;

/** The folder of media files the content refers to by path. */
export const MEDIA_FOLDER = 'media';

/**
 * The path inside media/ that a reference names. Content files write `photo.jpg`; the editor's
 * media picker writes the same file as `/media/photo.jpg`. Both name one file; anything else is
 * judged as written (a `../` or another absolute path is refused by the reader).
 */
export function mediaPathOf(reference: string): string {
  const prefix = `/${MEDIA_FOLDER}/`;
  return reference.startsWith(prefix) ? reference.slice(prefix.length) : reference;
}

/** A kind of content with one file per entry (galleries) or per entry and language (the rest). */
export interface EntryLayout {
  /** The folder under the content folder. */
  readonly folder: string;
  /** The entry's path inside the folder, `{{slug}}` standing for its key, without extension and language. */
  readonly path: string;
  readonly extension: 'md' | 'yaml';
  /** One file per language (`<path>.<locale>.<extension>`) or one file in all. */
  readonly perLocale: boolean;
}

export const ENTRY_LAYOUTS = {
  stories: { folder: 'stories', path: '{{slug}}/index', extension: 'md', perLocale: true },
  policies: { folder: 'policies', path: '{{slug}}/index', extension: 'md', perLocale: true },
  company: { folder: 'company', path: 'index', extension: 'yaml', perLocale: true },
  galleries: { folder: 'galleries', path: '{{slug}}', extension: 'yaml', perLocale: false },
} as const satisfies Record<string, EntryLayout>;

export type EntryKind = keyof typeof ENTRY_LAYOUTS;
export type PerLocaleKind = { [K in EntryKind]: (typeof ENTRY_LAYOUTS)[K]['perLocale'] extends true ? K : never }[EntryKind];

/** The file of one entry (and language), relative to the content folder: `stories/<key>/index.fr.md`. */
export function entryFile(kind: EntryKind, key: string, locale?: string): string {
  const layout: EntryLayout = ENTRY_LAYOUTS[kind];
  const path = layout.path.replace('{{slug}}', key);
  if (layout.perLocale && !locale) throw new Error(`${kind} files are per language: name one`);
  return `${layout.folder}/${path}${layout.perLocale ? `.${locale}` : ''}.${layout.extension}`;
}

/** A per-language file's path with `{{locale}}` where the language goes: `company/index.{{locale}}.yaml`. */
export function localeFileTemplate(kind: PerLocaleKind, key = '{{slug}}'): string {
  return entryFile(kind, key, '{{locale}}');
}

/** The directory holding an entry's language files, relative to the content folder: `stories/<key>`, `company`. */
export function entryDirectory(kind: PerLocaleKind, key = ''): string {
  const file = entryFile(kind, key, 'x');
  return file.slice(0, file.lastIndexOf('/'));
}

/** The extension of a kind's files, with its dot, as directory listings filter on it. */
export function entryExtension(kind: EntryKind): string {
  return `.${ENTRY_LAYOUTS[kind].extension}`;
}

/** The key of a one-file entry from its file name (`launch.yaml` → `launch`). */
export function entryKey(kind: 'galleries', name: string): string {
  return name.slice(0, -entryExtension(kind).length);
}

/**
 * What a file name found in an entry's directory is: one language of the entry (`index.fr.md`), a
 * file of the layout before the editor (a locale code: `fr.md`, to be renamed `index.fr.md`), or neither.
 */
export type EntryFileName =
  | { readonly kind: 'language'; readonly locale: string }
  | { readonly kind: 'old-layout'; readonly locale: string; readonly newName: string }
  | { readonly kind: 'unknown'; readonly expected: string };

export function classifyEntryFileName(kind: PerLocaleKind, name: string): EntryFileName {
  const layout: EntryLayout = ENTRY_LAYOUTS[kind];
  const base = layout.path.slice(layout.path.lastIndexOf('/') + 1);
  const extension = entryExtension(kind);
  const expected = `${base}.<locale>${extension}`;
  if (!name.endsWith(extension)) return { kind: 'unknown', expected };
  const stem = name.slice(0, -extension.length);
  const language = stem.startsWith(`${base}.`) ? stem.slice(base.length + 1) : null;
  if (language && !language.includes('.')) return { kind: 'language', locale: language };
  if (stem !== base && looksLikeLocale(stem)) return { kind: 'old-layout', locale: stem, newName: `${base}.${stem}${extension}` };
  return { kind: 'unknown', expected };
}

/** The command that moves a folder in the layout before the editor to this one (scripts/cli/upgrade-content-folder.ts). */
export const UPGRADE_COMMAND = 'npm run upgrade-content -- DIR';
