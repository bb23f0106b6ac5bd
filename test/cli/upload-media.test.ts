// Uploading a content folder's media with the real Uploadcare client against a local fake of the
// Upload API (test/fixtures/fake-uploadcare.ts): no network, real HTTP, real multipart bodies.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readMediaFile } from '#src/content/media-files';
import { createProgressReporter, renderProgressBar } from '#src/content/progress-bar';
import {
  readUploadLedger,
  readUploadLedgerEntries,
  recordUploads,
  UPLOAD_LEDGER_PATH,
  uploadCandidates,
  uploadNewMedia,
  writeUploadLedger,
  type UploadCandidate,
} from '#src/content/upload-media';
import { FAKE_PUBLIC_KEY, startFakeUploadcare, type FakeUploadcare } from '../fixtures/fake-uploadcare';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let fake: FakeUploadcare;
const work = mkdtempSync(join(tmpdir(), 'newsroom-upload-'));

/** A PNG header is all imageSize (and the fake's image_info) needs. */
function png(width: number, height: number, padding = 0): Buffer {
  const header = Buffer.alloc(24);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'ascii');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return Buffer.concat([header, Buffer.alloc(padding, 7)]);
}

/** A content folder's media/ with the given files, read the way the importer reads them. */
function mediaFolder(name: string, files: Record<string, Buffer | string>): { dir: string; candidates: UploadCandidate[] } {
  const dir = join(work, name);
  mkdirSync(join(dir, 'media'), { recursive: true });
  for (const [path, bytes] of Object.entries(files)) writeFileSync(join(dir, 'media', path), bytes);
  const media = Object.keys(files).map((path) => readMediaFile(join(dir, 'media'), path));
  return { dir, candidates: uploadCandidates(media) };
}

const uploadsOf = (name: string) => fake.requests.filter((request) => request.pathname === '/base/' && request.file?.filename === name);

beforeAll(async () => {
  fake = await startFakeUploadcare();
});

beforeEach(() => fake.reset());

afterAll(async () => {
  await fake.close();
  rmSync(work, { recursive: true, force: true });
});

