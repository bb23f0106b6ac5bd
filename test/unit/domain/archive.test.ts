// Names inside a "Download all" ZIP, and the archive's own name and announced size.
import { expect, test } from 'vitest';
import { archiveBytes, archiveFilename, archiveNames } from '#src/domain/archive';
import { formatFileSize } from '#src/i18n/format';

test.each([
  [['a.jpg', 'b.jpg'], ['a.jpg', 'b.jpg']],
  [['photo.jpg', 'photo.jpg', 'photo.jpg'], ['photo.jpg', 'photo (2).jpg', 'photo (3).jpg']],
  [['Photo.JPG', 'photo.jpg'], ['Photo.JPG', 'photo (2).jpg']],
  [['a/b:c?.png', 'a_b_c_.png'], ['a_b_c_.png', 'a_b_c_ (2).png']],
  [['report', 'report'], ['report', 'report (2)']],
  [['CON.txt', ''], ['_', 'file']],
])('%j are stored as %j', (filenames, names) => {
  expect(archiveNames(filenames)).toEqual(names);
});

test.each([
  ['Offshore wind: Dogger Ridge', 'Offshore wind_ Dogger Ridge.zip'],
  ['  ', 'media.zip'],
  ['Énergie / solaire', 'Énergie _ solaire.zip'],
])('the archive of %j is named %j', (title, filename) => {
  expect(archiveFilename(title)).toBe(filename);
});

test('the announced size is the originals together', () => {
  expect(archiveBytes([{ size: 1_200_000 }, { size: 11_200_000 }])).toBe(12_400_000);
});

test.each([
  ['en', 512, '512 byte'],
  ['en', 12_400_000, '12.4 MB'],
  ['fr', 12_400_000, '12,4 Mo'],
  ['en', 980_000, '980 kB'],
])('in %s, %i bytes read %s', (locale, bytes, text) => {
  expect(formatFileSize(locale, bytes).replace(/\u00a0|\u202f/g, ' ')).toBe(text);
});
