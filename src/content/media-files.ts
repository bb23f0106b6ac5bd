/**
 * The media files of a content folder, as stored Uploadcare payloads. Without an upload, a file's
 * uuid is derived from its bytes, so re-importing the same folder yields the same addresses and
 * changes nothing; with `--upload` the uuid Uploadcare assigned is recorded instead.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, extname, isAbsolute, resolve, sep } from 'node:path';
import type { MediaFile } from '#src/domain/content-bundle';
import type { StoredFilePayload, StoredImagePayload } from '#src/domain/media-payload';
import { isImageAreaValid, MAX_IMAGE_AREA } from '#src/domain/media/index';

export const STORED_PAYLOAD_VERSION = 2;

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.mp4': 'video/mp4',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function isImagePayload(payload: StoredFilePayload): payload is StoredImagePayload {
  return 'original_width' in payload;
}

/** A stable UUID (version 4 layout) made from a content hash. */
export function uuidFromHash(hex: string): string {
  const h = hex.slice(0, 32).split('');
  h[12] = '4';
  h[16] = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}

/** Reads one media file; throws with a readable message when it is missing or unreadable. */
export function readMediaFile(mediaDir: string, path: string, knownUuids: ReadonlyMap<string, string> = new Map()): MediaFile {
  const absolutePath = resolveInside(mediaDir, path);
  const stat = statSync(absolutePath, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new Error(`media file "${path}" not found in media/`);
  const bytes = readFileSync(absolutePath);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const mime = MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
  const base: StoredFilePayload = {
    version: STORED_PAYLOAD_VERSION,
    uuid: knownUuids.get(sha256) ?? uuidFromHash(sha256),
    filename: basename(path),
    mime_type: mime,
    size: bytes.length,
  };
  if (!mime.startsWith('image/') || mime === 'image/svg+xml') return { path, absolutePath, sha256, payload: base };
  const size = imageSize(bytes);
  if (!size) throw new Error(`media file "${path}" is not a readable ${mime} image`);
  if (!isImageAreaValid(size.width, size.height)) {
    throw new Error(`media file "${path}" is ${size.width}×${size.height}: more than ${MAX_IMAGE_AREA.toLocaleString('en')} pixels`);
  }
  return {
    path,
    absolutePath,
    sha256,
    payload: { ...base, original_width: size.width, original_height: size.height, effects: [] },
  };
}

/**
 * The real path of `path` inside `mediaDir`, refusing anything that leaves it: `../` segments, an
 * absolute path, or a symbolic link (anywhere on the way) that points outside. Only files of the
 * content folder's media/ ever become public media, whatever a story body names.
 */
export function resolveInside(mediaDir: string, path: string): string {
  const outside = new Error(`media file "${path}" is outside media/ (paths must stay inside the content folder's media/ folder)`);
  if (isAbsolute(path)) throw outside;
  const root = existsSync(mediaDir) ? realpathSync(mediaDir) : resolve(mediaDir);
  const candidate = resolve(root, path);
  const within = (target: string) => target === root || target.startsWith(root + sep);
  if (!within(candidate)) throw outside;
  if (!existsSync(candidate)) return candidate;
  if (!within(realpathSync(candidate))) throw outside;
  return candidate;
}

/** Width and height from the headers of PNG, GIF, JPEG and WebP files; null if unreadable. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
  if (bytes.length >= 24 && ascii(1, 3) === 'PNG') return { width: view.getUint32(16), height: view.getUint32(20) };
  if (bytes.length >= 10 && ascii(0, 3) === 'GIF') return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  if (bytes.length >= 30 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') {
    const chunk = ascii(12, 4);
    if (chunk === 'VP8X') return { width: 1 + (view.getUint32(24, true) & 0xffffff), height: 1 + (view.getUint32(27, true) & 0xffffff) };
    if (chunk === 'VP8 ') return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = view.getUint32(21, true);
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
    }
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      const marker = bytes[offset + 1]!;
      const length = view.getUint16(offset + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
      }
      offset += 2 + length;
    }
  }
  return null;
}
