// `npm start`'s re-import on save (docs/editing.md): the editor at /admin writes the content
// folder, and the local site shows the change seconds later. A burst of changes (the editor saves
// a story's languages and its media one after another) makes one import, DEBOUNCE_MS after the
// last; a change during an import makes one more after it, never two at once. Changes in .git/
// and editor swap files are not content.
import { watch } from 'node:fs';

export const DEBOUNCE_MS = 700;

/** Is this changed path (relative to the folder) content the import reads? */
export function isContentChange(path) {
  if (!path) return true; // Some platforms do not name the file: assume it mattered.
  const parts = path.split(/[\\/]/);
  if (parts.some((part) => part === '.git' || part === 'node_modules')) return false;
  const name = parts.at(-1);
  return !(name.startsWith('.') || name.endsWith('~') || name.endsWith('.swp') || name.endsWith('.crswap'));
}

/**
 * A debounced runner: `changed()` asks for a run of `work` after `delay` ms of quiet; while a run
 * is under way, further changes queue exactly one more. `timers` is injectable for tests.
 */
export function createDebouncedRunner(work, { delay = DEBOUNCE_MS, timers = { setTimeout, clearTimeout } } = {}) {
  let timer = null;
  let running = false;
  let again = false;
  const run = async () => {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      await work();
    } finally {
      running = false;
      if (again) {
        again = false;
        timer = timers.setTimeout(run, delay);
      }
    }
  };
  return {
    changed() {
      if (timer) timers.clearTimeout(timer);
      timer = timers.setTimeout(run, delay);
    },
    stop() {
      if (timer) timers.clearTimeout(timer);
      timer = null;
    },
  };
}

/** Watches `folder` (recursively) and calls `reimport` after each burst of content changes. */
export function watchContentFolder(folder, reimport) {
  const runner = createDebouncedRunner(reimport);
  const watcher = watch(folder, { recursive: true }, (_event, file) => {
    if (isContentChange(file ? String(file) : '')) runner.changed();
  });
  return {
    close() {
      runner.stop();
      watcher.close();
    },
  };
}
