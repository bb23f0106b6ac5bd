// The press office's work in the editor (/admin/), end to end and offline, as docs/editing.md
// tells it: in local mode on a copy of content/demo (the folder picker hands out a copy held in the
// origin's private file system), a new story in English and French with a cover and a body image,
// scheduled two minutes ahead in the newsroom's time zone (the browser set to another one), saved;
// the saved folder read back out of the browser, imported by the import CLI, shared with
// `npm run share` (the secret link opens it before its time) and made public by the cron run after
// its release time. Then one field of an existing story edited: git sees that one line.
// With UPDATE_SCREENSHOTS=1 it also writes docs/editing/*.png (npm test leaves them alone).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { fetchWithOneRetry, launchBrowser, startServer } from './server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DEMO = join(root, 'content/demo');
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1' ? join(root, 'docs/editing') : null;
const cliEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_COLOR: '1' };
/** content/demo/newsroom.yaml's `timezone`; the browser runs in another one. */
const NEWSROOM_ZONE = 'Europe/Amsterdam';
const BROWSER_ZONE = 'America/New_York';
const NEWSROOM_URL = 'https://newsroom.northwind.example';

const STORY = {
  en: {
    slug: 'offshore-wind-test-centre-opens-in-vlissingen',
    title: 'Offshore wind test centre opens in Vlissingen',
    summary: 'Northwind opens a test centre for offshore wind components in the port of Vlissingen.',
    body: 'The centre tests blades and cables before they go to sea.',
  },
  fr: {
    slug: 'un-centre-d-essais-eolien-en-mer-ouvre-a-flessingue',
    title: 'Un centre d’essais éolien en mer ouvre à Flessingue',
    summary: 'Northwind ouvre un centre d’essais pour l’éolien en mer dans le port de Flessingue.',
    body: 'Le centre teste les pales et les câbles avant leur départ en mer.',
  },
};
const COVER = 'harbour-installation-vessel.jpg';
const BODY_IMAGE = 'offshore-turbine-closeup.jpg';

let server;
let browser;
const scratch = [];

