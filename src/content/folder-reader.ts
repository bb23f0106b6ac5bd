/**
 * Reading a content folder's files, each problem collected rather than thrown: a YAML file checked
 * against its schema, a Markdown file's front matter and body, the files and folders a directory
 * lists, and a media file referenced from a content file (read once, however many files reference
 * it). Every path goes through ./content-folder.ts, so nothing outside the folder is ever read.
 * A reference may also be a file already on Uploadcare, by its CDN address (what the editor's
 * Uploadcare fields write): its payload is made from the details Uploadcare gave for its uuid
 * (./uploadcare-files.ts), which the import looks up before loading.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import type { MediaFile } from '#src/domain/content-bundle';
import type { StoredFilePayload, StoredImagePayload } from '#src/domain/media-payload';
import { listEntries, openContentFolder } from './content-folder';
import { MEDIA_FOLDER, mediaPathOf } from './folder-layout';
import { parseMarkdown } from './front-matter';
import { readMediaFile } from './media-files';
import { isImagePayload } from './media-payloads';
import { check, type ContentProblem } from './schema';
import { isCdnReference } from '#src/domain/media/addresses';
import { uploadcarePayload, type UploadcareFiles } from './uploadcare-files';

type Schema<T> = Parameters<typeof check<T>>[0];

export interface FolderReader {
  /** The file's data as its schema checked it; null (after recording why) when it cannot be used. */
  checkYaml<T>(schema: Schema<T>, file: string): T | null;
  /** A Markdown file's front matter (checked) and body; null (after recording why) when unusable. */
  markdown<T>(schema: Schema<T>, file: string): { front: T; body: string } | null;
  /** Names of the files ending in `extension` in the folder's directory `path`, sorted. */
  files(path: string, extension: string): string[];
  /** Names of the directories in the folder's directory `path`, sorted. */
  directories(path: string): string[];
  /**
   * The payload of the file a reference names (a path in media/ or an Uploadcare CDN address), for
   * `field` of `file`; null when there is no reference or the file cannot be used.
   */
  fileRef(file: string, field: string, reference: string | null | undefined): StoredFilePayload | null;
  /** The same, for a field that must name an image. */
  imageRef(file: string, field: string, reference: string | null | undefined): StoredImagePayload | null;
  /** Every media file of media/ referenced so far, by path. */
  readonly media: ReadonlyMap<string, MediaFile>;
  /** The uuids of Uploadcare files referenced by address whose details `uploadcareFiles` lacked. */
  readonly unknownUploadcareFiles: ReadonlySet<string>;
}

export function createFolderReader(
  dir: string,
  problems: ContentProblem[],
  knownUuids: ReadonlyMap<string, string> | undefined,
  uploadcareFiles: UploadcareFiles | undefined,
): FolderReader {
  const folder = openContentFolder(dir);
  const media = new Map<string, MediaFile>();
  // A path both read by name and listed (company/index.fr.yaml) is reported once.
  const reported = new Set<string>();
  const report = ({ file, message }: { file: string; message: string }) => {
    if (reported.has(file)) return;
    reported.add(file);
    problems.push({ file, field: '', message });
  };

  // media/ itself may be a link, but only to a directory inside the folder; refused once, here.
  const mediaFolder = folder.resolve(MEDIA_FOLDER);
  if (mediaFolder.kind === 'refused') report({ file: MEDIA_FOLDER, message: mediaFolder.message });
  const mediaDir = mediaFolder.kind === 'directory' ? mediaFolder.realPath : join(folder.root, MEDIA_FOLDER);

  /** The text of a file the folder holds; null (after recording why) when it cannot be read. */
  const readText = (file: string): string | null => {
    const found = folder.resolve(file);
    if (found.kind === 'refused') report({ file, message: found.message });
    else if (found.kind === 'missing') report({ file, message: 'file is missing' });
    else if (found.kind !== 'file') report({ file, message: 'is not a file' });
    else return readFileSync(found.realPath, 'utf8');
    return null;
  };

  const checkYaml = <T,>(schema: Schema<T>, file: string): T | null => {
    const text = readText(file);
    if (text === null) return null;
    let data: unknown;
    try {
      data = YAML.parse(text);
    } catch (error) {
      problems.push({ file, field: '', message: `not valid YAML: ${(error as Error).message.split('\n')[0]}` });
      return null;
    }
    return check(schema, data, file, problems);
  };
  const markdown = <T,>(schema: Schema<T>, file: string): { front: T; body: string } | null => {
    const text = readText(file);
    return text === null ? null : parseMarkdown(text, file, schema, problems);
  };

  const unknownUploadcareFiles = new Set<string>();
  const cdnFileRef = (file: string, field: string, reference: string): StoredFilePayload | null => {
    const found = uploadcarePayload(reference, uploadcareFiles);
    if (found.kind === 'unknown') unknownUploadcareFiles.add(found.uuid);
    if (found.kind === 'payload') return found.payload;
    problems.push({ file, field, message: found.message });
    return null;
  };

  const mediaRef = (file: string, field: string, reference: string): MediaFile | null => {
    const path = mediaPathOf(reference);
    const cached = media.get(path);
    if (cached) return cached;
    // Already reported once for the whole folder.
    if (mediaFolder.kind === 'refused') return null;
    try {
      const loaded = readMediaFile(mediaDir, path, knownUuids);
      media.set(path, loaded);
      return loaded;
    } catch (error) {
      problems.push({ file, field, message: (error as Error).message });
      return null;
    }
  };
  const fileRef = (file: string, field: string, reference: string | null | undefined): StoredFilePayload | null => {
    if (!reference) return null;
    if (isCdnReference(reference)) return cdnFileRef(file, field, reference);
    return mediaRef(file, field, reference)?.payload ?? null;
  };
  const imageRef = (file: string, field: string, reference: string | null | undefined): StoredImagePayload | null => {
    const payload = fileRef(file, field, reference);
    if (!payload) return null;
    if (!isImagePayload(payload)) {
      problems.push({ file, field, message: isCdnReference(reference!) ? `"${reference}" is not an image on Uploadcare` : `media file "${reference}" is not an image` });
      return null;
    }
    return payload;
  };
  return {
    checkYaml,
    markdown,
    files: (path, extension) => listEntries(folder, path, 'file', extension, report),
    directories: (path) => listEntries(folder, path, 'directory', '', report),
    fileRef,
    imageRef,
    media,
    unknownUploadcareFiles,
  };
}
