// Files a content folder names by their Uploadcare CDN address (src/content/uploadcare-files.ts):
// the payload made from Uploadcare's answer, the problems when there is none or it does not fit,
// and the loader asking for exactly the uuids it could not resolve.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { loadContentFolder } from '#src/content/load-folder';
import { createMediaAddressing } from '#src/content/media-addressing';
import { formatProblem } from '#src/content/schema';
import { uploadcarePayload, type UploadcareFileDetails } from '#src/content/uploadcare-files';
import { isCdnReference } from '#src/domain/media/addresses';
import { BODY_MEDIA_ROOT } from '#src/domain/media/payload-addresses';

const IMAGE = 'c0ffee00-0000-4000-8000-000000000001';
const PDF = 'c0ffee00-0000-4000-8000-000000000002';
const found = (info: Partial<Extract<UploadcareFileDetails, { found: true }>['info']> & { uuid: string }): UploadcareFileDetails => ({
  found: true,
  info: { name: 'harbour.jpg', mimeType: 'image/jpeg', size: 4096, imageInfo: { width: 1600, height: 900 }, isStored: true, ...info },
});
const FILES = new Map<string, UploadcareFileDetails>([
  [IMAGE, found({ uuid: IMAGE })],
  [PDF, found({ uuid: PDF, name: 'report.pdf', mimeType: 'application/pdf', size: 9000, imageInfo: null })],
  ['c0ffee00-0000-4000-8000-000000000003', found({ uuid: 'c0ffee00-0000-4000-8000-000000000003', isStored: false })],
  ['c0ffee00-0000-4000-8000-000000000004', found({ uuid: 'c0ffee00-0000-4000-8000-000000000004', imageInfo: { width: 10_000, height: 10_000 } })],
  ['c0ffee00-0000-4000-8000-000000000005', { found: false, message: 'Uploadcare has no such file in the project of UPLOADCARE_PUBLIC_KEY' }],
  ['c0ffee00-0000-4000-8000-000000000006', found({ uuid: 'c0ffee00-0000-4000-8000-000000000006', size: 0 })],
]);

test.each([
  ['https://ucarecdn.com/x/a.jpg', true],
  ['http://example.com/a.jpg', true],
  ['data:image/png;base64,AAAA', false],
  ['photo.jpg', false],
  ['/media/photo.jpg', false],
  ['photos/2026/a.jpg', false],
  ['a:b.jpg', false],
])('%j is an address rather than a path: %s', (reference, expected) => {
  expect(isCdnReference(reference)).toBe(expected);
});

describe('the payload of an address', () => {
  test('an image: its uuid, Uploadcare’s name, type, size and dimensions, and the address’s effects', () => {
    expect(uploadcarePayload(`https://ucarecdn.com/${IMAGE}/-/crop/800x450/0,0/harbour.jpg`, FILES)).toEqual({
      kind: 'payload',
      payload: { version: 2, uuid: IMAGE, filename: 'harbour.jpg', mime_type: 'image/jpeg', size: 4096, original_width: 1600, original_height: 900, effects: ['crop/800x450/0,0'] },
    });
  });

  test('another file: a file payload; the host and the name in the address do not matter', () => {
    expect(uploadcarePayload(`https://media.example.net/${PDF}/whatever.pdf`, FILES)).toEqual({
      kind: 'payload',
      payload: { version: 2, uuid: PDF, filename: 'report.pdf', mime_type: 'application/pdf', size: 9000 },
    });
  });

  test.each([
    ['https://ucarecdn.com/not-a-uuid/a.jpg', 'refused', 'is neither a path inside media/ nor an Uploadcare CDN address (https://ucarecdn.com/<uuid>/photo.jpg)'],
    [`http://ucarecdn.com/${IMAGE}/a.jpg`, 'refused', 'is neither a path inside media/ nor an Uploadcare CDN address'],
    [`https://ucarecdn.com/${IMAGE}/a.jpg?x=1`, 'refused', 'is neither a path inside media/ nor an Uploadcare CDN address'],
    ['https://ucarecdn.com/c0ffee00-0000-4000-8000-0000000000ff/a.jpg', 'unknown', 'is a file on Uploadcare: the import reads its details from Uploadcare, which needs UPLOADCARE_PUBLIC_KEY'],
    ['https://ucarecdn.com/c0ffee00-0000-4000-8000-000000000003/a.jpg', 'refused', 'is not stored on Uploadcare, which deletes such files within a day'],
    ['https://ucarecdn.com/c0ffee00-0000-4000-8000-000000000004/a.jpg', 'refused', 'is 10000×10000: more than 78,643,200 pixels'],
    ['https://ucarecdn.com/c0ffee00-0000-4000-8000-000000000005/a.jpg', 'refused', ': Uploadcare has no such file in the project of UPLOADCARE_PUBLIC_KEY'],
    ['https://ucarecdn.com/c0ffee00-0000-4000-8000-000000000006/a.jpg', 'refused', 'Uploadcare’s details are not usable: size must be a number greater than 0'],
  ])('%j: %s, saying %j', (reference, kind, message) => {
    const result = uploadcarePayload(reference, FILES);
    expect(result.kind).toBe(kind);
    expect('message' in result && result.message).toContain(message);
    if ('message' in result) expect(result.message.startsWith(`"${reference}"`)).toBe(true);
  });

  test('with no answers at all, every address is unknown, by its uuid', () => {
    expect(uploadcarePayload(`https://ucarecdn.com/${IMAGE.toUpperCase()}/a.jpg`, undefined)).toMatchObject({ kind: 'unknown', uuid: IMAGE });
  });
});

