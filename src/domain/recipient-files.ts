/**
 * Files that name their recipient (docs/decisions/0053-files-that-name-their-recipient.md): on a
 * page opened through a recipient's own link, every file of the story (cover, body images and
 * each srcset size, attachments, gallery cards' images, the media ZIP) is served under
 * `/s/{file key}/…`, an address of that recipient alone.
 *
 * The file key is `f` and the base64url SHA-256 of the recipient's link token with a fixed label:
 * one-way, so a leaked file address gives away neither the link token nor the story page; the
 * same for the same link every time, so nothing needs storing to print it again. D1 keeps only
 * its own SHA-256 (`recipient_links.file_key_hash`), by which a file address is looked up (to
 * serve it, or to name whose it was). Its shape (`f` + 43) differs from every page token's.
 */
import { BODY_MEDIA_ROOT } from './media/payload-addresses';
import type { StoredFilePayload, StoredImagePayload } from './media-payload';
import { sha256Hex } from './sha256';
import { base64url } from './story-link';
import type { Story } from './story';

const FILE_KEY_PATTERN = /^f[A-Za-z0-9_-]{43}$/;
const FILE_KEY_LABEL = 'recipient-files:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The last segment of a recipient's ZIP address, `/s/{file key}/download`. */
export const RECIPIENT_ARCHIVE_SEGMENT = 'download';
/** The name a ZIP's downloads are counted under, beside the files' uuids. */
export const ARCHIVE_FILE = 'download';

/** The recipient's file key, derived from their link token. */
export async function recipientFileKey(linkToken: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(FILE_KEY_LABEL + linkToken)));
  return `f${base64url(digest)}`;
}

/** Cheap shape check before any lookup. */
export function isWellFormedRecipientFileKey(value: string): boolean {
  return FILE_KEY_PATTERN.test(value);
}

/** The lookup key stored beside the link: the file key's SHA-256, hex. */
export function hashRecipientFileKey(fileKey: string): Promise<string> {
  return sha256Hex(fileKey);
}

/** What a recipient's file address names: the ZIP, or one file (its uuid and what follows it: effects and name). */
export type RecipientFileTarget = { readonly kind: 'archive' } | { readonly kind: 'file'; readonly uuid: string; readonly rest: string; readonly filename: string };

export interface RecipientFileAddress {
  readonly fileKey: string;
  readonly target: RecipientFileTarget;
}

/**
 * Reads a recipient's file address wherever it was found: a whole URL, a path, with a locale or
 * other prefix, a query or fragment (dropped). Null when it is none.
 */
export function parseRecipientFileAddress(address: string): RecipientFileAddress | null {
  const path = address.trim().replace(/[?#].*$/, '');
  const match = /\/s\/(f[A-Za-z0-9_-]{43})\/(.+)$/.exec(path);
  if (!match) return null;
  const fileKey = match[1]!;
  const after = match[2]!.replace(/\/+$/, '');
  if (after === RECIPIENT_ARCHIVE_SEGMENT) return { fileKey, target: { kind: 'archive' } };
  const file = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(.+)$/i.exec(after);
  if (!file) return null;
  const rest = file[2]!;
  const last = rest.slice(rest.lastIndexOf('/') + 1);
  let filename: string;
  try {
    filename = decodeURIComponent(last);
  } catch {
    return null;
  }
  if (filename === '' || filename === '-') return null;
  return { fileKey, target: { kind: 'file', uuid: file[1]!.toLowerCase(), rest, filename } };
}

/** The story's parts that hold files. */
export interface StoryFiles {
  readonly cover: StoredImagePayload | null;
  readonly media_files: readonly StoredFilePayload[];
  readonly body_html: string;
}

/**
 * The uuids a recipient's file address may serve for a story: its cover, its files (the ZIP's
 * list) and every file its rendered body names (images with their sizes, attachments, gallery
 * cards' images). Any other uuid is no file of this story: not served under its addresses.
 */
export function storyFileUuids(story: StoryFiles): Set<string> {
  const uuids = new Set<string>();
  if (story.cover) uuids.add(story.cover.uuid.toLowerCase());
  for (const file of story.media_files) uuids.add(file.uuid.toLowerCase());
  const inBody = new RegExp(`${BODY_MEDIA_ROOT}/([0-9a-fA-F-]{36})/`, 'g');
  for (const match of story.body_html.matchAll(inBody)) if (UUID.test(match[1]!.toLowerCase())) uuids.add(match[1]!.toLowerCase());
  return uuids;
}

/** A recipient's file address found: the story, and the link to count downloads on. */
export interface RecipientFilesStory {
  readonly story: Story;
  readonly linkId: number;
}

/** The worker's side of recipients' file addresses (D1 in src/platform/d1/recipient-files.ts). */
export interface RecipientFileStore {
  /** The story behind a file key's hash; null when unknown or the link was revoked. */
  storyOfFileKey(fileKeyHash: string): Promise<RecipientFilesStory | null>;
  /** Keeps the link's file key hash (once: a hash already kept stays). */
  keepFileKey(linkId: number, fileKeyHash: string): Promise<void>;
  /** One download of `file` (a uuid, or ARCHIVE_FILE) through the link, at `at` (epoch seconds). */
  recordDownload(linkId: number, file: string, at: number): Promise<void>;
}