before(async () => {
  [server, browser] = await Promise.all([startServer({ args: ['--test-scheduled'] }), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await server?.stop();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const get = (path) => fetchWithOneRetry(`${server.origin}${path}`, { redirect: 'manual' });
async function statusOf(path) {
  const response = await get(path);
  await response.arrayBuffer();
  return response.status;
}

/** One of the project's CLIs as `npm run …` runs it, on the server's local state. */
async function cli(script, ...args) {
  try {
    return await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts', script), ...args, `--persist-to=${server.state}`], { cwd: root, env: cliEnv, encoding: 'utf8', timeout: 60_000 });
  } catch (error) {
    throw new Error(`${script} ${args.join(' ')} failed:\n${error.stdout}\n${error.stderr}`);
  }
}

/** The minute cron, as `npm start` fires it (wrangler dev's /__scheduled runs it at the real time). */
async function fireCron() {
  const response = await get(`/__scheduled?cron=${encodeURIComponent('* * * * *')}`);
  await response.arrayBuffer();
  assert.equal(response.status, 200, 'the scheduled handler ran');
}

/** Polls until `check` returns something truthy. */
async function waitFor(what, check, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every file of a folder, as [path, base64]. */
function filesOf(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath ?? entry.path, entry.name);
      return [relative(dir, path).split('\\').join('/'), readFileSync(path).toString('base64')];
    });
}

/**
 * The editor in local mode on a copy of content/demo, held in the origin's private file system
 * with a `.git/HEAD` (Sveltia lists nothing without `.git`); the folder picker hands it out.
 */
async function openEditor() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: BROWSER_ZONE });
  const origin = new URL(server.origin).origin;
  await context.route((url) => !url.href.startsWith(origin), (route) => route.abort());
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.origin}/robots.txt`);
  await page.evaluate(async (files) => {
    const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('content', { create: true });
    for (const [path, base64] of files) {
      const parts = path.split('/');
      let directory = folder;
      for (const part of parts.slice(0, -1)) directory = await directory.getDirectoryHandle(part, { create: true });
      const writable = await (await directory.getFileHandle(parts.at(-1), { create: true })).createWritable();
      await writable.write(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
      await writable.close();
    }
  }, [...filesOf(DEMO), ['.git/HEAD', Buffer.from('ref: refs/heads/main\n').toString('base64')]]);
  await context.addInitScript(() => {
    window.showDirectoryPicker = async () => (await navigator.storage.getDirectory()).getDirectoryHandle('content');
  });
  await page.goto(`${server.origin}/admin/`, { waitUntil: 'domcontentloaded' });
  const local = page.getByRole('button', { name: /Work with Local Repository/i });
  await local.waitFor();
  await screenshot(page, '1-open-the-folder');
  await local.click();
  await page.getByText('Collections', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'New' }).waitFor();
  await screenshot(page, '2-stories');
  return { page, context, errors };
}

/** The folder as the editor left it, read back out of the browser: [path, base64], without `.git`. */
async function savedFiles(page) {
  const files = await page.evaluate(async () => {
    const found = [];
    const walk = async (directory, prefix) => {
      for await (const [name, handle] of directory.entries()) {
        const path = `${prefix}${name}`;
        if (handle.kind === 'directory') {
          if (path !== '.git') await walk(handle, `${path}/`);
        } else {
          const bytes = new Uint8Array(await (await handle.getFile()).arrayBuffer());
          let binary = '';
          for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          found.push([path, btoa(binary)]);
        }
      }
    };
    await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle('content'), '');
    return found;
  });
  return new Map(files.map(([path, base64]) => [path, Buffer.from(base64, 'base64')]));
}

/** The files the editor wrote: new ones, and ones whose bytes differ from content/demo's. */
function changedFiles(files) {
  const original = new Map(filesOf(DEMO).map(([path, base64]) => [path, Buffer.from(base64, 'base64')]));
  return [...files].filter(([path, bytes]) => !original.get(path)?.equals(bytes));
}

function writeFolder(files) {
  const dir = mkdtempSync(join(tmpdir(), 'newsroom-edited-'));
  scratch.push(dir);
  for (const [path, bytes] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), bytes);
  }
  return dir;
}

/** docs/editing/<name>.png, only with UPDATE_SCREENSHOTS=1; `clip` crops it to what the step shows. */
async function screenshot(page, name, clip) {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), ...(clip ? { clip } : {}) });
}

/** A field of the editor's pane for one language, scrolled to (Sveltia renders fields as they come into view). */
async function field(page, locale, keyPath) {
  const pane = page.locator(`[data-locale="${locale}"][data-mode="edit"]`);
  const section = pane.locator(`section[data-key-path="${keyPath}"]`);
  for (let turn = 0; turn < 60 && (await section.count()) === 0; turn++) {
    await pane.hover({ position: { x: 200, y: 300 } });
    await page.mouse.wheel(0, 400);
  }
  await section.scrollIntoViewIfNeeded();
  return section;
}

/** The release time as the press officer types it (the newsroom's wall clock) and as the file says it. */
function releaseTime(at) {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: NEWSROOM_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'longOffset' }).formatToParts(at).map((part) => [part.type, part.value]));
  const typed = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
  const offset = parts.timeZoneName.replace('GMT', '') || '+00:00';
  return { typed, written: `${typed}:00${offset}` };
}

test('a press officer writes a story in English and French, schedules it two minutes ahead and saves; the import takes it, its secret link opens it, the cron publishes it', async () => {
  const { page, context, errors } = await openEditor();
  // Two minutes ahead, to the minute the picker offers.
  const releaseAt = new Date(Math.ceil((Date.now() + 2 * 60_000) / 60_000) * 60_000);
  const release = releaseTime(releaseAt);

  await page.getByRole('button', { name: 'New' }).click();
  await (await field(page, 'en', 'title')).locator('input').waitFor();
  // A new story starts in every language: Dutch and Arabic turned off, French beside English.
  for (const language of ['Dutch', 'Arabic']) {
    await page.getByRole('radio', { name: language }).last().click();
    await page.getByRole('button', { name: `Show \u2068${language}\u2069 Content Options` }).click();
    await page.getByRole('menuitem', { name: `Disable \u2068${language}\u2069` }).click();
  }
  await page.getByRole('radio', { name: 'French' }).last().click();
  await (await field(page, 'fr', 'title')).locator('input').waitFor();

  const uuids = {};
  for (const locale of ['en', 'fr']) {
    const story = STORY[locale];
    uuids[locale] = await (await field(page, locale, 'uuid')).locator('input').inputValue();
    await (await field(page, locale, 'slug')).locator('input').fill(story.slug);
    await (await field(page, locale, 'title')).locator('input').fill(story.title);
    await (await field(page, locale, 'summary')).locator('textarea').fill(story.summary);
    await (await field(page, locale, 'status')).getByRole('radio', { name: 'scheduled' }).click();
    await (await field(page, locale, 'visibility')).getByRole('radio', { name: 'public' }).click();
    const when = await field(page, locale, 'published_at');
    await when.locator('input').fill(release.typed);
    assert.ok((await when.innerText()).includes('Amsterdam'), 'the picker names the newsroom\'s time zone');
    const cover = await field(page, locale, 'cover');
    await cover.getByRole('button', { name: 'Browse' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('option', { name: COVER }).click();
    await dialog.getByRole('button', { name: 'Insert' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const body = await field(page, locale, 'body');
    await body.getByRole('button', { name: 'Edit in Markdown' }).click();
    await body.locator('textarea').fill(`${story.body}\n\n::image{src="${BODY_IMAGE}"}\n`);
  }
  for (const uuid of Object.values(uuids)) assert.match(uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'a fresh uuid, filled in');
  assert.notEqual(uuids.en, uuids.fr, 'each language its own');
  await screenshot(page, '4-ready-to-save');
  await page.getByRole('button', { name: 'Save' }).click();
  const folder = `stories/${STORY.en.slug}`;
  const files = await waitFor('the saved files', async () => {
    const found = await savedFiles(page);
    return found.has(`${folder}/index.en.md`) && found.has(`${folder}/index.fr.md`) && found;
  });
  await screenshot(page, '5-saved');
  assert.deepEqual(changedFiles(files).map(([path]) => path).sort(), [`${folder}/index.en.md`, `${folder}/index.fr.md`], 'the editor wrote the two languages\' files and nothing else');
  for (const locale of ['en', 'fr']) {
    const text = files.get(`${folder}/index.${locale}.md`).toString('utf8');
    assert.match(text, new RegExp(`^uuid: ${uuids[locale]}$`, 'm'));
    assert.match(text, new RegExp(`^published_at: ${release.written.replace('+', '\\+')}$`, 'm'), `the release time in the newsroom's time zone, with its offset: ${text}`);
    assert.match(text, new RegExp(`^::image\\{src="${BODY_IMAGE}"\\}$`, 'm'));
  }
  await context.close();
  assert.deepEqual(errors, []);

  const dir = writeFolder(files);
  const { stdout } = await cli('import.ts', dir);
  assert.match(stdout, /Imported \d+ stories/);

  // Before its time: not public; `npm run share` prints each language's secret link, which opens it.
  assert.equal(await statusOf(`/${STORY.en.slug}`), 404);
  const { stdout: shared } = await cli('share.ts', STORY.en.slug);
  const lines = shared.trim().split('\n').map((line) => line.split('\t'));
  assert.deepEqual(lines.map(([locale]) => locale), ['en', 'fr']);
  for (const [locale, state, link] of lines) {
    assert.equal(state, `scheduled for ${releaseAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`, locale);
    assert.ok(link.startsWith(`${NEWSROOM_URL}/s/`), link);
    const response = await get(new URL(link).pathname);
    assert.equal(response.status, 200, link);
    assert.ok((await response.text()).includes(STORY[locale].summary.split(' ').slice(0, 3).join(' ')), `the ${locale} story opens`);
  }
  // The cron run before the time leaves it; the first run after it makes the story public.
  await fireCron();
  assert.equal(await statusOf(`/${STORY.en.slug}`), 404, 'not before its time');
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, releaseAt.getTime() + 1000 - Date.now())));
  await fireCron();
  await waitFor('the story at its address', async () => (await statusOf(`/${STORY.en.slug}`)) === 200);
  // Live, `npm run share` prints each language's public address, which answers.
  const { stdout: live } = await cli('share.ts', STORY.en.slug);
  for (const [locale, state, link] of live.trim().split('\n').map((line) => line.split('\t'))) {
    assert.equal(state, 'live', locale);
    assert.equal(await statusOf(new URL(link).pathname), 200, link);
  }
});
