/**
 * The body directives of docs/content-format.md as the editor's blocks: for each, the fields the
 * press office fills in, the pattern that finds it in a story's Markdown, and the two conversions
 * (a directive's text → field values → the same text). src/admin/client/admin.ts registers them
 * with Sveltia CMS as editor components.
 *
 * Only the canonical form is a block: `::name{a="…" b="…"}` with the attributes in the order
 * listed here, one space apart, each double-quoted, empty optional ones left out, and a `"` inside
 * a value written `&quot;` (the one character reference decoded; any other stays as written, and
 * the import decodes it). So `toBlock(fromBlock(text)) === text` for every text a pattern matches;
 * any other spelling (single quotes, another order, an attribute the import does not read) stays
 * plain Markdown in the editor, written back as it was.
 */

import type { KeyList } from '../config/key-choices';

export type BlockWidget = 'string' | 'image' | 'file' | 'select' | 'markdown';

export interface BlockField {
  readonly name: string;
  readonly label: string;
  readonly widget: BlockWidget;
  readonly required: boolean;
  readonly hint?: string;
  readonly options?: readonly string[];
  /** The value is a key of that file: picked from the keys it has (../config/key-choices.ts). */
  readonly keys?: KeyList;
}

export interface DirectiveBlock {
  /** The directive's name, also the editor component's id. */
  readonly name: string;
  readonly label: string;
  /** A Material Symbols icon name. */
  readonly icon: string;
  /** The attributes, in the canonical order. */
  readonly attributes: readonly BlockField[];
  /** `:::callout`: a container whose Markdown content is the `body` field. */
  readonly container?: boolean;
}

/** The callout types the page styles (src/content/directives.ts). */
export const CALLOUT_TYPES = ['info', 'warning', 'success', 'note'] as const;
/** The field holding a container's own Markdown. */
export const CONTAINER_BODY = 'body';

const mediaHint = 'A file in the media folder.';

