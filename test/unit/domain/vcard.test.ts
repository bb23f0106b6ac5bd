// Press contacts as vCard 4.0 (RFC 6350).
import { expect, test } from 'vitest';
import type { Contact } from '#src/domain/contact';
import { toVCard } from '#src/domain/vcard';

const anna: Contact = {
  key: 'anna',
  name: 'Anna de Vries',
  description: 'Head of media relations',
  company: 'Northwind Energy; Group',
  email: 'anna@northwind.example',
  phone: '+31 20 123 45 67',
  mobile: null,
  website: 'https://northwind.example',
  avatar: null,
  locales: ['en'],
};

test('a contact is a vCard 4.0 with its name, organisation, role, e-mail, phone and photo, lines ending in CRLF', () => {
  const card = toVCard(anna, { photoUrl: 'https://newsroom.example/media/u/anna.jpg', locale: 'en' });
  expect(card.split('\r\n')).toEqual([
    'BEGIN:VCARD',
    'VERSION:4.0',
    'FN:Anna de Vries',
    'ORG:Northwind Energy\\; Group',
    'TITLE:Head of media relations',
    'EMAIL;TYPE=work:anna@northwind.example',
    'TEL;VALUE=uri;TYPE="voice,work":tel:+31201234567',
    'URL:https://northwind.example',
    'PHOTO:https://newsroom.example/media/u/anna.jpg',
    'LANG:en',
    'END:VCARD',
    '',
  ]);
});
