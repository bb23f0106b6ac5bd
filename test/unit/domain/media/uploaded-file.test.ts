import { describe, expect, it } from 'vitest';
import {
  isStoredFilePayload,
  MediaPayloadError,
  STORAGE_PAYLOAD_VERSION,
  UPLOADCARE_FILE_DATA_KEY,
  UploadedFile,
  type StoredFilePayload,
} from '#src/domain/media/index';

const payload: StoredFilePayload = {
  version: 2,
  uuid: '0c8f2b4e-aaaa-4bbb-8ccc-ddddeeeeffff',
  filename: 'annual report:2024.pdf',
  mime_type: 'application/pdf',
  size: 123_456,
};

describe('UploadedFile from a stored payload', () => {
  it('reads the fields and derives the CDN and download addresses', () => {
    const file = UploadedFile.fromJSON(payload);
    expect(file).toMatchObject({ uuid: payload.uuid, filename: payload.filename, mimeType: 'application/pdf', size: 123_456, caption: undefined });
    expect(file.cdnUrl).toBe(`https://ucarecdn.com/${payload.uuid}/annual%20report%3A2024.pdf`);
    expect(file.downloadUrl).toBe(`https://ucarecdn.com/${payload.uuid}/-/inline/no/annual%20report_2024.pdf`);
  });

  it('builds both addresses on the CDN root it is given', () => {
    const file = UploadedFile.fromJSON(payload, { cdn: '/media' });
    expect(file.cdnUrl).toBe(`/media/${payload.uuid}/annual%20report%3A2024.pdf`);
    expect(file.downloadUrl).toBe(`/media/${payload.uuid}/-/inline/no/annual%20report_2024.pdf`);
  });

  it.each([
    ['a missing version', { ...payload, version: undefined }, 'version must be a number greater than 0'],
    ['version 0', { ...payload, version: 0 }, 'version must be a number greater than 0'],
    ['a negative version', { ...payload, version: -2 }, 'version must be a number greater than 0'],
    ['a version given as text', { ...payload, version: '2' }, 'version must be a number greater than 0'],
    ['an empty uuid', { ...payload, uuid: '' }, 'uuid must be a non-empty string'],
    ['a numeric uuid', { ...payload, uuid: 7 }, 'uuid must be a non-empty string'],
    ['an empty filename', { ...payload, filename: '' }, 'filename must be a non-empty string'],
    ['a missing mime_type', { ...payload, mime_type: undefined }, 'mime_type must be a non-empty string'],
    ['an empty mime_type', { ...payload, mime_type: '' }, 'mime_type must be a non-empty string'],
    ['size 0', { ...payload, size: 0 }, 'size must be a number greater than 0'],
    ['a negative size', { ...payload, size: -1 }, 'size must be a number greater than 0'],
    ['a NaN size', { ...payload, size: Number.NaN }, 'size must be a number greater than 0'],
    ['an infinite size', { ...payload, size: Number.POSITIVE_INFINITY }, 'size must be a number greater than 0'],
    ['prezly:data that is not an object', { ...payload, 'prezly:data': 'caption' }, 'prezly:data must be an object'],
    ['a caption that is not text', { ...payload, 'prezly:data': { caption: 5 } }, 'prezly:data.caption must be a string'],
    ['null', null, 'payload must be an object'],
    ['a list', [payload], 'payload must be an object'],
    ['a string', 'file.pdf', 'payload must be an object'],
  ])('rejects %s', (_what, value, issue) => {
    expect(isStoredFilePayload(value)).toBe(false);
    expect(() => UploadedFile.fromJSON(value)).toThrow(MediaPayloadError);
    expect(() => UploadedFile.fromJSON(value)).toThrow(issue);
  });

  it('lists every broken field at once', () => {
    try {
      UploadedFile.fromJSON({ ...payload, uuid: '', size: 0 });
      expect.unreachable();
    } catch (error) {
      expect((error as MediaPayloadError).issues).toEqual(['uuid must be a non-empty string', 'size must be a number greater than 0']);
    }
  });

  it.each([
    ['version 1', { ...payload, version: 1 }],
    ['a fractional size', { ...payload, size: 0.5 }],
    ['an empty caption', { ...payload, 'prezly:data': { caption: '' } }],
    ['prezly:data without a caption', { ...payload, 'prezly:data': {} }],
  ])('accepts %s', (_what, value) => {
    expect(isStoredFilePayload(value)).toBe(true);
  });
});

