// Tags (src/domain/tag.ts): one tag whatever its letter case, addressable unless a dot segment.
import { expect, test } from 'vitest';
import { distinctTags, hasTagPage, normalizeTag } from '#src/domain/tag';

test.each([
  ['solar', 'solar'],
  ['Wind Power', 'wind power'],
  ['ÉNERGIE', 'énergie'],
  ['إطلاق', 'إطلاق'],
  ['R&D/Innovation', 'r&d/innovation'],
  ['  spaced  ', '  spaced  '],
])('%j is stored as %j', (tag, stored) => {
  expect(normalizeTag(tag)).toBe(stored);
  expect(normalizeTag(stored)).toBe(stored);
});

test.each([
  ['solar', true],
  ['...', true],
  ['.net', true],
  ['a/b', true],
  ['.', false],
  ['..', false],
])('%j has a page: %s', (tag, expected) => {
  expect(hasTagPage(tag)).toBe(expected);
});

test.each([
  [[], []],
  [['solar', 'wind'], ['solar', 'wind']],
  [['Solar', 'wind', 'solar', 'SOLAR'], ['Solar', 'wind']],
  [['énergie', 'Énergie'], ['énergie']],
])('%j is shown as %j', (tags, shown) => {
  expect(distinctTags(tags)).toEqual(shown);
});
