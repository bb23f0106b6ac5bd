// The press team's editor (/admin/) in production mode, in a real browser and offline, through the
// press office's one door (ADR 0051): a press officer signed in to Cloudflare Access (its stand-in's
// locally signed token, as the CF_Authorization cookie Access sets) opens /admin/, edits a story and
// publishes it. The browser talks only to the site: the worker holds the GitHub App's key, mints
// installation tokens from a stand-in GitHub on loopback (test/fixtures/fake-github-repo.mjs, a real
// git object graph with a copy of content/demo, checking the App's JWT and the tokens it issued)
// and proxies the editor's REST and GraphQL calls at /admin/github/.
//
// Checked: the stand-in received requests only from the worker, each with an installation token it
// issued (or the App's JWT, to get one); the browser's storage (localStorage, sessionStorage,
// IndexedDB, cookies a script can read) holds no GitHub token; the content commit's author is the
// signed-in person and its committer the App; main changes by one line of one file. Simple mode:
// Save is that commit on main. Editorial workflow: Save opens a pull request that says who wrote
// it; Send for Review, Ready and Publish merge it, the merge naming the publisher.
// With UPDATE_SCREENSHOTS=1 the workflow test writes the pictures of docs/editing.md's "On the
// newsroom's site" section (docs/editing/9-…png to 11-…png).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { docsScreenshot as screenshot } from './editor-session.mjs';
import { launchBrowser, startAccessStandIn, startServer } from './server.mjs';
import { createFakeGitHubRepository, filesOfFolder, serveFakeGitHub } from '../fixtures/fake-github-repo.mjs';

const ROOT = join(import.meta.dirname, '../..');
const CONTENT_DIR = 'content/demo';
const REPOSITORY = { owner: 'northwind', name: 'newsroom' };
const APP = { id: 424242, slug: 'northwind-newsroom-editor', installationId: 777001 };
/** The e-mail in the Access stand-in's token (test/fixtures/fake-access.ts). */
const PRESS_OFFICER_EMAIL = 'press.officer@northwind.example';
const STORY = 'annual-report-2025';
const STORY_FILE = `${CONTENT_DIR}/stories/${STORY}/index.en.md`;
const EDIT = ' (corrected)';
/** What the editor asks for by itself and its policy blocks offline (fonts, version check, status page, a logo fetched as data:). */
const EXPECTED_BLOCKED = /cdn\.jsdelivr\.net|unpkg\.com|www\.githubstatus\.com|data:image\/svg\+xml/;
/** Any GitHub token's shape: OAuth (gho_), user-to-server (ghu_), installation (ghs_), personal (ghp_). */
const GITHUB_TOKEN_SHAPE = /gh[opsu]_[A-Za-z0-9]{10,}/;

let browser;
let access;
before(async () => {
  [browser, access] = await Promise.all([launchBrowser(), startAccessStandIn()]);
});
after(async () => {
  await browser?.close();
  await access?.stop();
});

/** The repository as the publish workflow sees it, with the newsroom's App installed on it. */
function newRepository() {
  return createFakeGitHubRepository({
    ...REPOSITORY,
    files: { 'README.md': '# Northwind newsroom\n', 'package.json': '{ "name": "edge-newsroom" }\n', ...filesOfFolder(join(ROOT, CONTENT_DIR), CONTENT_DIR) },
    app: APP,
  });
}

/** The site in one publish mode, its GitHub stand-in on loopback, for the tests of one describe block. */
function serverFor(mode) {
  const server = { origin: '', repo: null };
  let started;
  let github;
  before(async () => {
    server.repo = newRepository();
    github = await serveFakeGitHub(server.repo);
    started = await startServer({
      vars: {
        ACCESS_TEAM_DOMAIN: access.teamDomain,
        ACCESS_AUD: access.audience,
        ACCESS_CERTS_URL: access.certsUrl,
        GITHUB_APP_ID: String(APP.id),
        GITHUB_APP_INSTALLATION_ID: String(APP.installationId),
        GITHUB_APP_PRIVATE_KEY: server.repo.app.privateKeyPem,
        GITHUB_API_URL: github.apiUrl,
        EDITOR_REPOSITORY: `${REPOSITORY.owner}/${REPOSITORY.name}`,
        EDITOR_PUBLISH_MODE: mode,
        EDITOR_CONTENT_DIR: CONTENT_DIR,
      },
    });
    server.origin = started.origin;
  });
  after(async () => {
    await started?.stop();
    await github?.stop();
  });
  return server;
}

/**
 * The editor at `origin` for a person signed in to Access (the cookie Access sets, which no script
 * can read): every host but the site refused, so nothing reaches GitHub from the browser. Collects
 * the page's errors, the Content-Security-Policy refusals it did not expect, and every address the
 * browser asked for.
 */
