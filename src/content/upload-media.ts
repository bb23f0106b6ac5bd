/**
 * Uploads a content folder's media files to Uploadcare for `npm run import -- --upload`.
 *
 * Files are identified by the sha256 of their bytes. A small ledger, media/.uploadcare.json, keeps
 * the uuid Uploadcare assigned to each hash, so a re-run uploads only files it has not seen
 * (re-uploading would create a second copy with a new uuid and change every address). The ledger
 * feeds `knownUuids` of loadContentFolder, which is how the assigned uuids reach the bundle.
 *
 * Uploads go through the pure batch model (runUploadBatch): progress only rises, and one failed
 * file is reported without stopping the others. Keys are options, never read from env here.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { uploadFile } from '@uploadcare/upload-client/node';
import { runUploadBatch } from '#src/domain/media/index';
import type { MediaFile } from '#src/domain/content-bundle';
import { openContentFolder } from './content-folder';

/** Where the ledger lives, relative to the content folder. */
export const UPLOAD_LEDGER_PATH = 'media/.uploadcare.json';

/** Enough parallelism to hide latency without tripping Uploadcare's request throttling. */
export const DEFAULT_UPLOAD_CONCURRENCY = 4;

/**
 * The client has no timeout of its own and polls /info/ until the file is ready, so a stalled
 * request or a file that never becomes ready would hang the CLI forever without one.
 */
export const DEFAULT_UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;

/** One media file that may need uploading. */
export interface UploadCandidate {
  readonly sha256: string;
  readonly absolutePath: string;
  /** Path relative to media/, as content files reference it; used in reports and the ledger. */
  readonly path: string;
  readonly mimeType: string;
  readonly filename: string;
}

export interface UploadMediaOptions {
  readonly publicKey: string;
  /** Upload API root; tests point it at a local fake. Defaults to Uploadcare's. */
  readonly baseURL?: string;
  /** Uuids already assigned, by sha256 (from the ledger): these files are not uploaded again. */
  readonly known: ReadonlyMap<string, string>;
  /** Batch progress: percent 0-100 (never falls), files settled, files to upload. */
  readonly onProgress?: (percent: number, done: number, total: number) => void;
  readonly concurrency?: number;
  /** Per file, counted from when its upload starts (not while it waits for a slot). */
  readonly timeoutMs?: number;
}

export interface UploadMediaResult {
  /** sha256 → uuid, for the files uploaded by this call only. */
  readonly uploaded: Map<string, string>;
  readonly failed: { path: string; error: string }[];
}

export interface UploadLedgerEntry {
  readonly uuid: string;
  /** The media path the file was uploaded from: for people reading the ledger, not for lookups. */
  readonly path: string;
}

/** The media of a loaded bundle as upload candidates. */
export function uploadCandidates(media: readonly MediaFile[]): UploadCandidate[] {
  return media.map((file) => ({
    sha256: file.sha256,
    absolutePath: file.absolutePath,
    path: file.path,
    mimeType: file.payload.mime_type,
    filename: file.payload.filename,
  }));
}

/**
 * Uploads the files whose sha256 is not in `known`; resolves once all have succeeded or failed
 * (never rejects for a single file). The same bytes under two paths are uploaded once.
 */
export async function uploadNewMedia(files: readonly UploadCandidate[], options: UploadMediaOptions): Promise<UploadMediaResult> {
  const pending = uniqueBySha(files.filter((file) => !options.known.has(file.sha256)));
  const total = pending.length;
  if (total === 0) return { uploaded: new Map(), failed: [] };

  const limit = createLimiter(positiveInteger(options.concurrency, DEFAULT_UPLOAD_CONCURRENCY));
  const timeoutMs = positiveInteger(options.timeoutMs, DEFAULT_UPLOAD_TIMEOUT_MS);
  // The batch model reports changes only; an explicit start lets a bar appear before the first byte.
  options.onProgress?.(0, 0, total);

  const results = await runUploadBatch(
    pending,
    (file, reportProgress) =>
      limit(async () => {
        const uuid = await uploadOne(file, options, timeoutMs, reportProgress);
        return { sha256: file.sha256, uuid };
      }),
    (percent, progress) => options.onProgress?.(percent, progress.settled.filter(Boolean).length, total),
  );

  return {
    uploaded: new Map(results.successful.map((result) => [result.sha256, result.uuid])),
    failed: results.failed.map(({ item, error }) => ({ path: item.path, error: describeError(error, timeoutMs) })),
  };
}

