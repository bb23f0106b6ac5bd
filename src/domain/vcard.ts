/**
 * A press contact as a vCard 4.0 (RFC 6350): UTF-8, CRLF line ends, values escaped (§3.4) and
 * lines folded at 75 octets without splitting a character (§3.2), the photo as a URI.
 */
import type { Contact } from './contact';

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** TEXT values: backslash, comma, semicolon and newlines escaped. */
export function escapeVCardText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r\n|\r|\n/g, '\\n');
}

/** A content line folded into lines of at most 75 octets, continuations starting with a space. */
export function foldVCardLine(line: string): string {
  const encoder = new TextEncoder();
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).byteLength;
    // A continuation line begins with one space, which counts towards its 75 octets.
    const limit = lines.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      lines.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join(`${CRLF} `);
}

export function toVCard(contact: Contact, options: { photoUrl: string | null; locale: string }): string {
  const lines = [
    'BEGIN:VCARD',
    'VERSION:4.0',
    `FN:${escapeVCardText(contact.name)}`,
    ...(contact.company ? [`ORG:${escapeVCardText(contact.company)}`] : []),
    ...(contact.description ? [`TITLE:${escapeVCardText(contact.description)}`] : []),
    ...(contact.email ? [`EMAIL;TYPE=work:${escapeVCardText(contact.email)}`] : []),
    ...(contact.phone ? [`TEL;VALUE=uri;TYPE="voice,work":tel:${contact.phone.replace(/[^+\d]/g, '')}`] : []),
    ...(contact.mobile ? [`TEL;VALUE=uri;TYPE="cell,work":tel:${contact.mobile.replace(/[^+\d]/g, '')}`] : []),
    ...(contact.website ? [`URL:${contact.website}`] : []),
    ...(options.photoUrl ? [`PHOTO:${options.photoUrl}`] : []),
    `LANG:${options.locale}`,
    'END:VCARD',
  ];
  return lines.map(foldVCardLine).join(CRLF) + CRLF;
}
