// Files that name their recipient: the file key a link token gives, the shapes of a recipient's
// file address as it may be found anywhere, and which files of a story such an address may serve.
import { expect, test } from 'vitest';
import { BODY_MEDIA_ROOT } from '#src/domain/media/payload-addresses';
import { isWellFormedRecipientFileKey, parseRecipientFileAddress, recipientFileKey, storyFileUuids } from '#src/domain/recipient-files';

const KEY = `f${'A'.repeat(43)}`;
const UUID = '0f8a3b6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

test('a link token gives one file key, the same every time, of the key shape, and another token another key', async () => {
  const key = await recipientFileKey('token-of-anna-0123456789012345678901234567890');
  expect(await recipientFileKey('token-of-anna-0123456789012345678901234567890')).toBe(key);
  expect(isWellFormedRecipientFileKey(key)).toBe(true);
  expect(await recipientFileKey('token-of-jonas-012345678901234567890123456789')).not.toBe(key);
  expect(key).not.toContain('token-of-anna');
});

test.each([
  ['a key', KEY, true],
  ['a story link token (43 characters)', 'A'.repeat(43), false],
  ['a gallery link token (g + 43)', `g${'A'.repeat(43)}`, false],
  ['one character short', `f${'A'.repeat(42)}`, false],
  ['a character outside base64url', `f${'A'.repeat(42)}+`, false],
])('%s is a file key: %s', (_case, value, expected) => {
  expect(isWellFormedRecipientFileKey(value)).toBe(expected);
});

test.each([
  ['a path', `/s/${KEY}/${UUID}/harbour.jpg`, { fileKey: KEY, target: { kind: 'file', uuid: UUID, rest: 'harbour.jpg', filename: 'harbour.jpg' } }],
  ['a whole URL with effects, a query and a fragment', `https://news.example.com/s/${KEY}/${UUID.toUpperCase()}/-/resize/800x/harbour%20at%20dawn.jpg?x=1#top`, { fileKey: KEY, target: { kind: 'file', uuid: UUID, rest: '-/resize/800x/harbour%20at%20dawn.jpg', filename: 'harbour at dawn.jpg' } }],
  ['the ZIP', `https://news.example.com/s/${KEY}/download`, { fileKey: KEY, target: { kind: 'archive' } }],
  ['the ZIP with a trailing slash', `/s/${KEY}/download/`, { fileKey: KEY, target: { kind: 'archive' } }],
  ['a story page, not a file', `/s/${'A'.repeat(43)}`, null],
  ['a key without a file', `/s/${KEY}/`, null],
  ['no uuid', `/s/${KEY}/harbour.jpg`, null],
  ['an empty name', `/s/${KEY}/${UUID}/-/`, null],
  ['a name that does not decode', `/s/${KEY}/${UUID}/%E0%A4%A.jpg`, null],
  ['a public media address', `/media/${UUID}/harbour.jpg`, null],
])('reads %s', (_case, address, expected) => {
  expect(parseRecipientFileAddress(address)).toEqual(expected);
});

test('a story’s files: its cover, its media files and every file its body names, in lower case', () => {
  const image = (uuid: string) => ({ version: 2, uuid, filename: 'a.jpg', mime_type: 'image/jpeg', size: 1, original_width: 1, original_height: 1, effects: [] });
  const uuids = storyFileUuids({
    cover: image('AAAAAAAA-1111-4111-8111-111111111111'),
    media_files: [{ version: 2, uuid: 'bbbbbbbb-2222-4222-8222-222222222222', filename: 'report.pdf', mime_type: 'application/pdf', size: 1 }],
    body_html: `<img src="${BODY_MEDIA_ROOT}/cccccccc-3333-4333-8333-333333333333/-/resize/800x/x.jpg"><a href="https://elsewhere.example/dddddddd-4444-4444-8444-444444444444/">x</a>`,
  });
  expect([...uuids].sort()).toEqual(['aaaaaaaa-1111-4111-8111-111111111111', 'bbbbbbbb-2222-4222-8222-222222222222', 'cccccccc-3333-4333-8333-333333333333']);
});
