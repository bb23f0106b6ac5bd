/**
 * The media files of a content folder, as stored Uploadcare payloads. Without an upload, a file's
 * uuid is derived from its bytes, so re-importing the same folder yields the same addresses and
 * changes nothing; with `--upload` the uuid Uploadcare assigned is recorded instead.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, resolve, sep } from 'node:path';
import type { MediaFile } from '#src/domain/content-bundle';
import { mediaPayload, uuidFromHash } from './media-payloads';

/** Reads one media file; throws with a readable message when it is missing or unreadable. */
export function readMediaFile(mediaDir: string, path: string, knownUuids: ReadonlyMap<string, string> = new Map()): MediaFile {
  const absolutePath = resolveInside(mediaDir, path);
  const stat = statSync(absolutePath, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new Error(`media file "${path}" not found in media/`);
  const bytes = readFileSync(absolutePath);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { path, absolutePath, sha256, payload: mediaPayload(path, bytes, knownUuids.get(sha256) ?? uuidFromHash(sha256)) };
}

/**
 * The real path of `path` inside `mediaDir`, refusing anything that leaves it: `../` segments, an
 * absolute path, or a symbolic link (anywhere on the way) that points outside. Only files of the
 * content folder's media/ ever become public media, whatever a story body names.
 */
export function resolveInside(mediaDir: string, path: string): string {
  const outside = new Error(`media file "${path}" is outside media/ (paths must stay inside the content folder's media/ folder)`);
  if (isAbsolute(path)) throw outside;
  const root = existsSync(mediaDir) ? realpathSync(mediaDir) : resolve(mediaDir);
  const candidate = resolve(root, path);
  const within = (target: string) => target === root || target.startsWith(root + sep);
  if (!within(candidate)) throw outside;
  if (!existsSync(candidate)) return candidate;
  if (!within(realpathSync(candidate))) throw outside;
  return candidate;
}

