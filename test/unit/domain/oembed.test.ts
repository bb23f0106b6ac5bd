// oEmbed requests (ADR 0024): what a consumer's query means, and the size of what it gets.
import { expect, test } from 'vitest';
import { EMBED_HEIGHT, EMBED_WIDTH, MAX_OEMBED_URL_LENGTH, NOT_EMBEDDABLE, embedSize, parseDimension, parseOembedRequest } from '#src/domain/oembed';

test.each([
  ['300', 300],
  ['1', 1],
  ['007', 7],
  ['99999999', 10_000],
  [undefined, null],
  ['', null],
  ['0', null],
  ['-5', null],
  ['300px', null],
  ['1e3', null],
  ['12.5', null],
  [' 300', null],
  ['abc', null],
  ['1234567890', null],
])('maxwidth %j reads as %j', (value, expected) => {
  expect(parseDimension(value)).toBe(expected);
});

test('the embed is the card’s size, shrunk to the bounds, never larger than asked', () => {
  expect(embedSize({ maxWidth: null, maxHeight: null })).toEqual({ width: EMBED_WIDTH, height: EMBED_HEIGHT });
  expect(embedSize({ maxWidth: 300, maxHeight: null })).toEqual({ width: 300, height: EMBED_HEIGHT });
  expect(embedSize({ maxWidth: null, maxHeight: 50 })).toEqual({ width: EMBED_WIDTH, height: 50 });
  expect(embedSize({ maxWidth: 10_000, maxHeight: 10_000 })).toEqual({ width: EMBED_WIDTH, height: EMBED_HEIGHT });
  expect(embedSize({ maxWidth: 1, maxHeight: 1 })).toEqual({ width: 1, height: 1 });
});

test.each([
  ['no url', {}, { ok: false, status: 400 }],
  ['a blank url', { url: '  ' }, { ok: false, status: 400 }],
  ['XML', { url: 'https://n.example/a', format: 'xml' }, { ok: false, status: 501 }],
  ['an unknown format', { url: 'https://n.example/a', format: 'yaml' }, { ok: false, status: 501 }],
  ['an over-long url', { url: `https://n.example/${'a'.repeat(MAX_OEMBED_URL_LENGTH)}` }, { ok: false, status: 404, message: NOT_EMBEDDABLE }],
  ['JSON by default', { url: 'https://n.example/a' }, { ok: true, url: 'https://n.example/a', bounds: { maxWidth: null, maxHeight: null } }],
  ['JSON in capitals, garbage bounds', { url: 'https://n.example/a', format: 'JSON', maxwidth: 'wide', maxheight: '120' }, { ok: true, bounds: { maxWidth: null, maxHeight: 120 } }],
])('%s', (_name, query, expected) => {
  expect(parseOembedRequest(query)).toMatchObject(expected);
});