async function openEditor(origin) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: 'CF_Authorization', value: access.token, url: origin, httpOnly: true, sameSite: 'Lax' }]);
  const site = new URL(origin).origin;
  const asked = [];
  context.on('request', (request) => asked.push(request.url()));
  await context.route((url) => url.origin !== site, (route) => route.abort());
  await context.addInitScript(() => {
    // No draft backups: the editor may write one just after a save, and reopening the entry would
    // then first ask whether to restore it, depending on timing.
    localStorage.setItem('sveltia-cms.prefs', JSON.stringify({ useDraftBackup: false }));
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && /Content Security Policy/.test(message.text()) && !EXPECTED_BLOCKED.test(message.text()) && errors.push(message.text()));
  await page.goto(`${origin}/admin/`);
  try {
    await page.getByText('Collections', { exact: true }).waitFor();
  } catch (error) {
    if (process.env.EDITOR_SCREENSHOT) await page.screenshot({ path: process.env.EDITOR_SCREENSHOT });
    throw error;
  }
  return { page, context, errors, asked };
}

/** Opens the story, adds EDIT to its English title and presses Save. */
async function editTitle(page, origin) {
  await page.goto(`${origin}/admin/#/collections/stories/entries/${STORY}/index`);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.waitFor();
  const title = page.getByRole('textbox', { name: /^Title/ }).first();
  await title.click();
  await page.keyboard.press('End');
  await page.keyboard.type(EDIT);
  await save.click();
}

