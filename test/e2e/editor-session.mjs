// Drives the press team's editor (/admin/) in local mode over a copy of a content folder, the one
// home of the editor's browser-test helpers: a browser context that reaches nothing beyond the
// site, the folder put into the page's private file system (with the `.git/HEAD` Sveltia wants
// before it lists anything) and handed out by the folder picker, the editor opened on it, entries
// opened and saved, and the folder read back out of the browser. Used by the editor's browser tests
// and by `npm run check-round-trip` (scripts/cli/check-round-trip.mjs).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import sharp from 'sharp';
import { root as projectRoot } from '../../scripts/dev/local-newsroom.mjs';

/**
 * The files of a content folder, as paths relative to it, without git's own (`.git/`). Media are
 * left out unless asked for: the editor saves entries without them, and only a test that picks an
 * image needs them.
 */
export function contentFiles(folder, { media = false } = {}) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath ?? entry.path, entry.name)).split('\\').join('/'))
    .filter((path) => !path.startsWith('.git/') && (media || !path.startsWith('media/')))
    .sort();
}

const TITLE = /^Title/;

/** The editor's address of every entry of a content folder, and the files each one saves. */
export function entriesOf(folder) {
  const files = contentFiles(folder);
  const entries = [];
  const byFolder = (collection) => {
    const slugs = [...new Set(files.filter((path) => path.startsWith(`${collection}/`)).map((path) => path.split('/')[1]))];
    for (const slug of slugs) entries.push({ route: `${collection}/entries/${slug}/index`, files: files.filter((path) => path.startsWith(`${collection}/${slug}/`)), field: TITLE });
  };
  byFolder('stories');
  byFolder('policies');
  for (const path of files.filter((file) => /^galleries\/[^/]+\.yaml$/.test(file))) entries.push({ route: `galleries/entries/${path.slice('galleries/'.length, -'.yaml'.length)}`, files: [path], field: TITLE });
  const settings = [
    ['newsroom', /^newsroom\.yaml$/, /^Name/],
    ['company', /^company\/index\.[a-z-]+\.yaml$/i, /^Organisation name/],
    ['categories', /^categories\.yaml$/, /^Name/, { collapsed: true }],
    ['contacts', /^contacts\.yaml$/, /^Name/, { collapsed: true }],
  ];
  for (const [name, pattern, field, options] of settings) {
    const saved = files.filter((path) => pattern.test(path));
    // The company pages are a collection of their own (one file per language); the rest are Settings.
    const collection = name === 'company' ? 'company' : 'settings';
    if (saved.length > 0) entries.push({ route: `${collection}/entries/${name}`, files: saved, field, ...options });
  }
  return entries;
}

/**
 * A page in a new context of `browser` for the editor at `origin`: every request beyond the site
 * is aborted (nothing leaves the machine, whatever the editor's policy says), and `errors` collects
 * the page's uncaught errors. `options` are the context's (timezoneId…; viewport 1280×900 and
 * locale en-US unless given: Sveltia speaks the browser's language, and the labels the tests look
 * for are its American English ones, whatever the machine's language), plus `timeout`, the page's
 * default in ms.
 */
export async function editorPage(browser, origin, { timeout = 20_000, ...options } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', ...options });
  const site = new URL(origin).origin;
  await context.route((url) => !url.href.startsWith(site), (route) => route.abort());
  const page = await context.newPage();
  page.setDefaultTimeout(timeout);
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors, origin };
}

/**
 * Where the editor finds the content folder in the repository it opens: the worker's default
 * (EDITOR_CONTENT_DIR empty, src/env.ts), which the test servers keep.
 */
export const EDITOR_CONTENT_DIR = 'content/demo';

/**
 * Puts a repository into the private file system of the editor's origin, as a press officer's
 * copy of the project is on disk: a `.git/HEAD` at its root (Sveltia lists nothing without one)
 * and a copy of `folder` at EDITOR_CONTENT_DIR in it (its media too with `media: true`, or the
 * media files named in a list), in place of any copy there before; and makes the folder picker of
 * "Work with Local Repository" hand out the repository's root from the next page load on.
 */
