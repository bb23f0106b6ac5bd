/**
 * Fields that name another file's entry by its key (a story's `categories:` and `contacts:`, the
 * `::gallery{key}` and `::contact{key}` blocks) are selects of the keys that exist, read by the
 * editor from those files: Sveltia's `relation` widget. Shared by the generated configuration
 * (./editor-config.ts) and the body blocks (../client/directive-blocks.ts), so both name the
 * collections as the configuration defines them. No imports: the admin script bundles it.
 */

/** The collection of the single settings files, and the name of a list file's one root field. */
export const SETTINGS_COLLECTION = 'settings';
export const ROOT_LIST_FIELD = 'items';
export const GALLERIES_COLLECTION = 'galleries';

/** Where keys come from: categories.yaml, contacts.yaml, the files of galleries/. */
export type KeyList = 'categories' | 'contacts' | 'galleries';

/**
 * The relation options of a field holding a key (or, `multiple`, a list of keys) of `list`. A
 * category shows its name in `defaultLocale` (without one, its key); a contact its name; a gallery
 * its title. The value written is the key itself, as the files have it.
 */
export function keyChoiceOptions(list: KeyList, options: { multiple: boolean; defaultLocale?: string }): Record<string, unknown> {
  const multiple = options.multiple ? { multiple: true } : {};
  const item = (field: string) => `${ROOT_LIST_FIELD}.*.${field}`;
  switch (list) {
    case 'categories': {
      const name = item(options.defaultLocale ? `i18n.${options.defaultLocale}.name` : 'key');
      return { widget: 'relation', collection: SETTINGS_COLLECTION, file: 'categories', value_field: item('key'), display_fields: [name], search_fields: [...new Set([item('key'), name])], ...multiple };
    }
    case 'contacts':
      return { widget: 'relation', collection: SETTINGS_COLLECTION, file: 'contacts', value_field: item('key'), display_fields: [item('name')], search_fields: [item('key'), item('name')], ...multiple };
    case 'galleries':
      return { widget: 'relation', collection: GALLERIES_COLLECTION, value_field: '{{slug}}', display_fields: ['title'], search_fields: ['title'], ...multiple };
  }
}