describe('uploadNewMedia', () => {
  it('uploads new files, stored, and returns the uuids Uploadcare assigned by sha256', async () => {
    const { candidates } = mediaFolder('new-files', { 'cover.png': png(640, 480), 'report.pdf': '%PDF-1.4 fake report' });

    const result = await uploadNewMedia(candidates, { publicKey: FAKE_PUBLIC_KEY, baseURL: fake.baseURL, known: new Map() });

    expect(result.failed).toEqual([]);
    expect(result.uploaded.size).toBe(2);
    for (const candidate of candidates) {
      const uuid = result.uploaded.get(candidate.sha256);
      expect(uuid).toMatch(UUID);
      expect(fake.files.get(uuid!)).toMatchObject({
        filename: candidate.filename,
        contentType: candidate.mimeType,
        stored: true,
        metadata: { sha256: candidate.sha256 },
      });
    }
    expect(fake.files.get(result.uploaded.get(candidates[0]!.sha256)!)?.image).toEqual({ width: 640, height: 480 });
    expect(uploadsOf('cover.png')[0]?.file).toMatchObject({ contentType: 'image/png', size: 24 });
    expect(fake.requests.filter((request) => request.pathname === '/info/')).toHaveLength(2);
  });

  it('reports batch progress that never falls and ends at 100 with every file done', async () => {
    const { candidates } = mediaFolder('progress', {
      'big.png': png(2000, 1000, 400_000),
      'small.png': png(10, 10),
      'notes.pdf': '%PDF-1.4 notes',
    });
    const reports: [number, number, number][] = [];

    await uploadNewMedia(candidates, {
      publicKey: FAKE_PUBLIC_KEY,
      baseURL: fake.baseURL,
      known: new Map(),
      onProgress: (percent, done, total) => reports.push([percent, done, total]),
    });

    expect(reports[0]).toEqual([0, 0, 3]);
    expect(reports.at(-1)).toEqual([100, 3, 3]);
    for (let i = 1; i < reports.length; i += 1) {
      expect(reports[i]![0]).toBeGreaterThanOrEqual(reports[i - 1]![0]);
      expect(reports[i]![1]).toBeGreaterThanOrEqual(reports[i - 1]![1]);
    }
    // The client's byte-level progress gets through, not only whole files settling.
    const wholeFiles = (percent: number) => Math.abs((percent * 3) / 100 - Math.round((percent * 3) / 100)) < 1e-9;
    expect(reports.some(([percent]) => !wholeFiles(percent))).toBe(true);
  });

  it('does not upload files already in the ledger again: no request is made for them', async () => {
    const { candidates } = mediaFolder('known', { 'old.png': png(20, 20), 'new.pdf': '%PDF-1.4 new' });
    const old = candidates.find((candidate) => candidate.path === 'old.png')!;
    const known = new Map([[old.sha256, '11111111-2222-4333-8444-555555555555']]);

    const result = await uploadNewMedia(candidates, { publicKey: FAKE_PUBLIC_KEY, baseURL: fake.baseURL, known });

    expect([...result.uploaded.keys()]).toEqual([candidates.find((candidate) => candidate.path === 'new.pdf')!.sha256]);
    expect(uploadsOf('old.png')).toHaveLength(0);
    expect(uploadsOf('new.pdf')).toHaveLength(1);

    fake.reset();
    const rerun = await uploadNewMedia(candidates, { publicKey: FAKE_PUBLIC_KEY, baseURL: fake.baseURL, known: new Map([...known, ...result.uploaded]) });
    expect(rerun).toEqual({ uploaded: new Map(), failed: [] });
    expect(fake.requests).toEqual([]);
  });

  it('uploads the same bytes under two paths once', async () => {
    const { candidates } = mediaFolder('duplicates', { 'a.png': png(5, 5), 'b.png': png(5, 5) });

    const result = await uploadNewMedia(candidates, { publicKey: FAKE_PUBLIC_KEY, baseURL: fake.baseURL, known: new Map() });

    expect(result.uploaded.size).toBe(1);
    expect(fake.requests.filter((request) => request.pathname === '/base/')).toHaveLength(1);
  });

  it('reports a failing file with Uploadcare’s reason and still uploads the others', async () => {
    const { candidates } = mediaFolder('failing', { 'ok-1.png': png(1, 1), 'bad.pdf': '%PDF-1.4 bad', 'ok-2.pdf': '%PDF-1.4 ok' });
    fake.failUploadsOf('bad.pdf');

    const result = await uploadNewMedia(candidates, { publicKey: FAKE_PUBLIC_KEY, baseURL: fake.baseURL, known: new Map() });

    expect(result.failed).toEqual([{ path: 'bad.pdf', error: 'Uploading of these file types is not allowed. (FileTypeForbiddenError)' }]);
    expect(result.uploaded.size).toBe(2);
    expect(result.uploaded.has(candidates.find((candidate) => candidate.path === 'bad.pdf')!.sha256)).toBe(false);
  });

  it('fails every file, without throwing, when the public key is wrong', async () => {
    const { candidates } = mediaFolder('wrong-key', { 'one.png': png(1, 1), 'two.pdf': '%PDF-1.4 two' });

    const result = await uploadNewMedia(candidates, { publicKey: 'not-the-key', baseURL: fake.baseURL, known: new Map() });

    expect(result.uploaded.size).toBe(0);
    expect(result.failed.map((failure) => failure.error)).toEqual([
      'UPLOADCARE_PUB_KEY is invalid. (ProjectPublicKeyInvalidError)',
      'UPLOADCARE_PUB_KEY is invalid. (ProjectPublicKeyInvalidError)',
    ]);
  });

  it('gives up on a stalled upload after the timeout and reports it', async () => {
    const { candidates } = mediaFolder('stalled', { 'stuck.png': png(1, 1), 'fine.pdf': '%PDF-1.4 fine' });
    fake.stallUploadsOf('stuck.png');

    const result = await uploadNewMedia(candidates, { publicKey: FAKE_PUBLIC_KEY, baseURL: fake.baseURL, known: new Map(), timeoutMs: 300 });

    expect(result.failed).toEqual([{ path: 'stuck.png', error: 'upload timed out after 300 ms' }]);
    expect(result.uploaded.size).toBe(1);
  });

  it('uploads one file at a time with concurrency 1', async () => {
    const { candidates } = mediaFolder('sequential', { 'x.png': png(1, 1), 'y.png': png(2, 2), 'z.pdf': '%PDF-1.4 z' });

    await uploadNewMedia(candidates, { publicKey: FAKE_PUBLIC_KEY, baseURL: fake.baseURL, known: new Map(), concurrency: 1 });

    // Each file's upload and readiness check finish before the next upload starts.
    expect(fake.requests.map((request) => request.pathname)).toEqual(['/base/', '/info/', '/base/', '/info/', '/base/', '/info/']);
  });

  it('resolves an empty list at once with nothing uploaded, nothing failed and no progress', async () => {
    const reports: number[] = [];

    const result = await uploadNewMedia([], {
      publicKey: FAKE_PUBLIC_KEY,
      baseURL: fake.baseURL,
      known: new Map(),
      onProgress: (percent) => reports.push(percent),
    });

    expect(result).toEqual({ uploaded: new Map(), failed: [] });
    expect(reports).toEqual([]);
    expect(fake.requests).toEqual([]);
  });
});

