// "Download all": the streamed ZIP, checked by unpacking it (fflate's reader verifies every CRC),
// and the gallery route's answer.
import { unzipSync } from 'fflate';
import { expect, test, vi } from 'vitest';
import { zipStream } from '#src/platform/archive/zip-stream';
import { request } from '../request';

function source(bytes: Uint8Array, chunk = 7): () => Promise<ReadableStream<Uint8Array>> {
  return async () =>
    new ReadableStream({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += chunk) controller.enqueue(bytes.slice(offset, offset + chunk));
        controller.close();
      },
    });
}

function random(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let offset = 0; offset < length; offset += 65_536) crypto.getRandomValues(bytes.subarray(offset, offset + 65_536));
  return bytes;
}

test('entries are stored whole, byte for byte, with correct CRCs and sizes, whatever the chunks', async () => {
  const files = { 'a.jpg': random(50_000), 'photo (2).jpg': random(1), 'empty.txt': new Uint8Array(0), 'é.png': random(70_001) };
  const { stream, done } = zipStream(Object.entries(files).map(([name, bytes]) => ({ name, open: source(bytes, 4096) })));
  const archive = new Uint8Array(await new Response(stream).arrayBuffer());
  await done;
  const unpacked = unzipSync(archive);
  expect(Object.keys(unpacked)).toEqual(Object.keys(files));
  for (const [name, bytes] of Object.entries(files)) expect(unpacked[name]).toEqual(bytes);
  // Stored, not deflated: the archive is the files plus headers.
  expect(archive.byteLength).toBeGreaterThan(120_002);
  expect(archive.byteLength).toBeLessThan(120_002 + 1_000);
});

test('a source that fails stops the archive with an error instead of a whole-looking file', async () => {
  const errors: unknown[] = [];
  const { stream, done } = zipStream(
    [
      { name: 'a.bin', open: source(random(10)) },
      { name: 'b.bin', open: () => Promise.reject(new Error('original missing')) },
    ],
    (error) => errors.push(error),
  );
  await expect(new Response(stream).arrayBuffer()).rejects.toThrow();
  await done;
  expect(String(errors[0])).toContain('original missing');
});

test('a visitor who stops the download ends the archive without a failure reported', async () => {
  const errors: unknown[] = [];
  // A source that is still sending when the visitor stops: a chunk per turn, without end.
  const endless = async () => new ReadableStream<Uint8Array>({ pull: async (controller) => controller.enqueue(random(4096)) });
  const { stream, done } = zipStream([{ name: 'big.bin', open: endless }], (error) => errors.push(error));
  const reader = stream.getReader();
  await reader.read();
  await reader.cancel();
  await done;
  expect(errors).toEqual([]);
});

test('the gallery archive answers as a ZIP download named after the gallery; an unknown gallery is a 404', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const html = await (await request('https://news.test.example/media')).text();
  const gallery = html.match(/href="(\/media\/album\/[0-9a-f-]{36})"/)![1]!;
  const page = await (await request(`https://news.test.example${gallery}`)).text();
  expect(page).toContain(`href="${gallery}/download"`);
  expect(page).toMatch(/Download all(<!-- -->)? <span class="archive-size">\(ZIP · [\d.]+\s(kB|MB|byte)\)<\/span>/u);
  const response = await request(`https://news.test.example${gallery}/download`);
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('application/zip');
  expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="[^"]+\.zip"; filename\*=UTF-8''.+\.zip$/);
  await response.body?.cancel();
  expect((await request('https://news.test.example/media/album/00000000-0000-4000-8000-000000000000/download')).status).toBe(404);
  expect((await request('https://news.test.example/media/album/not-a-uuid/download')).status).toBe(404);
});

test('a public story with media links its archive; the archive of a non-public or unknown story is a 404', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const page = await (await request('https://news.test.example/english-story-03')).text();
  expect(page).toContain('href="/english-story-03/download"');
  const response = await request('https://news.test.example/english-story-03/download');
  expect([response.status, response.headers.get('Content-Type')]).toEqual([200, 'application/zip']);
  await response.body?.cancel();
  for (const slug of ['private-story', 'draft-story', 'embargoed-story', 'no-such-story']) {
    expect((await request(`https://news.test.example/${slug}/download`)).status, slug).toBe(404);
  }
});
