/**
 * A press contact as a vCard 4.0 (RFC 6350): UTF-8, CRLF line ends, values escaped (§3.4) and
 * lines folded at 75 octets without splitting a character (§3.2), the photo as a URI.
 */
import type { Contact } from './contact';
import { contentLines, escapeContentText } from './content-lines';

export function toVCard(contact: Contact, options: { photoUrl: string | null; locale: string }): string {
  const lines = [
    'BEGIN:VCARD',
    'VERSION:4.0',
    `FN:${escapeContentText(contact.name)}`,
    ...(contact.company ? [`ORG:${escapeContentText(contact.company)}`] : []),
    ...(contact.description ? [`TITLE:${escapeContentText(contact.description)}`] : []),
    ...(contact.email ? [`EMAIL;TYPE=work:${escapeContentText(contact.email)}`] : []),
    ...(contact.phone ? [`TEL;VALUE=uri;TYPE="voice,work":tel:${contact.phone.replace(/[^+\d]/g, '')}`] : []),
    ...(contact.mobile ? [`TEL;VALUE=uri;TYPE="cell,work":tel:${contact.mobile.replace(/[^+\d]/g, '')}`] : []),
    ...(contact.website ? [`URL:${contact.website}`] : []),
    ...(options.photoUrl ? [`PHOTO:${options.photoUrl}`] : []),
    `LANG:${options.locale}`,
    'END:VCARD',
  ];
  return contentLines(lines);
}