/** Waits until `condition()` holds (the browser's requests are asynchronous), failing with `what`. */
async function until(what, condition, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The lines of `path` that differ between two revisions, as [before, after] pairs. */
function changedLines(repo, from, to, path) {
  const a = repo.fileAt(from, path).split('\n');
  const b = repo.fileAt(to, path).split('\n');
  assert.equal(b.length, a.length, `${path} keeps its number of lines`);
  return a.flatMap((line, index) => (line === b[index] ? [] : [[line, b[index]]]));
}

/** The story's title line before and after the edit. */
function assertTitleEdit(lines) {
  assert.equal(lines.length, 1, `one line changed: ${JSON.stringify(lines)}`);
  const [[before, after]] = lines;
  assert.match(before, /^title: /);
  assert.equal(after, before.replace(/(['"]?)$/, `${EDIT}$1`));
}

/** Everything the page's scripts can read that outlives the page: storages, IndexedDB, cookies. */
async function browserStorage(page) {
  return page.evaluate(async () => {
    const dump = (storage) => Object.fromEntries(Array.from({ length: storage.length }, (_, i) => storage.key(i)).map((key) => [key, storage.getItem(key)]));
    const databases = {};
    for (const { name } of await indexedDB.databases()) {
      const db = await new Promise((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      for (const store of db.objectStoreNames) {
        const rows = await new Promise((resolve, reject) => {
          const reading = db.transaction(store).objectStore(store).getAll();
          reading.onsuccess = () => resolve(reading.result);
          reading.onerror = () => reject(reading.error);
        });
        databases[`${name}/${store}`] = rows;
      }
      db.close();
    }
    return { localStorage: dump(localStorage), sessionStorage: dump(sessionStorage), indexedDB: databases, cookies: document.cookie };
  });
}

/** No GitHub token anywhere the browser keeps things, and not the installation tokens the stand-in issued. */
async function assertNoGitHubToken(page, repo) {
  const stored = JSON.stringify(await browserStorage(page));
  assert.doesNotMatch(stored, GITHUB_TOKEN_SHAPE, 'no GitHub token in the browser’s storage');
  for (const token of repo.issuedTokens) assert.ok(!stored.includes(token), 'the installation token never reaches the browser');
  assert.ok(!stored.includes('CF_Authorization'), 'the Access cookie is not readable by scripts');
}

/** Every request GitHub received came from the worker: an installation token it issued, or the App's JWT to get one. */
function assertOnlyTheWorkerAsked(repo, asked) {
  assert.ok(repo.issuedTokens.length >= 1, 'the worker exchanged the App’s JWT for an installation token');
  assert.ok(repo.requests.length > 0);
  for (const { method, path, authorization } of repo.requests) {
    if (method === 'POST' && path === `/app/installations/${APP.installationId}/access_tokens`) {
      assert.match(authorization, /^Bearer [\w-]+\.[\w-]+\.[\w-]+$/, 'the token exchange carries the App’s JWT');
      continue;
    }
    const token = /^(?:Bearer|token) (.+)$/i.exec(authorization ?? '')?.[1];
    assert.ok(token && repo.issuedTokens.includes(token), `${method} ${path} carried an installation token the stand-in issued`);
  }
  assert.deepEqual(asked.filter((url) => /github/.test(new URL(url).hostname)), [], 'the browser never asked GitHub for anything');
}

/** The content commit: authored by the signed-in person, committed by the App. */
function assertAuthoredByThePerson(commit) {
  assert.equal(commit.author.email, PRESS_OFFICER_EMAIL, 'the author is the person signed in at the door');
  assert.match(commit.committer.name, new RegExp(`^${APP.slug}\\[bot\\]$`), 'the committer is the App');
}

/** Runs `work` in the editor; a page picture on failure with EDITOR_SCREENSHOT. */
async function withEditor(origin, work) {
  const editor = await openEditor(origin);
  try {
    await work(editor);
  } catch (error) {
    if (process.env.EDITOR_SCREENSHOT) await editor.page.screenshot({ path: process.env.EDITOR_SCREENSHOT });
    throw error;
  } finally {
    await editor.context.close();
  }
}

describe('simple mode', () => {
  const server = serverFor('simple');

  test('a press officer signed in at the door saves a story: one commit on main, authored by them, no GitHub token in the browser', async () => {
    const { repo } = server;
    const start = repo.branches().main;
    await withEditor(server.origin, async ({ page, errors, asked }) => {
      await editTitle(page, server.origin);
      await until('main has moved', () => repo.branches().main !== start);
      await page.getByText('Entry saved.').waitFor();

      const [commit, parent] = repo.log('main');
      assert.equal(parent.sha, start, 'one commit on top of the old head');
      assert.match(commit.message, new RegExp(`^Update Story “${STORY}”`));
      assertAuthoredByThePerson(commit);
      assert.deepEqual(repo.changedPaths(start, 'main'), [STORY_FILE], 'inside the content folder of the repository');
      assertTitleEdit(changedLines(repo, start, 'main', STORY_FILE));
      assert.deepEqual(Object.keys(repo.branches()), ['main'], 'no branch');
      assertOnlyTheWorkerAsked(repo, asked);
      await assertNoGitHubToken(page, repo);
      assert.deepEqual(repo.unhandled, [], 'every call the worker made is one the stand-in knows');
      assert.deepEqual(errors, []);
    });
  });
});

describe('editorial workflow', () => {
  const server = serverFor('editorial_workflow');

  test('Save opens a pull request by the signed-in person; Send for Review, Ready and Publish merge it into main', async () => {
    const { repo } = server;
    const start = repo.branches().main;
    const branch = `cms/stories/${STORY}`;
    const pull = () => repo.pullRequests()[0];
    const labels = () => pull().labels.map((label) => label.name);
    await withEditor(server.origin, async ({ page, errors, asked }) => {
      await screenshot(page, '9-signed-in');
      await editTitle(page, server.origin);
      const sendForReview = page.getByRole('button', { name: 'Send for Review', exact: true });
      await sendForReview.waitFor();
      await screenshot(page, '10-saved-as-draft');

      assert.equal(repo.branches().main, start, 'main is unchanged');
      assert.equal(repo.pullRequests().length, 1);
      assert.deepEqual({ state: pull().state, draft: pull().draft, head: pull().head.ref, base: pull().base.ref, labels: labels() }, { state: 'open', draft: true, head: branch, base: 'main', labels: ['sveltia-cms/draft'] });
      assert.match(pull().body, new RegExp(`Written by .*<${PRESS_OFFICER_EMAIL.replace(/\./g, '\\.')}>`), 'the pull request says who wrote it');
      assert.deepEqual(repo.changedPaths('main', branch), [STORY_FILE]);
      const [draftCommit] = repo.log(branch);
      assertAuthoredByThePerson(draftCommit);

      await sendForReview.click();
      await until('the pull request is in review', () => labels().includes('sveltia-cms/pending_review'));
      await until('it is no longer a GitHub draft', () => pull().draft === false);

      await page.waitForURL((url) => url.hash === '#/collections/stories');
      await page.goto(`${server.origin}/admin/#/collections/stories/entries/${STORY}/index`);
      await page.getByRole('button', { name: /^Status: \u2068?In Review\u2069?$/ }).click();
      const menu = page.getByRole('menu', { name: 'Change Entry Status' });
      await menu.locator('[role="menuitemradio"][tabindex]').first().waitFor();
      await menu.getByRole('menuitemradio', { name: 'Ready' }).click();
      await page.getByRole('button', { name: /^Status: \u2068?Ready\u2069?$/ }).waitFor();
      await until('the pull request is ready', () => labels().includes('sveltia-cms/pending_publish'));

      await page.getByRole('button', { name: 'Publish Entry' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Publish', exact: true }).click();
      await until('the pull request is merged', () => pull().merged);
      await page.waitForURL((url) => url.hash === '#/collections/stories');
      await page.getByText(`${EDIT} (published, public)`).waitFor();
      await screenshot(page, '11-published');

      const merge = repo.commit(repo.branches().main);
      assert.deepEqual(merge.parents, [start, draftCommit.sha], 'a merge commit of the branch into main');
      assert.match(merge.message, new RegExp(`Published by .*<${PRESS_OFFICER_EMAIL.replace(/\./g, '\\.')}>`), 'the merge says who published');
      assert.deepEqual(repo.changedPaths(start, 'main'), [STORY_FILE], 'main changed by that file alone');
      assertTitleEdit(changedLines(repo, start, 'main', STORY_FILE));
      await until('the branch is deleted', () => !(branch in repo.branches()));
      assertOnlyTheWorkerAsked(repo, asked);
      await assertNoGitHubToken(page, repo);
      assert.deepEqual(repo.unhandled, [], 'every call the worker made is one the stand-in knows');
      assert.deepEqual(errors, []);
    });
  });
});