describe('the loader', () => {
  const fixture = join(import.meta.dirname, '../../fixtures/content/basic');
  const folders: string[] = [];
  afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  function withCover(cover: string, body = ''): string {
    const folder = mkdtempSync(join(tmpdir(), 'content-'));
    folders.push(folder);
    cpSync(fixture, folder, { recursive: true });
    const file = join(folder, 'stories/story-01/index.en.md');
    writeFileSync(file, `${readFileSync(file, 'utf8').replace('cover: cover.jpg', `cover: ${cover}`)}${body}`);
    return folder;
  }
  const load = (folder: string, uploadcareFiles?: Map<string, UploadcareFileDetails>) =>
    loadContentFolder(folder, { addressing: createMediaAddressing(BODY_MEDIA_ROOT), now: 1_780_272_000, ...(uploadcareFiles ? { uploadcareFiles } : {}) });

  test('names the uuids it could not resolve, with one problem per reference, and reads none of media/ for them', () => {
    const folder = withCover(`https://ucarecdn.com/${IMAGE}/harbour.jpg`, `\n::attachment{src="https://ucarecdn.com/${PDF}/report.pdf" name="Report"}\n`);
    const result = load(folder);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.unknownUploadcareFiles.sort()).toEqual([IMAGE, PDF]);
    expect(result.problems.map(formatProblem)).toEqual([
      `stories/story-01/index.en.md: cover: "https://ucarecdn.com/${IMAGE}/harbour.jpg" is a file on Uploadcare: the import reads its details from Uploadcare, which needs UPLOADCARE_PUBLIC_KEY`,
      `stories/story-01/index.en.md: body: "https://ucarecdn.com/${PDF}/report.pdf" is a file on Uploadcare: the import reads its details from Uploadcare, which needs UPLOADCARE_PUBLIC_KEY`,
    ]);
  });

  test('with Uploadcare’s answers the story’s cover and attachment are those files, and media/ holds nothing new for them', () => {
    const folder = withCover(`https://ucarecdn.com/${IMAGE}/harbour.jpg`, `\n::attachment{src="https://ucarecdn.com/${PDF}/report.pdf" name="Report"}\n`);
    const result = load(folder, FILES);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const story = result.bundle.stories.find((candidate) => candidate.slug === 'english-story-01')!;
    expect(story.cover).toMatchObject({ uuid: IMAGE, filename: 'harbour.jpg', original_width: 1600 });
    expect(story.media_files.map((file) => file.uuid)).toEqual([IMAGE, PDF]);
    expect(story.body_html).toContain(`${BODY_MEDIA_ROOT}/${PDF}/-/inline/no/report.pdf`);
    expect(result.bundle.media.map((file) => file.payload.uuid)).not.toContain(IMAGE);
  });

  test('an image field naming a file that is not an image is refused', () => {
    const result = load(withCover(`https://ucarecdn.com/${PDF}/report.pdf`), FILES);
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([`stories/story-01/index.en.md: cover: "https://ucarecdn.com/${PDF}/report.pdf" is not an image on Uploadcare`]);
  });
});
