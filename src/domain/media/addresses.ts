/**
 * The shapes of Uploadcare CDN addresses (docs/spec-coverage.md section 7). Every address on a page is made here,
 * so the public CDN and a local stand-in (a root such as `/media`) only differ in their root.
 *
 *   {cdn}/{uuid}/{encoded filename}
 *   {cdn}/{uuid}/-/{effect}/-/{effect}/{encoded filename}
 *   {cdn}/{uuid}/-/{effects...}/-/inline/no/{encoded sanitised filename}   (download)
 *   {cdn}/{uuid}/gif2video/-/format/mp4/{encoded filename}                 (GIF as video)
 */
import { UPLOADCARE_CDN_URL } from './constants';
import { sanitizeFilename } from './filename';
import { webAddressOf } from '#src/domain/web-address';

/** What an address needs to know about a file. */
export interface AddressableFile {
  readonly uuid: string;
  readonly filename: string;
}

/** Tells the CDN to answer with `Content-Disposition: attachment`, so the browser saves the file. */
const DOWNLOAD_FLAG = 'inline/no';

/** The CDN root without trailing slashes, so `/media/` and `/media` give the same addresses. */
export function normalizeCdnRoot(cdn: string = UPLOADCARE_CDN_URL): string {
  return cdn.replace(/\/+$/, '');
}

/** The address of a file with its effects applied, in the order given. */
export function fileUrl(file: AddressableFile, effects: readonly string[] = [], cdn?: string): string {
  return `${normalizeCdnRoot(cdn)}/${file.uuid}/${effectsPath(effects)}${encodeURIComponent(file.filename)}`;
}

/**
 * The address that makes the browser save the file. The name is sanitised because it becomes the
 * saved file's name on the visitor's disk.
 */
export function downloadUrl(file: AddressableFile, effects: readonly string[] = [], cdn?: string): string {
  const path = effectsPath([...effects, DOWNLOAD_FLAG]);
  return `${normalizeCdnRoot(cdn)}/${file.uuid}/${path}${encodeURIComponent(sanitizeFilename(file.filename))}`;
}

/**
 * The address of a GIF converted to video. `gif2video` is a path segment of its own (not an
 * effect after `-/`), and only video effects (format, quality) may follow it.
 */
export function gifVideoUrl(file: AddressableFile, effects: readonly string[] = [], cdn?: string): string {
  return `${normalizeCdnRoot(cdn)}/${file.uuid}/gif2video/${effectsPath(effects)}${encodeURIComponent(file.filename)}`;
}

// No effects means no `-/` at all: the CDN accepts a dangling one, but the address reads cleaner.
function effectsPath(effects: readonly string[]): string {
  return effects.length === 0 ? '' : `-/${effects.join('/-/')}/`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a CDN address names: the file, the effects applied to it and the name it is served under. */
export interface CdnAddress {
  readonly uuid: string;
  readonly effects: readonly string[];
  /** The name after the last `/`, decoded; null when the address ends at the uuid or an effect. */
  readonly filename: string | null;
}

/**
 * Reads an address fileUrl could have made, `https://{cdn host}/{uuid}/[-/{effect}/…]{name}`:
 * the uuid first in the path, then optional effects, then an optional name. Anything else (another
 * scheme, credentials, a query or fragment, no uuid where it belongs, text between the uuid and
 * the effects) is not a CDN address: null.
 */
/** An address, not a path: anything starting with a scheme and `//` (`https://`). */
export function isCdnReference(reference: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(reference);
}

export function parseCdnAddress(address: string): CdnAddress | null {
  const url = webAddressOf(address);
  if (!url || url.protocol !== 'https:' || url.search || url.hash) return null;
  const match = /^\/([^/]+)\/(.*)$/.exec(url.pathname);
  if (!match || !UUID.test(match[1]!)) return null;
  const rest = match[2]!;
  const cut = rest.lastIndexOf('/') + 1;
  const modifiers = rest.slice(0, cut);
  if (modifiers !== '' && !modifiers.startsWith('-/')) return null;
  let filename: string | null;
  try {
    filename = rest.slice(cut) === '' ? null : decodeURIComponent(rest.slice(cut));
  } catch {
    return null;
  }
  const effects = modifiers
    .slice(2)
    .split('/-/')
    .map((effect) => effect.replace(/^\/+|\/+$/g, ''))
    .filter((effect) => effect !== '');
  return { uuid: match[1]!.toLowerCase(), effects, filename };
}
