/**
 * Where each kind of content file lives in a content folder: the one description the import's
 * loaders and the editor's configuration (/admin) both read, so the editor writes exactly the
 * files the import reads (docs/content-format.md).
 *
 * Files that hold one language each are named `<name>.<locale>.<extension>`, the layout git-based
 * editors write for translations kept side by side: a story's languages are
 * `stories/<key>/index.<locale>.md`, one folder per translation group.
 */

/** A file per newsroom, per list or per setting. */
export const SINGLE_FILES = {
  newsroom: 'newsroom.yaml',
  categories: 'categories.yaml',
  contacts: 'contacts.yaml',
} as const;

/** The folder of media files the content refers to by path. */
export const MEDIA_FOLDER = 'media';

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

/** The file of one entry (and language), relative to the content folder: `stories/<key>/index.fr.md`. */
export function entryFile(kind: EntryKind, key: string, locale?: string): string {
  const layout: EntryLayout = ENTRY_LAYOUTS[kind];
  const path = layout.path.replace('{{slug}}', key);
  if (layout.perLocale && !locale) throw new Error(`${kind} files are per language: name one`);
  return `${layout.folder}/${path}${layout.perLocale ? `.${locale}` : ''}.${layout.extension}`;
}
