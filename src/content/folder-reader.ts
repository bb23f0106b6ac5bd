/**
 * Reading a content folder's files, each problem collected rather than thrown: a YAML file checked
 * against its schema, and a media file referenced from a content file (read once, however many
 * files reference it).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import type { MediaFile } from '#src/domain/content-bundle';
import type { StoredImagePayload } from '#src/domain/media-payload';
import { isImagePayload, readMediaFile } from './media-files';
import { check, type ContentProblem } from './schema';

export interface FolderReader {
  /** The file's data as its schema checked it; null (after recording why) when it cannot be used. */
  checkYaml<T>(schema: Parameters<typeof check<T>>[0], file: string): T | null;
  /** The media file at `path`, for `field` of `file`; null when there is no path or it cannot be read. */
  mediaRef(file: string, field: string, path: string | null | undefined): MediaFile | null;
  /** The same, for a field that must name an image. */
  imageRef(file: string, field: string, path: string | null | undefined): StoredImagePayload | null;
  /** Every media file referenced so far, by path. */
  readonly media: ReadonlyMap<string, MediaFile>;
}

export function createFolderReader(dir: string, problems: ContentProblem[], knownUuids: ReadonlyMap<string, string> | undefined): FolderReader {
  const media = new Map<string, MediaFile>();
  const mediaDir = join(dir, 'media');

  // A file that is missing or not YAML is reported once, here; its schema is then not checked.
  const UNREADABLE = Symbol('unreadable');
  const readYaml = (file: string): unknown => {
    const path = join(dir, file);
    if (!existsSync(path)) {
      problems.push({ file, field: '', message: 'file is missing' });
      return UNREADABLE;
    }
    try {
      return YAML.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      problems.push({ file, field: '', message: `not valid YAML: ${(error as Error).message.split('\n')[0]}` });
      return UNREADABLE;
    }
  };
  const checkYaml = <T,>(schema: Parameters<typeof check<T>>[0], file: string): T | null => {
    const data = readYaml(file);
    return data === UNREADABLE ? null : check(schema, data, file, problems);
  };

  const mediaRef = (file: string, field: string, path: string | null | undefined): MediaFile | null => {
    if (!path) return null;
    const cached = media.get(path);
    if (cached) return cached;
    try {
      const loaded = readMediaFile(mediaDir, path, knownUuids);
      media.set(path, loaded);
      return loaded;
    } catch (error) {
      problems.push({ file, field, message: (error as Error).message });
      return null;
    }
  };
  const imageRef = (file: string, field: string, path: string | null | undefined): StoredImagePayload | null => {
    const found = mediaRef(file, field, path);
    if (!found) return null;
    if (!isImagePayload(found.payload)) {
      problems.push({ file, field, message: `media file "${path}" is not an image` });
      return null;
    }
    return found.payload;
  };
  return { checkYaml, mediaRef, imageRef, media };
}

export function listFiles(dir: string, extension: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(extension) && statSync(join(dir, name)).isFile())
    .sort();
}

export function listDirectories(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort();
}

