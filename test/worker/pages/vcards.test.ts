// Press contacts as vCards: linked from the contact cards of the homepage and from a story's
// contact block, answered as vCard 4.0; an unknown contact is a 404.
import { expect, test } from 'vitest';
import { ORIGIN, request } from '../request';


test('the homepage and a story link the contact’s vCard, which parses as vCard 4.0 with FN, EMAIL and TEL', async () => {
  for (const path of ['/', '/english-story-03']) {
    expect(await (await request(`${ORIGIN}${path}`)).text(), path).toContain('href="/contacts/jane.vcf"');
  }
  const response = await request(`${ORIGIN}/contacts/jane.vcf`);
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('text/vcard; charset=utf-8');
  expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="jane.vcf"');
  const card = await response.text();
  expect(card.endsWith('\r\n')).toBe(true);
  // Unfold (RFC 6350 section 3.2), then read the properties.
  const lines = card.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('BEGIN:VCARD');
  expect(lines[1]).toBe('VERSION:4.0');
  expect(lines.at(-1)).toBe('END:VCARD');
  const property = (name: string) => lines.find((line) => line.split(/[;:]/)[0] === name);
  expect(property('FN')).toBe('FN:Jane Press');
  expect(property('EMAIL')).toBe('EMAIL;TYPE=work:jane@acme.example');
  expect(property('TEL')).toMatch(/^TEL;VALUE=uri;TYPE="voice,work":tel:\+15550101$/);
  expect(property('PHOTO')).toMatch(/^PHOTO:https:\/\/news\.test\.example\/media\/.+\/avatar\.jpg$/);
});

test.each(['/contacts/nobody.vcf', '/contacts/JANE.vcf', '/contacts/jane.txt'])('%s is a 404', async (path) => {
  expect((await request(`${ORIGIN}${path}`)).status).toBe(404);
});

test('contact cards let an e-mail address wrap only at @ and dots, and lay out in as many columns as contacts (up to 3)', async () => {
  const html = await (await request(`${ORIGIN}/`)).text();
  expect(html).toContain('<a href="mailto:jane@acme.example">jane<wbr/>@acme<wbr/>.example</a>');
  expect(html).toMatch(/<ul class="contacts-list contacts-list-1">/);
});