export const DIRECTIVE_BLOCKS: readonly DirectiveBlock[] = [
  {
    name: 'image',
    label: 'Image',
    icon: 'image',
    attributes: [
      { name: 'src', label: 'Image', widget: 'image', required: true, hint: mediaHint },
      { name: 'caption', label: 'Caption', widget: 'string', required: false, hint: 'Shown under the image; also its text alternative when Alt is empty.' },
      { name: 'alt', label: 'Alternative text', widget: 'string', required: false, hint: 'What the image shows, for screen readers; empty: the caption.' },
      { name: 'credit', label: 'Credit', widget: 'string', required: false, hint: 'Who made it; empty with no licence: the newsroom\'s default credit.' },
      { name: 'licence', label: 'Licence', widget: 'string', required: false, hint: 'How it may be used, e.g. CC BY 4.0.' },
    ],
  },
  {
    name: 'gallery',
    label: 'Gallery',
    icon: 'photo_library',
    attributes: [{ name: 'key', label: 'Gallery', widget: 'string', keys: 'galleries', required: true, hint: 'One of the galleries (its file name in galleries/, e.g. dogger-ridge).' }],
  },
  {
    name: 'video',
    label: 'Video',
    icon: 'smart_display',
    attributes: [
      { name: 'url', label: 'Video address', widget: 'string', required: true, hint: 'A YouTube or Vimeo address (https://…): a player that loads only when pressed.' },
      { name: 'title', label: 'Title', widget: 'string', required: false, hint: 'What the video is; empty: its address.' },
      { name: 'thumbnail', label: 'Poster image', widget: 'image', required: false, hint: `Shown before the video plays. ${mediaHint}` },
    ],
  },
  {
    name: 'embed',
    label: 'Link card',
    icon: 'link',
    attributes: [
      { name: 'url', label: 'Address', widget: 'string', required: true, hint: 'An https:// address; YouTube and Vimeo addresses play as videos.' },
      { name: 'title', label: 'Title', widget: 'string', required: false, hint: 'The card\'s title; empty: its address.' },
      { name: 'thumbnail', label: 'Image', widget: 'image', required: false, hint: mediaHint },
    ],
  },
  {
    name: 'attachment',
    label: 'Download',
    icon: 'attach_file',
    attributes: [
      { name: 'src', label: 'File', widget: 'file', required: true, hint: mediaHint },
      { name: 'name', label: 'Name', widget: 'string', required: false, hint: 'The link\'s text; empty: the file\'s name.' },
    ],
  },
  {
    name: 'contact',
    label: 'Press contact',
    icon: 'contact_mail',
    attributes: [{ name: 'key', label: 'Contact', widget: 'string', keys: 'contacts', required: true, hint: 'One of Settings › Press contacts (its key, e.g. anna).' }],
  },
  {
    name: 'button',
    label: 'Button',
    icon: 'smart_button',
    attributes: [
      { name: 'href', label: 'Address', widget: 'string', required: true, hint: 'An https:// address, or a path on this site starting with /.' },
      { name: 'label', label: 'Text', widget: 'string', required: false, hint: 'The button\'s text; empty: its address.' },
    ],
  },
  {
    name: 'callout',
    label: 'Callout',
    icon: 'info',
    container: true,
    attributes: [{ name: 'type', label: 'Kind', widget: 'select', required: true, options: CALLOUT_TYPES, hint: 'info, warning, success or note: its colour and icon.' }],
  },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A value as written between double quotes, and back. */
export const encodeValue = (value: string) => value.replace(/"/g, '&quot;');
export const decodeValue = (written: string) => written.replace(/&quot;/g, '"');

/** A value that can be written at all: a directive's attributes hold one line. */
const writable = (value: string) => !/[\n\r]/.test(value);

/**
 * The source of a regular expression matching the canonical attribute list of `block`, each
 * attribute a named group (`a_<name>`). An optional one is absent or not empty (toBlock leaves
 * an empty one out); a required one is always there, even empty. The callout's type is one of the
 * known types.
 */
function attributesSource(block: DirectiveBlock): string {
  const parts = block.attributes.map((field, index) => {
    const value = field.options ? `(?:${field.options.map(escapeRegExp).join('|')})` : field.required ? '[^"\\n]*' : '[^"\\n]+';
    const space = index === 0 ? '' : ' ';
    const part = `${space}${field.name}="(?<a_${field.name}>${value})"`;
    return field.required ? part : `(?:${part})?`;
  });
  return `\\{${parts.join('')}\\}`;
}

/**
 * The pattern of one block. A leaf directive is a line of its own; a callout runs from its
 * opening line to the first line holding only `:::`. With the `m` flag Sveltia can find it
 * anywhere in a body. The first attribute must be required, so that the leading space rule holds.
 */
export function blockPattern(block: DirectiveBlock): RegExp {
  if (block.attributes[0] && !block.attributes[0].required) throw new Error(`::${block.name}: the first attribute must be required`);
  const opening = `${block.container ? ':::' : '::'}${block.name}${attributesSource(block)}`;
  const source = block.container ? `^${opening}\\n(?<${CONTAINER_BODY}>[\\s\\S]*?)\\n:::$` : `^${opening}$`;
  return new RegExp(source, 'm');
}

/** The field values of a matched block (a missing optional attribute is an empty string). */
export function fromBlock(block: DirectiveBlock, match: RegExpMatchArray): Record<string, string> {
  const groups = match.groups ?? {};
  const values: Record<string, string> = {};
  for (const field of block.attributes) values[field.name] = decodeValue(groups[`a_${field.name}`] ?? '');
  if (block.container) values[CONTAINER_BODY] = groups[CONTAINER_BODY] ?? '';
  return values;
}

/**
 * The canonical text of a block from its field values. A required attribute left empty is still
 * written (the import then names the problem); line breaks in a one-line value become spaces.
 */
export function toBlock(block: DirectiveBlock, props: Record<string, unknown>): string {
  const attributes: string[] = [];
  for (const field of block.attributes) {
    const raw = props[field.name];
    let value = typeof raw === 'string' ? raw : raw === undefined || raw === null ? '' : String(raw);
    if (!writable(value)) value = value.replace(/\s*[\n\r]+\s*/g, ' ');
    if (value === '' && !field.required) continue;
    attributes.push(`${field.name}="${encodeValue(value)}"`);
  }
  const opening = `${block.container ? ':::' : '::'}${block.name}{${attributes.join(' ')}}`;
  if (!block.container) return opening;
  const body = typeof props[CONTAINER_BODY] === 'string' ? (props[CONTAINER_BODY] as string) : '';
  return `${opening}\n${body}\n:::`;
}

/** The block a text is, when it is exactly one block in canonical form. */
export function blockOf(text: string): { block: DirectiveBlock; values: Record<string, string> } | null {
  for (const block of DIRECTIVE_BLOCKS) {
    const pattern = blockPattern(block);
    const match = text.match(new RegExp(`^(?:${pattern.source})$`));
    if (match) return { block, values: fromBlock(block, match) };
  }
  return null;
}
