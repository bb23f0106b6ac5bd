// The editor's uploads to Uploadcare without the screen (src/admin/client/uploadcare-upload.ts):
// settings, token, signature, upload options, the field's value and the batch, with the upload
// client played by plain functions.
import { describe, expect, test } from 'vitest';
import {
  DIRECT_UPLOAD_LIMIT_BYTES,
  fieldValueOf,
  githubTokenOf,
  previewAddressOf,
  progressText,
  readSignatureAnswer,
  signatureRequest,
  uploadBatch,
  uploadOptionsFor,
  uploadSettingsOf,
  type UploadSettings,
} from '#src/admin/client/uploadcare-upload';
import type { UploadWidgetFileInfo } from '#src/domain/media/index';

const SETTINGS: UploadSettings = { publicKey: 'pub', uploadUrl: 'https://upload.uploadcare.com', cdnUrl: 'https://ucarecdn.com', signatureUrl: '/admin/uploads/signature' };
const FIELD = { public_key: 'pub', upload_url: 'https://upload.uploadcare.com', cdn_url: 'https://ucarecdn.com', signature_url: '/admin/uploads/signature' };
const SIGNATURE = { signature: 'a'.repeat(64), expire: '1800000600' };
const UUID = 'c0ffee00-0000-4000-8000-000000000001';

const imageInfo = (name: string, overrides: Partial<UploadWidgetFileInfo> = {}): UploadWidgetFileInfo => ({ uuid: UUID, name, mimeType: 'image/jpeg', size: 2048, imageInfo: { width: 1200, height: 800 }, ...overrides });

describe('a field’s settings', () => {
  test('read from an Immutable Map (how Sveltia hands fields over) or a plain object', () => {
    const map = { get: (key: string) => (FIELD as Record<string, string>)[key] };
    expect(uploadSettingsOf(map)).toEqual(SETTINGS);
    expect(uploadSettingsOf(FIELD)).toEqual(SETTINGS);
  });

  test.each(['public_key', 'upload_url', 'cdn_url', 'signature_url'])('without %s: none (the field cannot upload)', (key) => {
    expect(uploadSettingsOf({ ...FIELD, [key]: '' })).toBeNull();
    expect(uploadSettingsOf({ ...FIELD, [key]: 42 })).toBeNull();
  });
});

test.each([
  [JSON.stringify({ backendName: 'github', token: 'gho_abc' }), 'gho_abc'],
  [JSON.stringify({ backendName: 'local' }), null],
  [JSON.stringify({ backendName: 'github' }), null],
  [JSON.stringify({ backendName: 'github', token: '' }), null],
  [JSON.stringify({ backendName: 'gitlab', token: 'glpat' }), null],
  ['not json', null],
  [null, null],
])('the stored editor user %s gives the GitHub token %s', (stored, token) => {
  expect(githubTokenOf(stored)).toBe(token);
});

test('the signature request is a same-origin POST, with the token as a bearer only when there is one', () => {
  expect(signatureRequest('gho_abc')).toEqual({ method: 'POST', credentials: 'same-origin', cache: 'no-store', headers: { Authorization: 'Bearer gho_abc' } });
  expect(signatureRequest(null).headers).toEqual({});
});

describe('the worker’s answer', () => {
  test('200 with a signature and expire: the signature', () => {
    expect(readSignatureAnswer(200, SIGNATURE)).toEqual(SIGNATURE);
  });

  test.each([
    [403, { message: 'Sign in to the editor with GitHub to upload files.' }, 'Sign in to the editor with GitHub to upload files.'],
    [502, 'not json', 'The upload could not be signed (502).'],
    [200, { signature: 'x' }, 'The upload could not be signed (200).'],
    [500, null, 'The upload could not be signed (500).'],
  ])('%i %j: an error saying %s', (status, body, message) => {
    expect(() => readSignatureAnswer(status, body)).toThrow(message);
  });
});

describe('one file’s upload options', () => {
  test.each([
    ['harbour.jpg', 'harbour.jpg'],
    ['annual report: 2025?.pdf', 'annual report_ 2025_.pdf'],
    ['50% off <now>.png', '50_ off _now_.png'],
    ['CON.jpg', '_'],
    ['photo. ', 'photo_'],
    ['', 'upload'],
    [`${'é'.repeat(200)}.jpg`, 'é'.repeat(127)],
  ])('the name %j is sent as %j (characters a file name may not hold and percent signs replaced, 255 bytes at most)', (name, sent) => {
    const options = uploadOptionsFor({ name, type: 'image/jpeg' }, SETTINGS, SIGNATURE, () => {});
    expect(options.fileName).toBe(sent);
    expect(new TextEncoder().encode(options.fileName).length).toBeLessThanOrEqual(255);
  });

  test('the public key, the Upload API, the signature, stored for good, directly (never in parts), with the type', () => {
    const options = uploadOptionsFor({ name: 'a.jpg', type: 'image/jpeg' }, SETTINGS, SIGNATURE, () => {});
    expect(options).toMatchObject({ publicKey: 'pub', baseURL: SETTINGS.uploadUrl, secureSignature: SIGNATURE.signature, secureExpire: SIGNATURE.expire, store: true, contentType: 'image/jpeg' });
    expect(options.multipartMinFileSize).toBeGreaterThan(DIRECT_UPLOAD_LIMIT_BYTES);
    expect(uploadOptionsFor({ name: 'a', type: '' }, SETTINGS, SIGNATURE, () => {})).not.toHaveProperty('contentType');
  });

  test('progress is reported in percent, and only when the client can compute it', () => {
    const reported: number[] = [];
    const { onProgress } = uploadOptionsFor({ name: 'a.jpg', type: 'image/jpeg' }, SETTINGS, SIGNATURE, (percent) => reported.push(percent));
    onProgress({ isComputable: true, value: 0.25 });
    onProgress({ isComputable: false });
    onProgress({ isComputable: true, value: 1 });
    expect(reported).toEqual([25, 100]);
  });
});