async function uploadOne(file: UploadCandidate, options: UploadMediaOptions, timeoutMs: number, reportProgress: (percent: number) => void): Promise<string> {
  // Read inside the concurrency slot, so at most `concurrency` files sit in memory at once.
  const bytes = await readFile(file.absolutePath);
  const uploaded = await uploadFile(bytes, {
    publicKey: options.publicKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    fileName: file.filename,
    contentType: file.mimeType,
    // Explicitly stored: with 'auto', a project set to manual storing deletes files after 24 hours.
    store: true,
    // The hash travels with the file, so the ledger can be rebuilt from Uploadcare if it is lost.
    metadata: { sha256: file.sha256 },
    signal: AbortSignal.timeout(timeoutMs),
    onProgress: (info) => {
      if (info.isComputable) reportProgress(info.value * 100);
    },
  });
  return uploaded.uuid;
}

/** A one-line reason: Uploadcare's message with its error code, or the timeout that hit. */
function describeError(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error);
  if ((error as { isCancel?: unknown }).isCancel === true) return `upload timed out after ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}`;
  const code = (error as { code?: unknown }).code;
  const message = error.message || error.name;
  return typeof code === 'string' && code !== '' && !message.includes(code) ? `${message} (${code})` : message;
}

function uniqueBySha(files: readonly UploadCandidate[]): UploadCandidate[] {
  const seen = new Map<string, UploadCandidate>();
  for (const file of files) if (!seen.has(file.sha256)) seen.set(file.sha256, file);
  return [...seen.values()];
}

function positiveInteger(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}

/** Runs at most `max` tasks at once; a finished task hands its slot straight to the next waiter. */
function createLimiter(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  const acquire = (): Promise<void> => {
    if (active < max) {
      active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  return async (task) => {
    await acquire();
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/** The ledger as sha256 → uuid, ready for LoadOptions.knownUuids; empty when there is none yet. */
export function readUploadLedger(contentDir: string): Map<string, string> {
  return new Map([...readUploadLedgerEntries(contentDir)].map(([sha256, entry]) => [sha256, entry.uuid]));
}

/**
 * The ledger with paths. A damaged ledger throws rather than reading as empty: treating it as
 * empty would upload every file again under new uuids.
 */
export function readUploadLedgerEntries(contentDir: string): Map<string, UploadLedgerEntry> {
  if (!existsSync(contentDir)) return new Map();
  // Read like every other file of the folder: a ledger linked in from elsewhere is refused.
  const found = openContentFolder(contentDir).resolve(UPLOAD_LEDGER_PATH);
  if (found.kind === 'missing') return new Map();
  if (found.kind === 'refused') throw new Error(`${UPLOAD_LEDGER_PATH}: ${found.message}`);
  if (found.kind !== 'file') throw new Error(`${UPLOAD_LEDGER_PATH}: is not a file`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(found.realPath, 'utf8'));
  } catch (error) {
    throw new Error(`${UPLOAD_LEDGER_PATH}: not valid JSON: ${(error as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error(`${UPLOAD_LEDGER_PATH}: expected an object keyed by sha256`);
  const entries = new Map<string, UploadLedgerEntry>();
  for (const [sha256, value] of Object.entries(data)) {
    const { uuid, path } = (typeof value === 'object' && value !== null ? value : {}) as { uuid?: unknown; path?: unknown };
    if (typeof uuid !== 'string' || uuid === '' || typeof path !== 'string') {
      throw new Error(`${UPLOAD_LEDGER_PATH}: ${sha256}: expected { "uuid": string, "path": string }`);
    }
    entries.set(sha256, { uuid, path });
  }
  return entries;
}

/** Writes the ledger with sorted keys (stable diffs when it is committed with the content). */
export function writeUploadLedger(contentDir: string, entries: ReadonlyMap<string, UploadLedgerEntry>): void {
  const sorted: Record<string, UploadLedgerEntry> = {};
  for (const sha256 of [...entries.keys()].sort()) {
    const entry = entries.get(sha256)!;
    sorted[sha256] = { uuid: entry.uuid, path: entry.path };
  }
  const file = join(contentDir, UPLOAD_LEDGER_PATH);
  // Write then rename: an interrupted run must not leave half a ledger and lose known uuids.
  const temporary = `${file}.${process.pid}.tmp`;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(temporary, `${JSON.stringify(sorted, null, 2)}\n`);
  renameSync(temporary, file);
}

/** The ledger after an upload: the previous entries plus one per newly uploaded file. */
export function recordUploads(
  ledger: ReadonlyMap<string, UploadLedgerEntry>,
  files: readonly UploadCandidate[],
  uploaded: ReadonlyMap<string, string>,
): Map<string, UploadLedgerEntry> {
  const next = new Map(ledger);
  for (const file of files) {
    const uuid = uploaded.get(file.sha256);
    // The first path wins for identical bytes under two names, as it did for the upload itself.
    if (uuid !== undefined && next.get(file.sha256)?.uuid !== uuid) next.set(file.sha256, { uuid, path: file.path });
  }
  return next;
}
