/** What kind of file an attachment is, from its MIME type: the card's icon and type label. */
export const ATTACHMENT_KINDS = ['pdf', 'word', 'excel', 'powerpoint', 'zip', 'image', 'video', 'audio', 'other'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

const BY_TYPE: Readonly<Record<string, AttachmentKind>> = {
  'application/pdf': 'pdf',
  'application/msword': 'word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word',
  'application/vnd.oasis.opendocument.text': 'word',
  'application/rtf': 'word',
  'application/vnd.ms-excel': 'excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'excel',
  'application/vnd.oasis.opendocument.spreadsheet': 'excel',
  'text/csv': 'excel',
  'application/vnd.ms-powerpoint': 'powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'powerpoint',
  'application/vnd.oasis.opendocument.presentation': 'powerpoint',
  'application/zip': 'zip',
  'application/x-zip-compressed': 'zip',
};

export function attachmentKind(mimeType: string): AttachmentKind {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  const known = BY_TYPE[type];
  if (known) return known;
  const family = type.split('/')[0];
  return family === 'image' || family === 'video' || family === 'audio' ? family : 'other';
}

/** Kinds named by their format in every language (the others have a translated label). */
export const FORMAT_LABELS: Readonly<Partial<Record<AttachmentKind, string>>> = { pdf: 'PDF', word: 'Word', excel: 'Excel', powerpoint: 'PowerPoint', zip: 'ZIP' };
