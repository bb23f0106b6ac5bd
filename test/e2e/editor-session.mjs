// Drives the press team's editor (/admin/) in local mode over a copy of a content folder: the
// folder goes into the page's private file system (with the `.git/HEAD` Sveltia wants before it
// lists anything), the folder picker hands it out, and `saveEntries` opens entries and presses
// Save, then reads every file back. Used by the round-trip browser test and by
// `npm run check-round-trip` (scripts/check-round-trip.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The text files of a content folder (media are left out: the editor saves entries without them). */
export function contentFiles(folder) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath ?? entry.path, entry.name)).split('\\').join('/'))
    .filter((path) => !path.startsWith('media/'))
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
    if (saved.length > 0) entries.push({ route: `settings/entries/${name}`, files: saved, field, ...options });
  }
  return entries;
}

/**
 * Opens the editor at `origin` in a new context of `browser`, over a copy of `folder`, ready to
 * save entries. Nothing leaves the machine. `errors` collects the page's uncaught errors.
 * `media` names files of the folder's media/ to copy too (the preview shows them).
 */
export async function openEditor(browser, origin, folder, { media = [] } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const site = new URL(origin).origin;
  await context.route((url) => !url.href.startsWith(site), (route) => route.abort());
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const files = [...contentFiles(folder), ...media.map((name) => `media/${name}`)].map((path) => [path, readFileSync(join(folder, path)).toString('base64')]);
  files.push(['.git/HEAD', Buffer.from('ref: refs/heads/main\n').toString('base64')]);
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate(async (entries) => {
    const root = await navigator.storage.getDirectory();
    await root.removeEntry('content', { recursive: true }).catch(() => {});
    const content = await root.getDirectoryHandle('content', { create: true });
    for (const [path, base64] of entries) {
      const parts = path.split('/');
      let directory = content;
      for (const part of parts.slice(0, -1)) directory = await directory.getDirectoryHandle(part, { create: true });
      const writable = await (await directory.getFileHandle(parts.at(-1), { create: true })).createWritable();
      await writable.write(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
      await writable.close();
    }
  }, files);
  await context.addInitScript(() => {
    window.showDirectoryPicker = async () => (await navigator.storage.getDirectory()).getDirectoryHandle('content');
  });
  await page.goto(`${origin}/admin/`);
  await page.getByRole('button', { name: /Work with Local Repository/i }).click();
  await page.getByText('Collections', { exact: true }).waitFor();
  return { page, context, errors, origin };
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

/** Every text file of the folder as the editor's file system holds it now, as { path: text }. */
export async function readFolder({ page }) {
  return page.evaluate(async () => {
    const files = {};
    const walk = async (directory, prefix) => {
      for await (const [name, handle] of directory.entries()) {
        const path = `${prefix}${name}`;
        if (handle.kind === 'directory') {
          if (name !== '.git') await walk(handle, `${path}/`);
        } else files[path] = await (await handle.getFile()).text();
      }
    };
    await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle('content'), '');
    return files;
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
