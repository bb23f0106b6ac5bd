/**
 * The content import (`npm run import`, README "Content"), in two steps so nothing is opened or
 * written for a folder that is wrong:
 *
 * - `prepareImport` reads and validates the whole folder (all problems at once), asks Uploadcare
 *   about files named by their CDN address, and with `upload` sends new media files to Uploadcare
 *   first (recording their uuids in media/.uploadcare.json, so a re-run uploads nothing twice),
 *   then renders the bodies with the uuids Uploadcare assigned.
 * - `importBundle` writes it into a newsroom's D1 (local or deployed): migrations first, a story
 *   taking a removed story's uuid refused, the search engine synced before D1 (a failed sync
 *   leaves D1 as it was), the content replaced in one transaction that bumps the revision (an
 *   unchanged folder writes nothing), then the page cache's pointers published.
 *
 * scripts/cli/import.ts reads the command line, builds what these need and prints what they answer.
 */
import type { SearchAdminSettings } from '#src/config/search';
import type { ContentBundle, MediaFile } from '#src/domain/content-bundle';
import { newGalleryLink } from '#src/domain/gallery-link';
import { BODY_MEDIA_ROOT } from '#src/domain/media/payload-addresses';
import { newStoryLink } from '#src/domain/story-link';
import { CACHE_POINTERS_SQL, CURRENT_CONTENT_HASH_SQL, RETIRED_STORY_UUIDS_SQL, replaceContentStatements, type CachePointers } from '#src/platform/d1/import-statements';
import type { StatementRunner } from '#src/platform/d1/sql-statement';
import { entryFile } from './folder-layout';
import { loadContentFolder, type LoadResult } from './load-folder';
import { createMediaAddressing } from './media-addressing';
import type { ProgressReporter } from './progress-bar';
import type { ContentProblem } from './schema';
import { syncSearchIndex, type SearchSyncResult } from './search-sync';
import { readUploadLedger, readUploadLedgerEntries, recordUploads, uploadCandidates, uploadNewMedia, writeUploadLedger } from './upload-media';
import { lookUpUploadcareFiles, type UploadcareFiles } from './uploadcare-files';

/** A newsroom's D1 and page-cache pointers, local or deployed (scripts/cli/d1-database.ts). */
export interface ImportDatabase extends StatementRunner {
  /** Applies the schema migrations the database has not had yet. */
  migrate(): Promise<void>;
  /** Publishes the page cache's pointers: the withdrawal floor first, then the revision. */
  writeCachePointers(pointers: CachePointers): Promise<void>;
}

export interface PrepareRequest {
  readonly dir: string;
  /** Send new media files to Uploadcare first. */
  readonly upload: boolean;
  /** Uploadcare's public key (lookups of files named by CDN address, and uploads). */
  readonly uploadcarePublicKey: string | undefined;
  /** Uploadcare's Upload API, when not its own address. */
  readonly uploadcareUploadUrl: string | undefined;
  /** One clock for the whole import: which scheduled stories are due, and when they went live. */
  readonly now: number;
  /** A progress bar for the uploads. */
  readonly progress: () => ProgressReporter;
}

export type PreparedImport =
  | { readonly ok: true; readonly bundle: ContentBundle }
  | { readonly ok: false; readonly refusal: 'upload-needs-key' }
  | { readonly ok: false; readonly refusal: 'invalid'; readonly problems: readonly ContentProblem[] }
  | { readonly ok: false; readonly refusal: 'upload-failed'; readonly failed: readonly { readonly path: string; readonly error: string }[] };

const invalid = (result: Extract<LoadResult, { ok: false }>): PreparedImport => ({ ok: false, refusal: 'invalid', problems: result.problems });

