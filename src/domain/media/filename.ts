/**
 * File names that survive a download on any operating system. The CDN puts the name of a download
 * in `Content-Disposition`, so a name that Windows or macOS rejects (or silently rewrites) would
 * break "Save as". Percent signs go too: the CDN would read them as URL escapes.
 */
import { MAX_FILENAME_BYTES } from './constants';

const REPLACEMENT = '_';

// Each pattern is replaced in turn; the multi-character ones collapse into a single replacement,
// so `CON.txt` becomes `_` rather than a run of underscores.
const ILLEGAL_CHARACTERS = /[/?<>\\:*|"%]/g;
// C0 and C1 control characters: invisible, and rejected by NTFS and most shells.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u0080-\u009f]/g;
// `.` and `..` (and longer runs of dots) mean "this folder" or "the parent" rather than a file.
const ONLY_DOTS = /^\.+$/;
// Windows device names are reserved with or without an extension, in any letter case.
const RESERVED_DEVICE_NAMES = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;
// Windows drops trailing dots and spaces, so two different names would collide.
const TRAILING_DOTS_AND_SPACES = /[. ]+$/;

/**
 * Replaces everything that is illegal in a file name with `_`, then cuts the result to 255 bytes
 * of UTF-8 without splitting a character. A non-empty name stays non-empty.
 */
export function sanitizeFilename(name: string): string {
  const replaced = name
    .replace(ILLEGAL_CHARACTERS, REPLACEMENT)
    .replace(CONTROL_CHARACTERS, REPLACEMENT)
    .replace(ONLY_DOTS, REPLACEMENT)
    .replace(RESERVED_DEVICE_NAMES, REPLACEMENT)
    .replace(TRAILING_DOTS_AND_SPACES, REPLACEMENT);
  // Cutting can leave a dot or a space at the end again ("report. final.pdf" cut after "report.").
  // Replacing that run never adds bytes, so the limit still holds.
  return truncateUtf8(replaced, MAX_FILENAME_BYTES).replace(TRAILING_DOTS_AND_SPACES, REPLACEMENT);
}

/** The number of bytes `text` takes in UTF-8 (a lone surrogate counts as U+FFFD, 3 bytes). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const character of text) bytes += utf8Width(character);
  return bytes;
}

/**
 * The longest prefix of `text` that fits in `maxBytes` of UTF-8. Iterating by code point keeps
 * multi-byte characters and surrogate pairs (emoji) whole.
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const character of text) {
    bytes += utf8Width(character);
    if (bytes > maxBytes) break;
    end += character.length;
  }
  return text.slice(0, end);
}

function utf8Width(character: string): number {
  const codePoint = character.codePointAt(0) ?? 0;
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}
