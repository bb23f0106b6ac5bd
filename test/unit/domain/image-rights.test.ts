import { expect, test } from 'vitest';
import { imageRightsOf, licenceUrlOf, resolveRights, withRights } from '#src/domain/image-rights';

test.each([
  ['CC BY 4.0', 'https://creativecommons.org/licenses/by/4.0/'],
  ['cc by-nc-sa 4.0', 'https://creativecommons.org/licenses/by-nc-sa/4.0/'],
  ['CC-BY-ND-3.0', 'https://creativecommons.org/licenses/by-nd/3.0/'],
  ['CC0', 'https://creativecommons.org/publicdomain/zero/1.0/'],
  ['CC0 1.0', 'https://creativecommons.org/publicdomain/zero/1.0/'],
  ['https://example.org/press-licence', 'https://example.org/press-licence'],
  ['http://example.org/licence', null],
  ['All rights reserved', null],
  ['CC BY-XX 4.0', null],
])('licenceUrlOf(%s)', (licence, expected) => {
  expect(licenceUrlOf(licence)).toBe(expected);
});

test.each([
  [{ credit: 'Anna', licence: 'CC BY 4.0' }, { credit: 'Northwind', licence: 'All rights reserved' }, { credit: 'Anna', licence: 'CC BY 4.0', licenceUrl: 'https://creativecommons.org/licenses/by/4.0/' }],
  [{ credit: '', licence: null }, { credit: 'Northwind', licence: 'All rights reserved' }, { credit: 'Northwind', licence: 'All rights reserved', licenceUrl: null }],
  // Someone else's photo keeps its own terms: the newsroom's licence is not theirs to give.
  [{ credit: 'Groningen Seaports' }, { credit: 'Northwind', licence: 'CC BY 4.0' }, { credit: 'Groningen Seaports', licence: null, licenceUrl: null }],
  [{ licence: 'CC0' }, { credit: 'Northwind', licence: 'CC BY 4.0' }, { credit: null, licence: 'CC0', licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/' }],
  [{ credit: 'Anna' }, {}, { credit: 'Anna', licence: null, licenceUrl: null }],
  [{}, {}, { credit: null, licence: null, licenceUrl: null }],
])('an image’s own rights, else the newsroom’s: %j over %j', (own, defaults, expected) => {
  expect(resolveRights(own, defaults)).toEqual(expected);
});

test('the import records the rights beside the caption, and only when there are some', () => {
  const payload = { version: 2, uuid: 'u', filename: 'a.jpg', mime_type: 'image/jpeg', size: 1, 'prezly:data': { caption: 'Dawn' } };
  const recorded = withRights(payload, { credit: 'Anna', licence: 'CC0' }, { licence: 'CC BY 4.0' });
  expect(recorded['prezly:data']).toEqual({ caption: 'Dawn', credit: 'Anna', licence: 'CC0' });
  expect(imageRightsOf(recorded)).toEqual({ credit: 'Anna', licence: 'CC0', licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/' });
  expect(withRights(payload, {}, {})).toBe(payload);
});