describe('the value an upload leaves in the field', () => {
  test('an image: its CDN address, as the media model makes it', () => {
    expect(fieldValueOf('image', imageInfo('harbour vessel.jpg'), 'https://ucarecdn.com')).toBe(`https://ucarecdn.com/${UUID}/harbour%20vessel.jpg`);
  });

  test('an image field given a file that is not an image: the model’s own message, exactly', () => {
    const info = imageInfo('notes.jpg', { mimeType: 'text/plain', imageInfo: null });
    expect(() => fieldValueOf('image', info, 'https://ucarecdn.com')).toThrow(new Error('UploadcareImage was given a non-image FileInfo object'));
  });

  test('a file field takes any file', () => {
    expect(fieldValueOf('file', imageInfo('report.pdf', { mimeType: 'application/pdf', imageInfo: null }), 'https://cdn.example.net/')).toBe(`https://cdn.example.net/${UUID}/report.pdf`);
  });

  test.each([
    [`https://ucarecdn.com/${UUID}/a.jpg`, `https://ucarecdn.com/${UUID}/-/preview/320x320/a.jpg`],
    [`https://ucarecdn.com/${UUID}/-/crop/10x10/0,0/a.jpg`, `https://ucarecdn.com/${UUID}/-/crop/10x10/0,0/-/preview/320x320/a.jpg`],
    ['/media/harbour.jpg', null],
    ['harbour.jpg', null],
    [undefined, null],
  ])('the preview of %j is %j', (value, preview) => {
    expect(previewAddressOf(value, 'https://ucarecdn.com')).toBe(preview);
  });
});

test.each([
  [0, 'Uploading to Uploadcare… 0 %'],
  [33.33, 'Uploading to Uploadcare… 33 %'],
  [100, 'Uploading to Uploadcare… 100 %'],
  [140, 'Uploading to Uploadcare… 100 %'],
])('progress %d reads %j', (percent, text) => {
  expect(progressText(percent)).toBe(text);
});

describe('a batch of uploads', () => {
  const file = (name: string) => ({ name, type: 'image/jpeg' });

  test('an empty batch resolves at once: no signature asked, nothing uploaded, no progress', async () => {
    let calls = 0;
    const outcome = await uploadBatch([], 'image', SETTINGS, {
      signature: async () => (calls++, SIGNATURE),
      upload: async () => (calls++, imageInfo('x.jpg')),
      onProgress: () => calls++,
    });
    expect(outcome).toEqual({ values: [], errors: [] });
    expect(calls).toBe(0);
  });

  test('one signature for the batch; progress is the average, only upward, capped at 100; one failure stops no other', async () => {
    let signatures = 0;
    const seen: number[] = [];
    const outcome = await uploadBatch([file('a.jpg'), file('b.txt'), file('c.jpg')], 'image', SETTINGS, {
      signature: async () => (signatures++, SIGNATURE),
      upload: async (item, options) => {
        expect(options.secureSignature).toBe(SIGNATURE.signature);
        if (item.name === 'a.jpg') {
          options.onProgress({ isComputable: true, value: 0.5 });
          options.onProgress({ isComputable: true, value: 0.2 });
          options.onProgress({ isComputable: true, value: 1.5 });
        }
        if (item.name === 'b.txt') return imageInfo('b.txt', { mimeType: 'text/plain', imageInfo: null });
        return imageInfo(item.name);
      },
      onProgress: (percent) => seen.push(percent),
    });
    expect(signatures).toBe(1);
    expect(outcome.values).toEqual([`https://ucarecdn.com/${UUID}/a.jpg`, `https://ucarecdn.com/${UUID}/c.jpg`]);
    expect(outcome.errors).toEqual(['UploadcareImage was given a non-image FileInfo object']);
    expect(seen[0]).toBeCloseTo(50 / 3);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThanOrEqual(seen[i - 1]!);
    expect(Math.max(...seen)).toBe(100);
  });

  test('a refused signature fails every file with the worker’s message, and nothing is uploaded', async () => {
    let uploads = 0;
    const outcome = await uploadBatch([file('a.jpg'), file('b.jpg')], 'image', SETTINGS, {
      signature: async () => readSignatureAnswer(403, { message: 'Your GitHub account cannot change the newsroom’s repository.' }),
      upload: async () => (uploads++, imageInfo('a.jpg')),
    });
    expect(uploads).toBe(0);
    expect(outcome).toEqual({ values: [], errors: ['Your GitHub account cannot change the newsroom’s repository.', 'Your GitHub account cannot change the newsroom’s repository.'] });
  });

  test('Uploadcare refusing a file: its message, as it is', async () => {
    const outcome = await uploadBatch([file('a.jpg')], 'image', SETTINGS, {
      signature: async () => SIGNATURE,
      upload: async () => {
        throw new Error('Expired signature.');
      },
    });
    expect(outcome.errors).toEqual(['Expired signature.']);
  });
});
