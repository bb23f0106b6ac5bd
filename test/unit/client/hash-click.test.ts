import { expect, test } from 'vitest';
import { HASH_CLICK_DELAY_MS, hashClickDelay, parseHashTarget } from '#src/client/hash-click';

const uuid = '0275e473-8c20-4b3f-a898-5ddb025094d1';

test.each([
  [`#gallery-image-${uuid}`, { elementId: `gallery-image-${uuid}`, type: 'gallery-image', id: uuid }],
  [`#image-${uuid}`, { elementId: `image-${uuid}`, type: 'image', id: uuid }],
  ['#video-2', { elementId: 'video-2', type: 'video', id: '2' }],
  ['#header-our-plan-for-2030', { elementId: 'header-our-plan-for-2030', type: 'header', id: 'our-plan-for-2030' }],
  [`#contact-${uuid}`, { elementId: `contact-${uuid}`, type: 'contact', id: uuid }],
  ['', null],
  ['#', null],
  ['#main', null],
  ['#%E0%A4%A', null],
])('parseHashTarget(%j)', (hash, expected) => {
  expect(parseHashTarget(hash)).toEqual(expected);
});

test.each([
  ['image', HASH_CLICK_DELAY_MS],
  ['gallery-image', HASH_CLICK_DELAY_MS],
  ['video', 0],
  ['header', 0],
  ['attachment', 0],
])('a %s is clicked after %i ms', (type, delay) => {
  expect(hashClickDelay(type)).toBe(delay);
  expect(HASH_CLICK_DELAY_MS).toBe(500);
});
