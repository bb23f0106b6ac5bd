import { describe, expect, it, test } from 'vitest';
import { downloadUrl, fileUrl, gifVideoUrl, normalizeCdnRoot, parseCdnAddress, UPLOADCARE_CDN_URL } from '#src/domain/media/index';

const file = { uuid: 'b5e0b6d4-1111-4222-8333-944455556666', filename: 'photo one.jpg' };
const base = `https://ucarecdn.com/${file.uuid}`;

describe('CDN addresses', () => {
  it('uses the public Uploadcare CDN by default', () => {
    expect(UPLOADCARE_CDN_URL).toBe('https://ucarecdn.com');
    expect(fileUrl(file)).toBe(`${base}/photo%20one.jpg`);
  });

  it.each([
    ['one effect', ['preview/800x600'], `${base}/-/preview/800x600/photo%20one.jpg`],
    ['two effects in order', ['preview/800x600', 'format/webp'], `${base}/-/preview/800x600/-/format/webp/photo%20one.jpg`],
    ['a crop with an offset', ['crop/100x100/10,20'], `${base}/-/crop/100x100/10,20/photo%20one.jpg`],
  ])('puts %s between the uuid and the name', (_what, effects, expected) => {
    expect(fileUrl(file, effects)).toBe(expected);
  });

  it.each([
    ['a root-relative demo root', '/media', `/media/${file.uuid}/photo%20one.jpg`],
    ['a root with a trailing slash', '/media/', `/media/${file.uuid}/photo%20one.jpg`],
    ['another host', 'https://cdn.example.com/', `https://cdn.example.com/${file.uuid}/photo%20one.jpg`],
  ])('accepts %s as CDN root', (_what, cdn, expected) => {
    expect(fileUrl(file, [], cdn)).toBe(expected);
    expect(normalizeCdnRoot(cdn)).toBe(cdn.replace(/\/$/, ''));
  });

  it.each([
    ['résumé.pdf', 'r%C3%A9sum%C3%A9.pdf'],
    ['#1 & more.png', '%231%20%26%20more.png'],
    ['a?b.png', 'a%3Fb.png'],
  ])('encodes the name %j', (filename, encoded) => {
    expect(fileUrl({ uuid: 'u', filename })).toBe(`https://ucarecdn.com/u/${encoded}`);
  });
});

describe('download addresses', () => {
  it.each([
    ['a plain name', 'photo one.jpg', [], `${base}/-/inline/no/photo%20one.jpg`],
    ['a name with illegal characters (sanitised)', 'report:2024?.pdf', [], `${base}/-/inline/no/report_2024_.pdf`],
    ['a name with a percent sign', '100%.pdf', [], `${base}/-/inline/no/100_.pdf`],
    ['a reserved name', 'CON.txt', [], `${base}/-/inline/no/_`],
    ['effects before the flag', 'a.jpg', ['resize/400x'], `${base}/-/resize/400x/-/inline/no/a.jpg`],
  ])('adds the inline/no flag for %s', (_what, filename, effects, expected) => {
    expect(downloadUrl({ uuid: file.uuid, filename }, effects)).toBe(expected);
  });

  it('uses the given CDN root', () => {
    expect(downloadUrl(file, [], '/media')).toBe(`/media/${file.uuid}/-/inline/no/photo%20one.jpg`);
  });
});

describe('gif2video addresses', () => {
  const gif = { uuid: 'u', filename: 'dance.gif' };

  it.each([
    ['no effects', [], 'https://ucarecdn.com/u/gif2video/dance.gif'],
    ['mp4', ['format/mp4'], 'https://ucarecdn.com/u/gif2video/-/format/mp4/dance.gif'],
    ['webm with quality', ['quality/best', 'format/webm'], 'https://ucarecdn.com/u/gif2video/-/quality/best/-/format/webm/dance.gif'],
  ])('puts the gif2video segment before %s', (_what, effects, expected) => {
    expect(gifVideoUrl(gif, effects)).toBe(expected);
  });

  it('uses the given CDN root', () => {
    expect(gifVideoUrl(gif, ['format/mp4'], '/media')).toBe('/media/u/gif2video/-/format/mp4/dance.gif');
  });
});

describe('reading a CDN address back', () => {
  const uuid = 'c0ffee00-0000-4000-8000-000000000001';
  test.each([
    [`https://ucarecdn.com/${uuid}/harbour.jpg`, { uuid, effects: [], filename: 'harbour.jpg' }],
    [`https://ucarecdn.com/${uuid}/`, { uuid, effects: [], filename: null }],
    [`https://ucarecdn.com/${uuid}/-/crop/800x450/0,0/-/preview/harbour%20vessel.jpg`, { uuid, effects: ['crop/800x450/0,0', 'preview'], filename: 'harbour vessel.jpg' }],
    [`https://media.example.net/${uuid.toUpperCase()}/-/format/webp/`, { uuid, effects: ['format/webp'], filename: null }],
  ])('%s', (address, parsed) => {
    expect(parseCdnAddress(address)).toEqual(parsed);
  });

  test.each([
    ['a path', 'harbour.jpg'],
    ['http', `http://ucarecdn.com/${uuid}/a.jpg`],
    ['no uuid first', `https://ucarecdn.com/files/${uuid}/a.jpg`],
    ['a malformed uuid', 'https://ucarecdn.com/c0ffee00-0000-4000-8000-00000000001/a.jpg'],
    ['text between the uuid and the effects', `https://ucarecdn.com/${uuid}/x/-/preview/a.jpg`],
    ['a query', `https://ucarecdn.com/${uuid}/a.jpg?download=1`],
    ['a fragment', `https://ucarecdn.com/${uuid}/a.jpg#x`],
    ['credentials', `https://user:pw@ucarecdn.com/${uuid}/a.jpg`],
    ['a broken escape', `https://ucarecdn.com/${uuid}/a%E9.jpg`],
  ])('%s is not a CDN address', (_name, address) => {
    expect(parseCdnAddress(address)).toBeNull();
  });

  test('every address fileUrl makes reads back as its file and effects', () => {
    for (const filename of ['a.jpg', 'annual report: 2025.pdf', 'تقرير.pdf', '100%.png']) {
      for (const effects of [[], ['preview/800x600'], ['crop/10x10/0,0', 'format/webp']]) {
        expect(parseCdnAddress(fileUrl({ uuid, filename }, effects))).toEqual({ uuid, effects, filename });
      }
    }
  });
});
