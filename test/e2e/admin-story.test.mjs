// The press office's work in the editor (/admin/), end to end and offline, as docs/editing.md
// tells it: in local mode on a copy of content/demo (the folder picker hands out a copy held in the
// origin's private file system), a new story in English and French with a cover and a body image,
// scheduled two minutes ahead in the newsroom's time zone (the browser set to another one), saved;
// the saved folder read back out of the browser, imported by the import CLI, shared with
// `npm run share` (the secret link opens it before its time) and made public by the cron run after
// its release time.
// With UPDATE_SCREENSHOTS=1 it also writes the screenshots of docs/editing.md, docs/editing/*.png
// (npm test leaves them alone).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { root } from '../../scripts/dev/local-newsroom.mjs';
import { changedFiles, docsScreenshot as screenshot, editorField, editorPage, editorPane, loadEditor, openLocalRepository, putFolder, readFolderBytes, writeFiles } from './editor-session.mjs';
import { fetchWithOneRetry, fireScheduled, launchBrowser, LOCAL_EDITOR_VARS, runCli, startServer, statusOf, waitFor } from './server.mjs';

const DEMO = join(root, 'content/demo');
const SCREENSHOT_VIEWPORT = { width: 1280, height: 800 };
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
  [server, browser] = await Promise.all([startServer({ args: ['--test-scheduled'], vars: LOCAL_EDITOR_VARS }), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await server?.stop();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const get = (path) => fetchWithOneRetry(`${server.origin}${path}`, { redirect: 'manual' });

/** The editor in local mode on a copy of content/demo, media included (the cover picker lists them). */
async function openEditor() {
  const editor = await editorPage(browser, server.origin, { viewport: SCREENSHOT_VIEWPORT, timezoneId: BROWSER_ZONE, timeout: 30_000 });
  await putFolder(editor, DEMO, { media: true });
  await loadEditor(editor);
  await screenshot(editor.page, '1-start-page');
  await openLocalRepository(editor);
  await editor.page.getByRole('button', { name: 'New' }).waitFor();
  await screenshot(editor.page, '2-collections');
  return editor;
}

/** The editor's folder, read back out of the browser, written into a new scratch folder. */
function writeFolder(files) {
  const dir = mkdtempSync(join(tmpdir(), 'newsroom-edited-'));
  scratch.push(dir);
  writeFiles(dir, files);
  return dir;
}

/** Waits until every picture in view in the picker is drawn (they load as they scroll into view). */
async function picturesShown(dialog) {
  const pictures = dialog.getByRole('listbox', { name: 'Available Images' });
  await dialog.page().waitForFunction((list) => {
    let scroller = list;
    while (scroller.parentElement && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
    const view = scroller.getBoundingClientRect();
    const inView = [...list.querySelectorAll('[role="option"]')].filter((option) => {
      const box = option.getBoundingClientRect();
      return box.bottom > view.top && box.top < view.bottom;
    });
    return inView.every((option) => [...option.querySelectorAll('img')].some((image) => image.complete && image.naturalWidth > 0));
  }, await pictures.elementHandle());
}

/** Scrolls a field of one language's form to the top of its pane. */
async function scrollToTop(page, locale, keyPath) {
  await (await editorField(page, locale, keyPath)).evaluate((section) => section.scrollIntoView({ block: 'start' }));
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
  await (await editorField(page, 'en', 'title')).locator('input').waitFor();
  // A new story starts in every language: Dutch and Arabic turned off, French beside English.
  for (const language of ['Dutch', 'Arabic']) {
    await page.getByRole('radio', { name: language }).last().click();
    await page.getByRole('button', { name: `Show \u2068${language}\u2069 Content Options` }).click();
    const disable = page.getByRole('menuitem', { name: `Disable \u2068${language}\u2069` });
    await disable.waitFor();
    if (language === 'Dutch') await screenshot(page, '3-turn-off-a-language');
    await disable.click();
  }
  await page.getByRole('radio', { name: 'French' }).last().click();
  await (await editorField(page, 'fr', 'title')).locator('input').waitFor();

  // The docs' steps in their order, each in both languages: address, title and summary…
  const uuids = {};
  for (const locale of ['en', 'fr']) {
    const story = STORY[locale];
    uuids[locale] = await (await editorField(page, locale, 'uuid')).locator('input').inputValue();
    await (await editorField(page, locale, 'slug')).locator('input').fill(story.slug);
    await (await editorField(page, locale, 'title')).locator('input').fill(story.title);
    await (await editorField(page, locale, 'summary')).locator('textarea').fill(story.summary);
  }
  for (const locale of ['en', 'fr']) await scrollToTop(page, locale, 'uuid');
  await screenshot(page, '4-english-and-french');
  // …status, visibility and release time…
  for (const locale of ['en', 'fr']) {
    await (await editorField(page, locale, 'status')).getByRole('radio', { name: 'scheduled' }).click();
    await (await editorField(page, locale, 'visibility')).getByRole('radio', { name: 'public' }).click();
    const when = await editorField(page, locale, 'published_at');
    await when.locator('input').fill(release.typed);
    assert.ok((await when.innerText()).includes('Amsterdam'), 'the picker names the newsroom\'s time zone');
  }
  await scrollToTop(page, 'en', 'status');
  await screenshot(page, '5-status-and-release-time', editorPane(page, 'en'));
  // …the cover…
  for (const locale of ['en', 'fr']) {
    const cover = await editorField(page, locale, 'cover');
    await cover.getByRole('button', { name: 'Browse' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('option', { name: COVER }).click();
    if (locale === 'en') await screenshot(page, '6-cover-image', null, () => picturesShown(dialog));
    await dialog.getByRole('button', { name: 'Insert' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
  // …and the text, with an image block (the Insert menu lists the blocks; the test writes them as Markdown).
  for (const locale of ['en', 'fr']) {
    const story = STORY[locale];
    const body = await editorField(page, locale, 'body');
    if (locale === 'en') {
      await body.getByRole('button', { name: 'Insert' }).click();
      const blocks = page.getByRole('menu');
      await blocks.getByRole('menuitem', { name: 'Image' }).waitFor();
      await screenshot(page, '7-insert-a-block');
      await page.keyboard.press('Escape');
      await blocks.waitFor({ state: 'hidden' });
    }
    await body.getByRole('button', { name: 'Edit in Markdown' }).click();
    await body.locator('textarea').fill(`${story.body}\n\n::image{src="${BODY_IMAGE}"}\n`);
  }
  for (const uuid of Object.values(uuids)) assert.match(uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'a fresh uuid, filled in');
  assert.notEqual(uuids.en, uuids.fr, 'each language its own');
  await page.getByRole('button', { name: 'Save' }).click();
  const folder = `stories/${STORY.en.slug}`;
  const files = await waitFor('the saved files', async () => {
    const found = await readFolderBytes({ page });
    return found.has(`${folder}/index.en.md`) && found.has(`${folder}/index.fr.md`) && found;
  });
  await screenshot(page, '8-saved', null, async () => {
    // The list draws its rows as they scroll into view: scroll down until the new story's is there.
    const row = page.getByRole('row', { name: STORY.en.title });
    await page.getByRole('row').first().hover();
    for (let step = 0; step < 40 && (await row.count()) === 0; step++) await page.mouse.wheel(0, 400);
    await row.scrollIntoViewIfNeeded();
  });
  assert.deepEqual(changedFiles(files, DEMO).map(([path]) => path).sort(), [`${folder}/index.en.md`, `${folder}/index.fr.md`], 'the editor wrote the two languages\' files and nothing else');
  for (const locale of ['en', 'fr']) {
    const text = files.get(`${folder}/index.${locale}.md`).toString('utf8');
    assert.match(text, new RegExp(`^uuid: ${uuids[locale]}$`, 'm'));
    assert.match(text, new RegExp(`^published_at: ${release.written.replace('+', '\\+')}$`, 'm'), `the release time in the newsroom's time zone, with its offset: ${text}`);
    assert.match(text, new RegExp(`^::image\\{src="${BODY_IMAGE}"\\}$`, 'm'));
  }
  await context.close();
  assert.deepEqual(errors, []);

  const dir = writeFolder(files);
  const { stdout } = await runCli(server, 'import.ts', dir);
  assert.match(stdout, /Imported \d+ stories/);

  // Before its time: not public; `npm run share` prints each language's secret link, which opens it.
  assert.equal(await statusOf(server, `/${STORY.en.slug}`), 404);
  const { stdout: shared } = await runCli(server, 'share.ts', STORY.en.slug);
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
  await fireScheduled(server);
  assert.equal(await statusOf(server, `/${STORY.en.slug}`), 404, 'not before its time');
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, releaseAt.getTime() + 1000 - Date.now())));
  await fireScheduled(server);
  await waitFor('the story at its address', async () => (await statusOf(server, `/${STORY.en.slug}`)) === 200);
  // Live, `npm run share` prints each language's public address, which answers.
  const { stdout: live } = await runCli(server, 'share.ts', STORY.en.slug);
  for (const [locale, state, link] of live.trim().split('\n').map((line) => line.split('\t'))) {
    assert.equal(state, 'live', locale);
    assert.equal(await statusOf(server, new URL(link).pathname), 200, link);
  }
});
