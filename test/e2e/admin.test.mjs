// The press team's editor (/admin/) in a real browser, offline: it loads from this site alone,
// opens a content folder in local mode ("Work with Local Repository", the folder picker replaced
// by one holding a copy of test/fixtures/content/basic in the origin's private file system) and
// lists the collections. Requests to third parties are only the ones the editor's policy blocks.
// It speaks the browser's language: its translations come from this site too.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { editorPage, loadEditor, openLocalRepository, putFolder } from './editor-session.mjs';
import { launchBrowser, LOCAL_EDITOR_VARS, startServer } from './server.mjs';

const FIXTURE = join(import.meta.dirname, '../fixtures/content/basic');
/** What Sveltia asks for by itself and the policy blocks: fonts, version check, status page. */
const BLOCKED_HOSTS = ['cdn.jsdelivr.net', 'unpkg.com', 'www.githubstatus.com'];

let server;
let browser;
before(async () => {
  server = await startServer({ vars: LOCAL_EDITOR_VARS });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test('the editor opens a local content folder offline and lists its collections', async () => {
  // Nothing leaves the machine, whatever the policy says (editorPage aborts it).
  const editor = await editorPage(browser, server.origin, { timeout: 30_000 });
  const { page, context, errors } = editor;
  const thirdParty = [];
  const failedOwn = [];
  const origin = new URL(server.origin).origin;
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && /^https?:/.test(request.url())) thirdParty.push(new URL(request.url()).host);
  });
  page.on('requestfailed', (request) => request.url().startsWith(origin) && failedOwn.push(request.url()));
  page.on('response', (response) => response.url().startsWith(origin) && response.status() >= 400 && failedOwn.push(`${response.status()} ${response.url()}`));

  // The folder, written into this origin's private file system; the picker hands it out.
  await putFolder(editor, FIXTURE, { media: true });
  const response = await loadEditor(editor);
  assert.equal(response.status(), 200);
  assert.equal(response.headers()['cache-control'], 'private, no-store');
  await openLocalRepository(editor);
  // The collections of the generated configuration, by their labels, in the editor's list.
  const heading = page.getByText('Collections', { exact: true });
  await page.getByText('Galleries', { exact: true }).first().waitFor();
  const listed = await heading.locator("xpath=ancestor::*[contains(., 'Settings')][1]").innerText();
  const labels = ['Stories', 'Policies', 'Galleries', 'Settings'];
  assert.deepEqual(labels.filter((label) => listed.split('\n').includes(label)), labels, listed);
  // The icons are glyphs of the self-hosted font (Sveltia's own jsDelivr faces are blocked).
  const iconFontLoaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].some((face) => face.family.replace(/["']/g, '') === 'Material Symbols Outlined' && face.status === 'loaded');
  });
  assert.ok(iconFontLoaded, 'the self-hosted Material Symbols font is loaded');

  assert.deepEqual(failedOwn, [], 'every request to the site itself succeeded');
  assert.deepEqual([...new Set(thirdParty)].filter((host) => !BLOCKED_HOSTS.includes(host)), [], 'no third party beyond the blocked ones');
  assert.deepEqual(errors, []);
  await context.close();
});

/** Sveltia's label of "Work with Local Repository" in one of its translations, as its npm package ships them. */
function localRepositoryLabel(translation) {
  const file = join(import.meta.dirname, '../../node_modules/@sveltia/cms/locales', `${translation}.json`);
  return JSON.parse(readFileSync(file, 'utf8')).work_with_local_repo;
}

// The browser's language, and the translation Sveltia picks for it.
for (const [locale, translation, direction] of [
  ['en-GB', 'en-GB', 'ltr'],
  ['fr-FR', 'fr', 'ltr'],
  ['ar', 'ar', 'rtl'],
]) {
  test(`in a browser set to ${locale}, the editor loads in its ${translation} translation, from this site`, async () => {
    const editor = await editorPage(browser, server.origin, { locale, timeout: 30_000 });
    const { page, context, errors } = editor;
    const translations = [];
    page.on('request', (request) => /\/locales\/[^/]+\.json$/.test(request.url()) && translations.push(request.url()));
    await page.goto(`${server.origin}/admin/`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: localRepositoryLabel(translation), exact: true }).waitFor();
    assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), [translation, direction]);
    // One request for it, to this site (never unpkg, where Sveltia itself would fetch it).
    assert.equal(translations.length, 1, translations.join(', '));
    assert.match(translations[0], new RegExp(`^${new URL(server.origin).origin}/admin-assets/[^?#]+/locales/${translation}\\.json$`));
    assert.deepEqual(errors, []);
    await context.close();
  });
}
