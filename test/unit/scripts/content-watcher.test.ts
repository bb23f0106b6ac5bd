// `npm start` re-imports the content folder after the editor saves: once per burst of changes,
// never two imports at once, and never for files that are not content.
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations.
import { createDebouncedRunner, DEBOUNCE_MS, isContentChange, watchContentFolder } from '../../../scripts/dev/content-watcher.mjs';

afterEach(() => vi.useRealTimers());

test('a burst of changes makes one import, after the last change', async () => {
  vi.useFakeTimers();
  let imports = 0;
  const runner = createDebouncedRunner(() => {
    imports += 1;
  });
  for (let i = 0; i < 5; i++) {
    runner.changed();
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS / 2);
  }
  expect(imports).toBe(0);
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  expect(imports).toBe(1);
});

test('changes during an import make exactly one more import after it, never two at once', async () => {
  vi.useFakeTimers();
  let running = 0;
  let most = 0;
  let imports = 0;
  let finish: () => void = () => {};
  const runner = createDebouncedRunner(async () => {
    running += 1;
    most = Math.max(most, running);
    imports += 1;
    await new Promise<void>((resolve) => (finish = resolve));
    running -= 1;
  });
  runner.changed();
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  expect(imports).toBe(1);
  runner.changed();
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  runner.changed();
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  expect(imports).toBe(1);
  finish();
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
  expect(imports).toBe(2);
  finish();
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS * 3);
  expect(imports).toBe(2);
  expect(most).toBe(1);
});

test('stop() cancels a pending import', async () => {
  vi.useFakeTimers();
  let imports = 0;
  const runner = createDebouncedRunner(() => {
    imports += 1;
  });
  runner.changed();
  runner.stop();
  await vi.advanceTimersByTimeAsync(DEBOUNCE_MS * 2);
  expect(imports).toBe(0);
});

test.each([
  ['stories/launch/index.fr.md', true],
  ['newsroom.yaml', true],
  ['media/cover.jpg', true],
  ['.git/index', false],
  ['stories/launch/.index.fr.md.swp', false],
  ['stories/launch/index.fr.md~', false],
  ['media/photo.jpg.crswap', false],
])('%s is a content change: %s', (path, expected) => {
  expect(isContentChange(path)).toBe(expected);
});

test('every save of one file re-imports, when each save renames a swap file over it (as the browser and most editors save)', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'newsroom-watch-'));
  mkdirSync(join(folder, 'stories/launch'), { recursive: true });
  mkdirSync(join(folder, '.git'));
  const story = join(folder, 'stories/launch/index.en.md');
  writeFileSync(story, 'title: 0\n');
  let imports = 0;
  const watcher = watchContentFolder(folder, () => {
    imports += 1;
  });
  try {
    await watcher.ready;
    /** Waits (up to 15 s, whatever the machine's speed) until the imports reach `count`. */
    const importsReach = async (count: number) => {
      for (let waited = 0; imports < count && waited < 15_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      return imports;
    };
    for (const save of [1, 2, 3]) {
      writeFileSync(`${story}.crswap`, `title: ${save}\n`);
      renameSync(`${story}.crswap`, story);
      expect(await importsReach(save)).toBe(save);
    }
    // Not content: git's own files.
    writeFileSync(join(folder, '.git/index'), 'x');
    await new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS * 3));
    expect(imports).toBe(3);
  } finally {
    await watcher.close();
    rmSync(folder, { recursive: true, force: true });
  }
}, 60_000);