describe('upload ledger', () => {
  it('round-trips through media/.uploadcare.json with sorted keys and pretty JSON', () => {
    const dir = join(work, 'ledger');
    mkdirSync(join(dir, 'media'), { recursive: true });
    const entries = new Map([
      ['ffff', { uuid: 'uuid-f', path: 'z.png' }],
      ['0000', { uuid: 'uuid-0', path: 'a/b.pdf' }],
    ]);

    writeUploadLedger(dir, entries);

    expect(readFileSync(join(dir, UPLOAD_LEDGER_PATH), 'utf8')).toBe(
      '{\n  "0000": {\n    "uuid": "uuid-0",\n    "path": "a/b.pdf"\n  },\n  "ffff": {\n    "uuid": "uuid-f",\n    "path": "z.png"\n  }\n}\n',
    );
    expect(readUploadLedgerEntries(dir)).toEqual(entries);
    expect(readUploadLedger(dir)).toEqual(new Map([['0000', 'uuid-0'], ['ffff', 'uuid-f']]));
  });

  it('reads a missing ledger as empty', () => {
    expect(readUploadLedger(join(work, 'no-such-folder'))).toEqual(new Map());
  });

  it('refuses a damaged ledger instead of forgetting every upload', () => {
    const dir = join(work, 'damaged');
    mkdirSync(join(dir, 'media'), { recursive: true });
    writeFileSync(join(dir, UPLOAD_LEDGER_PATH), '{ "abc": ');
    expect(() => readUploadLedger(dir)).toThrow(/media\/\.uploadcare\.json: not valid JSON/);
    writeFileSync(join(dir, UPLOAD_LEDGER_PATH), '{ "abc": { "path": "x.png" } }');
    expect(() => readUploadLedger(dir)).toThrow(/abc: expected/);
  });

  it('adds newly uploaded files to the previous entries', () => {
    const files = [
      { sha256: 'aaa', absolutePath: '/x/a.png', path: 'a.png', mimeType: 'image/png', filename: 'a.png' },
      { sha256: 'bbb', absolutePath: '/x/b.pdf', path: 'b.pdf', mimeType: 'application/pdf', filename: 'b.pdf' },
    ];
    const ledger = new Map([['aaa', { uuid: 'uuid-a', path: 'a.png' }]]);

    expect(recordUploads(ledger, files, new Map([['bbb', 'uuid-b']]))).toEqual(
      new Map([
        ['aaa', { uuid: 'uuid-a', path: 'a.png' }],
        ['bbb', { uuid: 'uuid-b', path: 'b.pdf' }],
      ]),
    );
  });
});

describe('renderProgressBar', () => {
  it.each([
    [0, 0, 7, '[..............................]   0% 0/7'],
    [45, 3, 7, '[#############.................]  45% 3/7'],
    [99.9, 6, 7, '[#############################.]  99% 6/7'],
    [100, 7, 7, '[##############################] 100% 7/7'],
    [150, 7, 7, '[##############################] 100% 7/7'],
    [-5, 0, 7, '[..............................]   0% 0/7'],
    [Number.NaN, 0, 7, '[..............................]   0% 0/7'],
  ])('renders %s%% (%s/%s) as %s', (percent, done, total, expected) => {
    expect(renderProgressBar(percent, done, total)).toBe(expected);
  });

  it('takes a width', () => {
    expect(renderProgressBar(50, 1, 2, 10)).toBe('[#####.....]  50% 1/2');
  });
});

describe('createProgressReporter', () => {
  const recorder = (isTTY: boolean) => {
    const chunks: string[] = [];
    return { chunks, stream: { isTTY, write: (chunk: string) => chunks.push(chunk) } };
  };

  it('redraws one line in place on a terminal, skips identical redraws and ends the line', () => {
    const { chunks, stream } = recorder(true);
    const reporter = createProgressReporter(stream);

    for (const [percent, done] of [[0, 0], [0.001, 0], [50, 1], [100, 2]] as const) reporter.update(percent, done, 2);
    reporter.finish();

    expect(chunks).toEqual([`\r${renderProgressBar(0, 0, 2)}`, `\r${renderProgressBar(50, 1, 2)}`, `\r${renderProgressBar(100, 2, 2)}`, '\n']);
  });

  it('prints only 0/25/50/75/100 % milestones, one line each, when not on a terminal', () => {
    const { chunks, stream } = recorder(false);
    const reporter = createProgressReporter(stream);

    for (const percent of [0, 10, 24, 25, 30, 60, 74, 80, 99, 100]) reporter.update(percent, 0, 4);
    reporter.finish();

    expect(chunks.map((chunk) => chunk.match(/\d+%/)?.[0])).toEqual(['0%', '25%', '60%', '80%', '100%']);
    expect(chunks.every((chunk) => chunk.endsWith('\n') && !chunk.includes('\r'))).toBe(true);
  });
});
