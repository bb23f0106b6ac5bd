// The editor uploading to Uploadcare (ADR 0042), in a real browser and offline: the worker
// configured with an Uploadcare project whose Upload API is a local stand-in with signed uploads
// on (test/fixtures/fake-uploadcare.ts, run as a process). In local mode (the worker told it runs
// on the developer's machine, as `npm start` does), a press officer uploads an image into a
// story's cover: a file that is not an image first, refused with the media model's message, then a
// photo whose name needs making safe. The saved story names the photo's CDN address, the import
// accepts the folder with it, the stand-in saw a valid signature with every upload, and the
// secret key reached neither the browser nor Uploadcare.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { openEditor, readFolder, saveEntry } from './editor-session.mjs';
import { launchBrowser, LOCAL_EDITOR_VARS, startServer } from './server.mjs';

const root = join(import.meta.dirname, '../..');
const DEMO = join(root, 'content/demo');
const SECRET_KEY = 'e2e5ec4e7key0f7heproject';
const STORY = 'agrivoltaics-pilot-results';
const PHOTO = readFileSync(join(DEMO, 'media/contact-anna-de-vries.jpg'));
const cliEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_COLOR: '1' };

let uploadcare;
let server;
let browser;
const scratch = [];

/** The stand-in as a child process: its address, and every request it reports. */
async function startUploadcare() {
  const child = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'test/fixtures/serve-fake-uploadcare.ts')], { cwd: root, env: { ...cliEnv, FAKE_UPLOADCARE_SECRET_KEY: SECRET_KEY }, stdio: ['ignore', 'pipe', 'inherit'] });
  const requests = [];
  const lines = createInterface({ input: child.stdout });
  const ready = new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the Uploadcare stand-in exited with ${code}`)));
    lines.on('line', (line) => {
      const message = JSON.parse(line);
      if (message.baseURL) resolve(message);
      else requests.push(message);
    });
  });
  const { baseURL, publicKey } = await ready;
  const stop = () => new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  return { baseURL, publicKey, requests, stop };
}

before(async () => {
  uploadcare = await startUploadcare();
  [server, browser] = await Promise.all([
    startServer({
      vars: {
        UPLOADCARE_PUBLIC_KEY: uploadcare.publicKey,
        UPLOADCARE_SECRET_KEY: SECRET_KEY,
        UPLOADCARE_UPLOAD_URL: uploadcare.baseURL,
        MEDIA_CDN_URL: 'https://ucarecdn.com',
        ...LOCAL_EDITOR_VARS,
      },
    }),
    launchBrowser(),
  ]);
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await uploadcare?.stop();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** The cover field of the story's English pane, scrolled into view. */
async function coverField(page) {
  const pane = page.locator('[data-locale="en"][data-mode="edit"]');
  const section = pane.locator('section[data-key-path="cover"]');
  for (let turn = 0; turn < 60 && (await section.count()) === 0; turn++) {
    await pane.hover({ position: { x: 200, y: 300 } });
    await page.mouse.wheel(0, 400);
  }
  await section.scrollIntoViewIfNeeded();
  return section;
}

test('a press officer uploads a cover to Uploadcare through the worker’s signature; the story names its CDN address, which the import accepts', async () => {
  const editor = await openEditor(browser, server.origin, DEMO);
  const { page, context, errors } = editor;
  // The stand-in is the one place besides the site the page may reach (the policy names it too).
  await context.route((url) => url.href.startsWith(uploadcare.baseURL), (route) => route.continue());
  const origin = new URL(server.origin).origin;
  const ownAnswers = [];
  page.on('response', async (response) => {
    if (response.url().startsWith(origin) && !response.url().includes('/admin-assets/')) ownAnswers.push(await response.text().catch(() => ''));
  });

  let saved = null;
  await saveEntry(editor, `stories/entries/${STORY}/index`, async () => {
    const cover = await coverField(page);
    const input = cover.getByLabel('Upload an image to Uploadcare');

    // Not an image, though named like one: uploaded, then refused by the media model.
    await input.setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('minutes of the board meeting\n') });
    await cover.getByRole('alert').filter({ hasText: 'UploadcareImage was given a non-image FileInfo object' }).waitFor();
    assert.equal(await cover.locator('[data-field-value]').innerText(), 'agrivoltaics-sheep.jpg', 'the field keeps its value');

    // A photo whose name holds characters a file name may not.
    await input.setInputFiles({ name: 'Harbour: vessel?.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
    const value = cover.locator('[data-field-value]');
    await value.filter({ hasText: /^https:\/\/ucarecdn\.com\// }).waitFor();
    saved = await value.innerText();
    assert.equal(await cover.getByRole('alert').count(), 0, 'no error after the photo');
  });
  // The address names the file as Uploadcare stored it.
  assert.match(saved, /^https:\/\/ucarecdn\.com\/[0-9a-f-]{36}\/Harbour[^/]*\.jpg$/);
  const uuid = saved.split('/')[3];

  const files = await readFolder(editor);
  const story = files[`stories/${STORY}/index.en.md`];
  assert.match(story, new RegExp(`^cover: ${saved.replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')}$`, 'm'), 'the saved file names the CDN address');
  await context.close();
  // Sveltia 0.221.1 itself throws this when saving a story whose other languages are off (seen
  // with its own fields alone too); anything else is ours.
  assert.deepEqual(errors.filter((message) => message !== 'Cannot convert undefined or null to object'), []);

  // What Uploadcare saw: two uploads, each with the public key, stored, and a signature that is
  // the HMAC of its unexpired `expire` under the secret key; the secret itself in no request.
  const uploads = uploadcare.requests.filter((request) => request.method === 'POST' && request.pathname === '/base/');
  assert.deepEqual(uploads.map((request) => request.file?.filename), ['notes.jpg', 'Harbour_ vessel_.jpg']);
  for (const request of uploads) {
    assert.equal(request.fields.UPLOADCARE_PUB_KEY, uploadcare.publicKey);
    assert.equal(request.fields.UPLOADCARE_STORE, '1');
    assert.match(request.fields.expire, /^\d+$/);
    assert.ok(Number(request.fields.expire) > Date.now() / 1000, 'the signature had not expired');
    assert.equal(request.fields.signature, createHmac('sha256', SECRET_KEY).update(request.fields.expire).digest('hex'));
  }
  for (const request of uploadcare.requests) {
    const seen = [JSON.stringify(request.headers), JSON.stringify(request.query), JSON.stringify(request.fields), Buffer.from(request.body, 'base64').toString('latin1')].join('\n');
    assert.ok(!seen.includes(SECRET_KEY), `the secret key reached Uploadcare in ${request.method} ${request.pathname}`);
  }
  assert.ok(ownAnswers.length > 0);
  for (const text of ownAnswers) assert.ok(!text.includes(SECRET_KEY), 'the secret key reached the browser');

  // The import reads the saved story with its CDN cover, asking Uploadcare about the file.
  const folder = mkdtempSync(join(tmpdir(), 'newsroom-uploaded-'));
  scratch.push(folder);
  cpSync(DEMO, folder, { recursive: true });
  writeFileSync(join(folder, `stories/${STORY}/index.en.md`), story);
  const before = uploadcare.requests.length;
  const { stdout } = await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/cli/import.ts'), folder, '--dry-run'], {
    cwd: root,
    env: { ...cliEnv, UPLOADCARE_PUBLIC_KEY: uploadcare.publicKey, UPLOADCARE_UPLOAD_URL: uploadcare.baseURL },
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.match(stdout, /^Content is valid:/m);
  assert.deepEqual(uploadcare.requests.slice(before).map((request) => `${request.method} ${request.pathname} ${request.query.file_id}`), [`GET /info/ ${uuid}`]);
});