export async function putFolder({ page, context, origin }, folder, { media = false } = {}) {
  const named = Array.isArray(media) ? media.map((name) => `media/${name}`) : [];
  const files = [...contentFiles(folder, { media: media === true }), ...named].map((path) => [`${EDITOR_CONTENT_DIR}/${path}`, readFileSync(join(folder, path)).toString('base64')]);
  files.push(['.git/HEAD', Buffer.from('ref: refs/heads/main\n').toString('base64')]);
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate(async (entries) => {
    const root = await navigator.storage.getDirectory();
    await root.removeEntry('repository', { recursive: true }).catch(() => {});
    const repository = await root.getDirectoryHandle('repository', { create: true });
    for (const [path, base64] of entries) {
      const parts = path.split('/');
      let directory = repository;
      for (const part of parts.slice(0, -1)) directory = await directory.getDirectoryHandle(part, { create: true });
      const writable = await (await directory.getFileHandle(parts.at(-1), { create: true })).createWritable();
      await writable.write(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
      await writable.close();
    }
  }, files);
  await context.addInitScript(() => {
    window.showDirectoryPicker = async () => (await navigator.storage.getDirectory()).getDirectoryHandle('repository');
  });
}

/** The start page's button that opens a folder of this computer. */
export const localRepositoryButton = (page) => page.getByRole('button', { name: /Work with Local Repository/i });

/** Loads /admin/ and waits for its start page ("Work with Local Repository"); answers the page's response. */
export async function loadEditor({ page, origin }) {
  const response = await page.goto(`${origin}/admin/`, { waitUntil: 'domcontentloaded' });
  await localRepositoryButton(page).waitFor();
  return response;
}

/** Chooses "Work with Local Repository" on the start page and waits for the collections. */
export async function openLocalRepository({ page }) {
  await localRepositoryButton(page).click();
  await page.getByText('Collections', { exact: true }).waitFor();
}

/**
 * Opens the editor at `origin` in a new context of `browser`, over a copy of `folder`, ready to
 * save entries. `options` as for editorPage, plus `media` as for putFolder.
 */
export async function openEditor(browser, origin, folder, { media = false, ...options } = {}) {
  const editor = await editorPage(browser, origin, options);
  await putFolder(editor, folder, { media });
  await loadEditor(editor);
  await openLocalRepository(editor);
  return editor;
}

/**
 * Opens one entry (`route` as entriesOf gives it), lets `change` do something to its form (or
 * nothing), presses Save and waits until the editor has saved and closed it.
 */
export async function saveEntry({ page, origin }, route, change = async () => {}) {
  await page.goto(`${origin}/admin/#/collections/${route}`);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.waitFor();
  await page.getByText('Entry not found.').waitFor({ state: 'detached', timeout: 1000 }).catch(() => {
    throw new Error(`the editor has no entry ${route}`);
  });
  await change(page);
  await save.click();
  // A saved entry closes: the editor goes back to the collection's list.
  await page.waitForURL((url) => !url.hash.includes('/entries/'), { timeout: 10_000 }).catch(async () => {
    // Sveltia refuses to save a form it finds invalid and marks the fields: name them.
    const marked = await page.locator('[aria-invalid="true"]').evaluateAll((fields) => fields.map((field) => field.getAttribute('aria-label') ?? field.id ?? field.tagName));
    const alerts = await page.getByRole('alert').allInnerTexts();
    if (process.env.EDITOR_SCREENSHOT) await page.screenshot({ path: process.env.EDITOR_SCREENSHOT, fullPage: true });
    throw new Error(`saving ${route} did not close the entry: invalid fields ${JSON.stringify(marked)}, alerts ${JSON.stringify(alerts)}`);
  });
}

/**
 * Saves an entry as it is, through the editor's own writer. Sveltia offers Save only for a form
 * that differs from the file, so this adds a character to one text field (`entry.field`, a label
 * pattern), saves, takes it out again and saves: the file is then what the editor writes for the
 * entry's unchanged values. An entry marked `collapsed` has its list items opened first.
 */
export async function saveUnchanged(editor, entry) {
  const edit = (keys) => async (page) => {
    // A list shown collapsed (categories, contacts: one line per item) opens first, unless the
    // editor kept it open from the last save.
    const expandAll = page.getByRole('button', { name: 'Expand All', exact: true }).first();
    if (entry.collapsed && (await expandAll.isEnabled())) await expandAll.click();
    const field = page.getByRole('textbox', { name: entry.field }).first();
    await field.click();
    await page.keyboard.press('End');
    for (const key of keys) await page.keyboard.press(key);
  };
  await saveEntry(editor, entry.route, edit(['~']));
  await saveEntry(editor, entry.route, edit(['Backspace']));
}

/** The open entry's form in one language (the left or right half of the editor). */
export const editorPane = (page, locale) => page.locator(`[data-locale="${locale}"][data-mode="edit"]`);

/**
 * A field of the open entry's form in one language's pane (`keyPath` as in the configuration:
 * `title`, `author.email`), scrolled into view: Sveltia renders fields as they come into view.
 */
export async function editorField(page, locale, keyPath) {
  const pane = editorPane(page, locale);
  const section = pane.locator(`section[data-key-path="${keyPath}"]`);
  for (let turn = 0; turn < 60 && (await section.count()) === 0; turn++) {
    await pane.hover({ position: { x: 200, y: 300 } });
    await page.mouse.wheel(0, 400);
  }
  await section.scrollIntoViewIfNeeded();
  return section;
}

/** Every file of the content folder as the editor's file system holds it now, as a Map of path (in the folder) → bytes. */
export async function readFolderBytes({ page }) {
  const files = await page.evaluate(async (contentDir) => {
    const found = [];
    const walk = async (directory, prefix) => {
      for await (const [name, handle] of directory.entries()) {
        const path = `${prefix}${name}`;
        if (handle.kind === 'directory') {
          if (path !== '.git') await walk(handle, `${path}/`);
        } else {
          const bytes = new Uint8Array(await (await handle.getFile()).arrayBuffer());
          let binary = '';
          for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
          found.push([path, btoa(binary)]);
        }
      }
    };
    let folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('repository');
    for (const part of contentDir.split('/')) folder = await folder.getDirectoryHandle(part);
    await walk(folder, '');
    return found;
  }, EDITOR_CONTENT_DIR);
  return new Map(files.sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, base64]) => [path, Buffer.from(base64, 'base64')]));
}

