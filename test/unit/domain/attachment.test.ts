// An attachment's kind from its MIME type: the card's badge and type label.
import { expect, test } from 'vitest';
import { attachmentKind } from '#src/domain/attachment';

test.each([
  ['application/pdf', 'pdf'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'word'],
  ['application/msword', 'word'],
  ['application/vnd.ms-excel', 'excel'],
  ['text/csv', 'excel'],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'powerpoint'],
  ['application/zip', 'zip'],
  ['image/png', 'image'],
  ['video/mp4', 'video'],
  ['audio/mpeg', 'audio'],
  ['APPLICATION/PDF; charset=binary', 'pdf'],
  ['application/octet-stream', 'other'],
  ['', 'other'],
])('%s is a %s', (mime, kind) => {
  expect(attachmentKind(mime)).toBe(kind);
});
