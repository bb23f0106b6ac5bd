/**
 * Who made an image and on what terms it may be reused: the credit line and the licence a
 * journalist prints with it. Content files give them per image, with a newsroom-wide default;
 * the import keeps them in the stored payload's `prezly:data`, beside the caption.
 */
import type { StoredFilePayload } from './media-payload';

export interface ImageRights {
  readonly credit: string | null;
  readonly licence: string | null;
  /** The licence's deed, when it has a known address: linked on the page, `license` in JSON-LD. */
  readonly licenceUrl: string | null;
}

/** "CC BY 4.0", "CC BY-NC-SA 4.0"… as Creative Commons writes its licences' short names. */
const CREATIVE_COMMONS = /^CC[ -](BY(?:-NC)?(?:-SA|-ND)?)[ -](\d\.\d)$/i;
const CC0 = /^CC0(?:[ -]1\.0)?$/i;

/** The address of a licence named by its short name or given as an address; null when unknown. */
export function licenceUrlOf(licence: string): string | null {
  const name = licence.trim();
  if (/^https:\/\/\S+$/.test(name)) return name;
  if (CC0.test(name)) return 'https://creativecommons.org/publicdomain/zero/1.0/';
  const match = CREATIVE_COMMONS.exec(name);
  return match ? `https://creativecommons.org/licenses/${match[1]!.toLowerCase()}/${match[2]}/` : null;
}

/** A credit and a licence as a content file gives them: absent, null or empty means none. */
export interface RightsInput {
  readonly credit?: string | null;
  readonly licence?: string | null;
}

/**
 * An image's own credit and licence, or, when it names neither, the newsroom's defaults. They go
 * as a pair: a photo credited to someone else must not take on the newsroom's licence, which the
 * newsroom cannot grant for another's work.
 */
export function resolveRights(own: RightsInput, defaults: RightsInput): ImageRights {
  const source = own.credit || own.licence ? own : defaults;
  const credit = source.credit || null;
  const licence = source.licence || null;
  return { credit, licence, licenceUrl: licence ? licenceUrlOf(licence) : null };
}

/** The rights recorded with an image; nulls when it has none. */
export function imageRightsOf(payload: StoredFilePayload): ImageRights {
  return resolveRights(payload['prezly:data'] ?? {}, {});
}

/** A story's cover as its page shows it: the file's caption, and its rights or the newsroom's. */
export function storyCover<T extends StoredFilePayload>(cover: T, caption: string | null | undefined, own: RightsInput, defaults: RightsInput): T {
  return withRights(caption ? { ...cover, 'prezly:data': { caption } } : cover, own, defaults);
}

/** The payload with its resolved rights recorded beside its caption. */
export function withRights<T extends StoredFilePayload>(payload: T, own: RightsInput, defaults: RightsInput): T {
  const { credit, licence } = resolveRights(own, defaults);
  if (!credit && !licence) return payload;
  return { ...payload, 'prezly:data': { ...payload['prezly:data'], ...(credit ? { credit } : {}), ...(licence ? { licence } : {}) } };
}