describe('UploadedFile stored payload round trip', () => {
  it.each([
    ['without a caption', payload],
    ['with a caption', { ...payload, 'prezly:data': { caption: 'Annual report' } }],
  ])('survives JSON %s', (_what, stored) => {
    const file = UploadedFile.fromJSON(stored);
    const again = UploadedFile.fromJSON(JSON.parse(JSON.stringify(file)));
    expect(again.toJSON()).toEqual(stored);
    expect(again).toEqual(file);
  });

  it('keeps the caption under prezly:data', () => {
    const file = UploadedFile.fromJSON({ ...payload, [UPLOADCARE_FILE_DATA_KEY]: { caption: 'Annual report' } });
    expect(UPLOADCARE_FILE_DATA_KEY).toBe('prezly:data');
    expect(file.caption).toBe('Annual report');
    expect(file.toJSON()['prezly:data']).toEqual({ caption: 'Annual report' });
  });

  it('leaves prezly:data out when there is no caption', () => {
    expect(UploadedFile.fromJSON(payload).toJSON()).not.toHaveProperty('prezly:data');
  });

  it('writes the current format version whatever version it read', () => {
    expect(STORAGE_PAYLOAD_VERSION).toBe(2);
    expect(UploadedFile.fromJSON({ ...payload, version: 1 }).toJSON().version).toBe(2);
  });

  it('takes a caption given as option over the stored one', () => {
    const file = UploadedFile.fromJSON({ ...payload, 'prezly:data': { caption: 'old' } }, { caption: 'new' });
    expect(file.caption).toBe('new');
  });
});

describe('UploadedFile from the upload widget', () => {
  const info = { uuid: 'u-1', name: 'brochure.pdf', originalFilename: 'Brochure (final).pdf', mimeType: 'application/pdf', size: 2048, imageInfo: null };

  it.each([
    ['the stored name', info, 'brochure.pdf'],
    ['the original name when there is no stored name', { ...info, name: null }, 'Brochure (final).pdf'],
  ])('uses %s', (_what, given, filename) => {
    const file = UploadedFile.fromUploadWidget(given, { cdn: '/media' });
    expect(file).toMatchObject({ uuid: 'u-1', filename, mimeType: 'application/pdf', size: 2048 });
    expect(file.cdnUrl).toBe(`/media/u-1/${encodeURIComponent(filename)}`);
  });

  it('rejects a payload without any name', () => {
    expect(() => UploadedFile.fromUploadWidget({ ...info, name: null, originalFilename: null })).toThrow('filename must be a non-empty string');
  });
});

describe('UploadedFile as a value', () => {
  it('is frozen', () => {
    const file = UploadedFile.fromJSON(payload);
    expect(Object.isFrozen(file)).toBe(true);
    expect(() => {
      (file as { filename: string }).filename = 'other.pdf';
    }).toThrow(TypeError);
  });

  it.each([
    ['a caption', (file: UploadedFile) => file.withCaption('New caption'), { caption: 'New caption' }],
    ['a CDN root', (file: UploadedFile) => file.withCdn('/media'), { cdn: '/media' }],
  ])('gives a new file for %s and leaves the old one unchanged', (_what, change, expected) => {
    const file = UploadedFile.fromJSON(payload);
    const changed = change(file);
    expect(changed).not.toBe(file);
    expect(changed).toMatchObject(expected);
    expect(file.caption).toBeUndefined();
    expect(file.cdn).toBe('https://ucarecdn.com');
  });

  it.each([
    ['image/png', true],
    ['image/gif', true],
    ['application/pdf', false],
    ['video/mp4', false],
  ])('says whether %s is an image', (mimeType, isImage) => {
    expect(UploadedFile.fromJSON({ ...payload, mime_type: mimeType }).isImage).toBe(isImage);
  });

  it('refuses invalid fields given to the constructor', () => {
    expect(() => new UploadedFile({ uuid: 'u', filename: 'a.pdf', mimeType: '', size: 1 })).toThrow(MediaPayloadError);
  });
});
