// `npm start`'s re-import on save (docs/editing.md): the editor at /admin writes the content
// folder, and the local site shows the change seconds later. A burst of changes (the editor saves
// a story's languages and its media one after another) makes one import, DEBOUNCE_MS after the
// last; a change during an import makes one more after it, never two at once. Changes in .git/
// and editor swap files are not content.
//
// chokidar, not node's own recursive fs.watch: on Linux that one watches each file's inode, so a
// file replaced by a rename (how the browser's File System Access API and most editors save:
// a swap file renamed over the old one) is never seen again, and only a file's first save re-imported.
import { relative } from 'node:path';
import { watch } from 'chokidar';

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

/**
 * Watches `folder` (recursively) and calls `reimport` after each burst of content changes.
 * `ready` resolves once the folder is being watched.
 */
export function watchContentFolder(folder, reimport) {
  const runner = createDebouncedRunner(reimport);
  // `atomic`: a file deleted and written again within a moment (a rename over it) is one change.
  const watcher = watch(folder, { ignoreInitial: true, atomic: true, ignored: (path) => path !== folder && !isContentChange(relative(folder, path)) });
  watcher.on('all', () => runner.changed());
  const ready = new Promise((resolve) => watcher.once('ready', resolve));
  return {
    ready,
    async close() {
      runner.stop();
      await watcher.close();
    },
  };
}
