// The press team's editor (/admin/) in a real browser, offline: it loads from this site alone,
// opens a content folder in local mode ("Work with Local Repository", the folder picker replaced
// by one holding a copy of test/fixtures/content/basic in the origin's private file system) and
// lists the collections. Requests to third parties are only the ones the editor's policy blocks.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, startServer } from './server.mjs';

const FIXTURE = join(import.meta.dirname, '../fixtures/content/basic');
/** What Sveltia asks for by itself and the policy blocks: fonts, version check, status page. */
const BLOCKED_HOSTS = ['cdn.jsdelivr.net', 'unpkg.com', 'www.githubstatus.com'];

let server;
let browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every file of the fixture folder, as [path, base64], and a `.git/HEAD` (Sveltia lists nothing without `.git`). */
function folderFiles() {
  const files = readdirSync(FIXTURE, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath ?? entry.path, entry.name);
      return [relative(FIXTURE, path).split('\\').join('/'), readFileSync(path).toString('base64')];
    });
  return [...files, ['.git/HEAD', Buffer.from('ref: refs/heads/main\n').toString('base64')]];
}

test('the editor opens a local content folder offline and lists its collections', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const thirdParty = [];
  const failedOwn = [];
  const errors = [];
  const origin = new URL(server.origin).origin;
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && /^https?:/.test(request.url())) thirdParty.push(new URL(request.url()).host);
  });
  page.on('requestfailed', (request) => request.url().startsWith(origin) && failedOwn.push(request.url()));
  page.on('response', (response) => response.url().startsWith(origin) && response.status() >= 400 && failedOwn.push(`${response.status()} ${response.url()}`));
  page.on('pageerror', (error) => errors.push(error.message));
  // Nothing leaves the machine, whatever the policy says.
  await context.route((url) => !url.href.startsWith(origin), (route) => route.abort());

  // The folder, written into this origin's private file system; the picker hands it out.
  await page.goto(`${server.origin}/robots.txt`);
  await page.evaluate(async (files) => {
    const root = await navigator.storage.getDirectory();
    const folder = await root.getDirectoryHandle('content', { create: true });
    for (const [path, base64] of files) {
      const parts = path.split('/');
      let directory = folder;
      for (const part of parts.slice(0, -1)) directory = await directory.getDirectoryHandle(part, { create: true });
      const writable = await (await directory.getFileHandle(parts.at(-1), { create: true })).createWritable();
      await writable.write(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
      await writable.close();
    }
  }, folderFiles());
  await context.addInitScript(() => {
    window.showDirectoryPicker = async () => (await navigator.storage.getDirectory()).getDirectoryHandle('content');
  });

  const response = await page.goto(`${server.origin}/admin/`);
  assert.equal(response.status(), 200);
  assert.equal(response.headers()['cache-control'], 'private, no-store');
  await page.getByRole('button', { name: /Work with Local Repository/i }).click();
  // The collections of the generated configuration, by their labels, in the editor's list.
  const heading = page.getByText('Collections', { exact: true });
  await heading.waitFor();
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
