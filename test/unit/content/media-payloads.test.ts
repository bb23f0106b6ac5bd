// A media file's payload from its name and bytes, the same for the import and the editor's
// preview: its type by extension, an image's size from its headers, the import's refusals.
import { expect, test } from 'vitest';
import { mediaPayload, mediaTypeOf } from '#src/content/media-payloads';

const UUID = '11111111-1111-4111-8111-111111111111';

/** The first bytes of a PNG of this size: all its header reader needs. */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(24);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

test.each([
  ['photo.JPG', 'image/jpeg'],
  ['reports/annual.pdf', 'application/pdf'],
  ['logo.svg', 'image/svg+xml'],
  ['notes', 'application/octet-stream'],
  ['archive.v2/readme', 'application/octet-stream'],
])('%s is %s', (path, type) => {
  expect(mediaTypeOf(path)).toBe(type);
});

test.each([
  ['an image: its size from its header', 'sub/chart.png', pngHeader(640, 480), { filename: 'chart.png', mime_type: 'image/png', size: 24, original_width: 640, original_height: 480, effects: [] }],
  ['a document: no size', 'report.pdf', new Uint8Array(10), { filename: 'report.pdf', mime_type: 'application/pdf', size: 10 }],
  ['an SVG: a file, not a sized image', 'logo.svg', new Uint8Array(5), { filename: 'logo.svg', mime_type: 'image/svg+xml', size: 5 }],
])('the payload of %s', (_, path, bytes, expected) => {
  expect(mediaPayload(path, bytes, UUID)).toEqual({ version: 2, uuid: UUID, ...expected });
});

test.each([
  ['an image whose header cannot be read', 'broken.png', new Uint8Array(30), 'media file "broken.png" is not a readable image/png image'],
  ['an image larger than the CDN takes', 'huge.png', pngHeader(10_000, 10_000), 'media file "huge.png" is 10000×10000: more than 78,643,200 pixels'],
])('%s is refused with the import’s message', (_, path, bytes, message) => {
  expect(() => mediaPayload(path, bytes, UUID)).toThrow(message);
});
