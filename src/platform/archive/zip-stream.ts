/**
 * A ZIP streamed as it is made (fflate's `Zip` with stored entries: JPEG and PNG do not shrink, so
 * nothing is recompressed). Each entry's bytes are read from its source while the archive is
 * written, CRC-32 and sizes computed on the way (data descriptors), so a gallery of any size
 * costs the worker one chunk of memory at a time. A source that fails ends the archive with an
 * error (the download stops short rather than pretending to be whole) and is reported; a visitor
 * who stops the download is not a failure, and is not.
 */
import { Zip, ZipPassThrough } from 'fflate';
import type { ZipStreamer } from '#src/domain/archive';

export const zipStream: ZipStreamer = (entries, onError = () => {}) => {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  let failure: unknown = null;
  /** The visitor stopped reading (closed the tab, cancelled the download). */
  let cancelled = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure = error;
      return;
    }
    // After an abort these reject with its reason, which the producer below already handled.
    writer.write(chunk).catch(() => {});
    if (final) writer.close().catch(() => {});
  });
  const done = (async () => {
    try {
      for (const entry of entries) {
        const file = new ZipPassThrough(entry.name);
        zip.add(file);
        const reader = (await entry.open()).getReader();
        for (;;) {
          // The reader of the download sets the pace: wait for room before reading more.
          await writer.ready;
          const { done: finished, value } = await reader.read();
          if (finished) break;
          file.push(value);
          if (failure) throw failure;
        }
        file.push(new Uint8Array(0), true);
      }
      zip.end();
      if (failure) throw failure;
    } catch (error) {
      if (!cancelled) onError(error);
      await writer.abort(error).catch(() => {});
    }
  })();
  // The download as the visitor reads it: the same chunks, and a cancel that says it was theirs.
  const chunks = readable.getReader();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done: ended, value } = await chunks.read();
      if (ended) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      cancelled = true;
      return chunks.cancel(reason);
    },
  });
  return { stream, done };
};
