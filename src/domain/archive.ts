/**
 * "Download all": the names inside a ZIP of media originals. Each file keeps its own name made
 * safe by the media model's file-name rule; a name already taken gets ` (2)`, ` (3)`… before its
 * extension, so no file overwrites another when the archive is unpacked.
 */
import { sanitizeFilename } from './media/filename';

/** One file of an archive: its name inside the ZIP and its bytes, opened when its turn comes. */
export interface ArchiveEntry {
  readonly name: string;
  open(): Promise<ReadableStream<Uint8Array>>;
}

/**
 * Streams a ZIP of `entries` as it is made (src/platform/archive/zip-stream.ts): the archive's
 * bytes, and `done` once it is whole; a source that fails is handed to `onError`.
 */
export type ZipStreamer = (entries: readonly ArchiveEntry[], onError?: (error: unknown) => void) => { stream: ReadableStream<Uint8Array>; done: Promise<void> };

export function archiveNames(filenames: readonly string[]): string[] {
  const taken = new Set<string>();
  return filenames.map((filename) => {
    const safe = sanitizeFilename(filename || 'file');
    const dot = safe.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
    let name = safe;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = sanitizeFilename(`${stem} (${n})${extension}`);
    taken.add(name.toLowerCase());
    return name;
  });
}

/** The archive's name: the gallery's (or story's) title made a safe file name. */
export function archiveFilename(title: string): string {
  return sanitizeFilename(`${title.trim() || 'media'}.zip`);
}

/** Bytes of the originals together: what the button announces (the archive stores, not compresses). */
export function archiveBytes(files: readonly { size: number }[]): number {
  return files.reduce((total, file) => total + file.size, 0);
}