/** The folder read, validated and rendered (its new media uploaded first with `upload`); nothing written to D1. */
export async function prepareImport(request: PrepareRequest): Promise<PreparedImport> {
  // Bodies get placeholder media addresses; the worker puts its MEDIA_CDN_URL in when serving.
  const addressing = createMediaAddressing(BODY_MEDIA_ROOT);
  const known = request.upload ? readUploadLedger(request.dir) : new Map<string, string>();
  // The first load validates the folder and hashes every referenced media file: nothing is
  // uploaded for a folder that is wrong, and only files the content uses are uploaded.
  let uploadcareFiles: UploadcareFiles = new Map();
  let result = loadContentFolder(request.dir, { addressing, knownUuids: known, uploadcareFiles, now: request.now });
  // Files named by their Uploadcare address: asked about once, then the folder is read again.
  // Without the key the load's own problems say it is needed.
  if (!result.ok && result.unknownUploadcareFiles.length > 0 && request.uploadcarePublicKey) {
    uploadcareFiles = await lookUpUploadcareFiles(result.unknownUploadcareFiles, { publicKey: request.uploadcarePublicKey, baseURL: request.uploadcareUploadUrl });
    result = loadContentFolder(request.dir, { addressing, knownUuids: known, uploadcareFiles, now: request.now });
  }
  if (!result.ok) return invalid(result);
  if (!request.upload) return { ok: true, bundle: result.bundle };

  const publicKey = request.uploadcarePublicKey;
  if (!publicKey) return { ok: false, refusal: 'upload-needs-key' };
  const candidates = uploadCandidates(result.bundle.media);
  const reporter = request.progress();
  const { uploaded, failed } = await uploadNewMedia(candidates, { publicKey, baseURL: request.uploadcareUploadUrl, known, onProgress: reporter.update });
  reporter.finish();
  // Successes are recorded before failures abort, so a re-run does not upload them again.
  writeUploadLedger(request.dir, recordUploads(readUploadLedgerEntries(request.dir), candidates, uploaded));
  if (failed.length > 0) return { ok: false, refusal: 'upload-failed', failed };
  if (uploaded.size === 0) return { ok: true, bundle: result.bundle };
  // Bodies and payloads must name the uuids Uploadcare assigned: render again with them.
  result = loadContentFolder(request.dir, { addressing, knownUuids: new Map([...known, ...uploaded]), uploadcareFiles, now: request.now });
  return result.ok ? { ok: true, bundle: result.bundle } : invalid(result);
}

export interface WriteRequest {
  /** Write even when the database holds this folder's hash already. */
  readonly force: boolean;
  /** Send the stories to the search engine first (its settings, and the media root of thumbnails); null: D1's own index only. */
  readonly search: { readonly settings: SearchAdminSettings; readonly cdnRoot: string; readonly progress: () => ProgressReporter } | null;
  /** Makes the media files servable before the content naming them is written (locally: copied into the static assets). */
  readonly publishMedia: ((media: readonly MediaFile[]) => void) | null;
  /** The import's time (as prepareImport's). */
  readonly now: number;
}

export type ImportOutcome =
  /** Stories whose uuid belonged to a removed story, each with its file and a fresh uuid to give it. */
  | { readonly kind: 'reused-uuids'; readonly stories: readonly { readonly file: string; readonly uuid: string; readonly freshUuid: string }[] }
  | { readonly kind: 'imported' | 'unchanged'; readonly statements: number; readonly revision: number | null; readonly search: SearchSyncResult | null };

/** The bundle written into the newsroom's D1 in one transaction, and the page cache's pointers published after it. */
export async function importBundle(db: ImportDatabase, bundle: ContentBundle, request: WriteRequest): Promise<ImportOutcome> {
  // Every story gets a link ready; stories that have one already keep theirs (the statement only
  // inserts missing ones), so links in journalists' inboxes survive re-imports. Galleries likewise.
  const links = new Map(await Promise.all(bundle.stories.map(async (story) => [story.uuid, await newStoryLink()] as const)));
  const galleryLinks = new Map(await Promise.all(bundle.galleries.map(async (gallery) => [gallery.uuid, await newGalleryLink()] as const)));
  const statements = replaceContentStatements(bundle, request.now, links, galleryLinks);
  await db.migrate();
  // A removed story's uuid belongs to it for good (its links, alerts and records): a file that
  // takes one (a copied file, a restored folder) is refused here; D1's trigger refuses it too.
  const retired = new Set((await db.query<{ uuid: string }>({ sql: RETIRED_STORY_UUIDS_SQL, params: [] })).map((row) => row.uuid));
  const reused = bundle.stories.filter((story) => retired.has(story.uuid));
  if (reused.length > 0) {
    return { kind: 'reused-uuids', stories: reused.map((story) => ({ file: entryFile('stories', story.translation_group, story.locale), uuid: story.uuid, freshUuid: crypto.randomUUID() })) };
  }
  // The search engine is synced before D1 is written: a failed sync leaves D1 as it was.
  let search: SearchSyncResult | null = null;
  if (request.search) {
    const reporter = request.search.progress();
    search = await syncSearchIndex(bundle, request.search.settings, { cdnRoot: request.search.cdnRoot, onProgress: reporter.update }).finally(() => reporter.finish());
  }
  request.publishMedia?.(bundle.media);
  // The page cache keys on the revision: its pointers are published after the commit, never
  // before, so a page rendered from the old content is not cached under the new revision. An
  // unchanged folder writes no content, and publishes them again in case KV lost them.
  const [current] = await db.query<{ content_hash: string | null }>({ sql: CURRENT_CONTENT_HASH_SQL, params: [] });
  const unchanged = current?.content_hash === bundle.hash && !request.force;
  if (!unchanged) await db.write(statements);
  const [pointers] = await db.query<CachePointers>({ sql: CACHE_POINTERS_SQL, params: [] });
  if (pointers) await db.writeCachePointers(pointers);
  return { kind: unchanged ? 'unchanged' : 'imported', statements: statements.length, revision: pointers?.revision ?? null, search };
}
