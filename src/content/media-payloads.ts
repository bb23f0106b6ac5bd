/**
 * A media file's stored payload from its name and bytes: its type, and an image's size read from
 * its headers. Pure (no file system), so the import (./media-files.ts) and the editor's preview,
 * which reads the bytes the editor holds (src/admin/client/story-preview.tsx), make the same
 * payloads and refuse the same files with the same messages.
 */
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

/** The type of a media file, by its name's extension. */
export function mediaTypeOf(path: string): string {
  const dot = path.lastIndexOf('.');
  return (dot > path.lastIndexOf('/') ? MIME_TYPES[path.slice(dot).toLowerCase()] : undefined) ?? 'application/octet-stream';
}

/** The payload of the file at `path` (inside media/) holding `bytes`; throws the import's message for an image it cannot use. */
export function mediaPayload(path: string, bytes: Uint8Array, uuid: string): StoredFilePayload | StoredImagePayload {
  const mime = mediaTypeOf(path);
  const base: StoredFilePayload = {
    version: STORED_PAYLOAD_VERSION,
    uuid,
    filename: path.slice(path.lastIndexOf('/') + 1),
    mime_type: mime,
    size: bytes.length,
  };
  if (!mime.startsWith('image/') || mime === 'image/svg+xml') return base;
  const size = imageSize(bytes);
  if (!size) throw new Error(`media file "${path}" is not a readable ${mime} image`);
  if (!isImageAreaValid(size.width, size.height)) {
    throw new Error(`media file "${path}" is ${size.width}×${size.height}: more than ${MAX_IMAGE_AREA.toLocaleString('en')} pixels`);
  }
  return { ...base, original_width: size.width, original_height: size.height, effects: [] };
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