/** Every text file of the folder as the editor's file system holds it now, as { path: text }. */
export async function readFolder(editor) {
  return Object.fromEntries([...(await readFolderBytes(editor))].map(([path, bytes]) => [path, bytes.toString('utf8')]));
}

/** Writes files as readFolderBytes answers them (path → bytes) into `folder`, making folders as needed. */
export function writeFiles(folder, files) {
  for (const [path, bytes] of files) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), bytes);
  }
}

/** The files of `saved` (readFolderBytes) that are new or whose bytes differ from `folder`'s, as [path, bytes]. */
export function changedFiles(saved, folder) {
  return [...saved].filter(([path, bytes]) => {
    try {
      return !readFileSync(join(folder, path)).equals(bytes);
    } catch {
      return true;
    }
  });
}

/** The lines where two texts first differ, for a message: `line N: - old / + new`. */
export function firstDifference(before, after) {
  const a = before.split('\n');
  const b = after.split('\n');
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    if (a[index] !== b[index]) return `line ${index + 1}:\n  - ${JSON.stringify(a[index] ?? '(end of file)')}\n  + ${JSON.stringify(b[index] ?? '(end of file)')}`;
  }
  return 'no difference';
}

/** Where docs/editing.md's pictures are written, with UPDATE_SCREENSHOTS=1. */
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1' ? join(projectRoot, 'docs/editing') : null;

/**
 * docs/editing/<name>.png, only with UPDATE_SCREENSHOTS=1 (never compared: they show the fonts of
 * the machine that took them): the viewport, or `area` (a locator) alone, as a palette PNG, after
 * `prepare` (what only the picture needs).
 */
export async function docsScreenshot(page, name, area = null, prepare = async () => {}) {
  if (!SCREENSHOTS) return;
  await prepare();
  mkdirSync(SCREENSHOTS, { recursive: true });
  const taken = area ? await area.screenshot({ animations: 'disabled' }) : await page.screenshot({ animations: 'disabled' });
  await sharp(taken).png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 }).toFile(join(SCREENSHOTS, `${name}.png`));
}
