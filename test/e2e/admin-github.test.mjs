// The press team's editor (/admin/) in production mode, in a real browser and offline: the worker
// serves it with the GitHub login configured (EDITOR_REPOSITORY, EDITOR_PUBLISH_MODE, content
// folder content/demo inside the repository), and every request the editor sends to
// https://api.github.com (REST and GraphQL) is answered by a stand-in of GitHub holding a copy of
// content/demo in a git repository (test/fixtures/fake-github-repo.mjs). The sign-in is taken as
// done: the editor finds a token where it keeps one after the OAuth popup (localStorage
// 'sveltia-cms.user'); the popup and its routes are tested in test/worker/editor/github-login.test.ts.
//
// Simple mode: Save is one commit on main changing one line of one file. Editorial workflow: Save
// opens a branch and a draft pull request for the story and leaves main alone; "Send for Review",
// the status menu's "Ready" and "Publish" move it through the labels and merge it into main, which
// then differs from before by that one line (the push to main the publish workflow imports on).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, startServer } from './server.mjs';
import { createFakeGitHubRepository, filesOfFolder, GITHUB_API } from '../fixtures/fake-github-repo.mjs';

const ROOT = join(import.meta.dirname, '../..');
const CONTENT_DIR = 'content/demo';
const REPOSITORY = { owner: 'northwind', name: 'newsroom' };
const TOKEN = 'gho_pressofficer0123456789';
const PRESS_OFFICER = { login: 'pat-press', id: 4242, name: 'Pat Press', email: 'pat@northwind.example' };
const STORY = 'annual-report-2025';
const STORY_FILE = `${CONTENT_DIR}/stories/${STORY}/index.en.md`;
const EDIT = ' (corrected)';
/** What the editor asks for by itself and its policy blocks offline (fonts, version check, status page, a logo fetched as data:). */
const EXPECTED_BLOCKED = /cdn\.jsdelivr\.net|unpkg\.com|www\.githubstatus\.com|data:image\/svg\+xml/;

const vars = (publishMode) => ({
  SITE_URL: 'https://newsroom.northwind.example',
  GITHUB_OAUTH_CLIENT_ID: 'Ov23liNewsroomTest',
  GITHUB_OAUTH_CLIENT_SECRET: '0123456789abcdef0123456789abcdef01234567',
  EDITOR_REPOSITORY: `${REPOSITORY.owner}/${REPOSITORY.name}`,
  EDITOR_PUBLISH_MODE: publishMode,
  EDITOR_CONTENT_DIR: CONTENT_DIR,
});

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The repository as the publish workflow sees it: the project's files and the content folder. */
function newRepository() {
  return createFakeGitHubRepository({
    ...REPOSITORY,
    files: { 'README.md': '# Northwind newsroom\n', 'package.json': '{ "name": "edge-newsroom" }\n', ...filesOfFolder(join(ROOT, CONTENT_DIR), CONTENT_DIR) },
    people: { [TOKEN]: PRESS_OFFICER },
  });
}

/**
 * The editor at `origin`, signed in to `repo` through the stand-in: GitHub's API answered by it,
 * every other host refused, the token where Sveltia keeps it after a sign-in. Collects the page's
 * errors and the Content-Security-Policy refusals it did not expect.
 */
async function openEditor(origin, repo) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const site = new URL(origin).origin;
  await context.route((url) => url.origin !== site && url.origin !== GITHUB_API, (route) => route.abort());
  await context.route(`${GITHUB_API}/**`, async (route) => {
    const request = route.request();
    const answer = await repo.handle({ method: request.method(), url: request.url(), headers: await request.allHeaders(), body: request.postData() ?? '' });
    await route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body });
  });
  await context.addInitScript((token) => {
    if (!localStorage.getItem('sveltia-cms.user')) localStorage.setItem('sveltia-cms.user', JSON.stringify({ backendName: 'github', token }));
    // No draft backups: the editor may write one just after a save, and reopening the entry would
    // then first ask whether to restore it, depending on timing.
    localStorage.setItem('sveltia-cms.prefs', JSON.stringify({ useDraftBackup: false }));
  }, TOKEN);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && /Content Security Policy/.test(message.text()) && !EXPECTED_BLOCKED.test(message.text()) && errors.push(message.text()));
  await page.goto(`${origin}/admin/`);
  await page.getByText('Collections', { exact: true }).waitFor();
  return { page, context, errors };
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

/** The site with the editor's GitHub login in one publish mode, for the tests of one describe block. */
function serverFor(mode) {
  const server = { origin: '' };
  let started;
  before(async () => {
    started = await startServer({ vars: vars(mode) });
    server.origin = started.origin;
  });
  after(async () => {
    await started?.stop();
  });
  return server;
}

/** Runs `work` in the editor signed in over `repo`; a page picture on failure with EDITOR_SCREENSHOT. */
async function withEditor(origin, repo, work) {
  const editor = await openEditor(origin, repo);
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

  test('Save commits the edited story to main: one commit, one file, one line, with a message', async () => {
    const repo = newRepository();
    const start = repo.branches().main;
    await withEditor(server.origin, repo, async ({ page, errors }) => {
      await editTitle(page, server.origin);
      await until('main has moved', () => repo.branches().main !== start);
      await page.getByText('Entry saved.').waitFor();

      const [commit, parent] = repo.log('main');
      assert.equal(parent.sha, start, 'one commit on top of the old head');
      assert.deepEqual(commit.parents, [start]);
      assert.match(commit.message, new RegExp(`^Update Story “${STORY}”`));
      assert.equal(commit.author.login, PRESS_OFFICER.login, 'committed as the signed-in person');
      assert.deepEqual(repo.changedPaths(start, 'main'), [STORY_FILE], 'inside the content folder of the repository');
      assertTitleEdit(changedLines(repo, start, 'main', STORY_FILE));
      assert.deepEqual(Object.keys(repo.branches()), ['main'], 'no branch');
      assert.deepEqual(repo.pullRequests(), [], 'no pull request');
      assert.deepEqual(repo.unhandled, [], 'every call the editor made is one the stand-in knows');
      assert.deepEqual(errors, []);
    });
  });
});

describe('editorial workflow', () => {
  const server = serverFor('editorial_workflow');

  test('Save opens a draft pull request for the story; Send for Review, Ready and Publish merge it into main', async () => {
    const repo = newRepository();
    const start = repo.branches().main;
    const branch = `cms/stories/${STORY}`;
    const pull = () => repo.pullRequests()[0];
    const labels = () => pull().labels.map((label) => label.name);
    await withEditor(server.origin, repo, async ({ page, errors }) => {
      await editTitle(page, server.origin);
      // Saved as a draft: the editor offers to send it for review.
      const sendForReview = page.getByRole('button', { name: 'Send for Review', exact: true });
      await sendForReview.waitFor();

      assert.equal(repo.branches().main, start, 'main is unchanged');
      assert.deepEqual(Object.keys(repo.branches()).sort(), [branch, 'main']);
      assert.equal(repo.pullRequests().length, 1);
      assert.deepEqual(
        { state: pull().state, draft: pull().draft, head: pull().head.ref, base: pull().base.ref, labels: labels(), user: pull().user.login },
        { state: 'open', draft: true, head: branch, base: 'main', labels: ['sveltia-cms/draft'], user: PRESS_OFFICER.login },
      );
      assert.match(pull().title, new RegExp(`^Update Story “${STORY}”`));
      assert.deepEqual(repo.changedPaths('main', branch), [STORY_FILE]);
      assertTitleEdit(changedLines(repo, 'main', branch, STORY_FILE));
      const [draftCommit] = repo.log(branch);
      assert.deepEqual(draftCommit.parents, [start], 'the branch is one commit on top of main');

      await sendForReview.click();
      await until('the pull request is in review', () => labels().includes('sveltia-cms/pending_review'));
      await until('it is no longer a GitHub draft', () => pull().draft === false);
      assert.deepEqual(labels(), ['sveltia-cms/pending_review']);

      // The editor closes the entry; opened again, it is the pull request's version, in review.
      await page.waitForURL((url) => url.hash === '#/collections/stories');
      await page.goto(`${server.origin}/admin/#/collections/stories/entries/${STORY}/index`);
      assert.match(await page.getByRole('textbox', { name: /^Title/ }).first().inputValue(), new RegExp(`${EDIT.replace(/[()]/g, '\\$&')}$`));
      await page.getByRole('button', { name: /^Status: \u2068?In Review\u2069?$/ }).click();
      // The menu takes a click once it is set up, which sveltia-ui does a moment after showing it
      // and marks by giving its items a tabindex.
      const menu = page.getByRole('menu', { name: 'Change Entry Status' });
      await menu.locator('[role="menuitemradio"][tabindex]').first().waitFor();
      await menu.getByRole('menuitemradio', { name: 'Ready' }).click();
      await page.getByRole('button', { name: /^Status: \u2068?Ready\u2069?$/ }).waitFor();
      await until('the pull request is ready', () => labels().includes('sveltia-cms/pending_publish'));
      assert.deepEqual(labels(), ['sveltia-cms/pending_publish']);
      assert.equal(repo.branches().main, start, 'still nothing on main');

      await page.getByRole('button', { name: 'Publish Entry' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Publish', exact: true }).click();
      await until('the pull request is merged', () => pull().merged);
      // Published: the editor closes the entry and lists the story as it now is on main.
      await page.waitForURL((url) => url.hash === '#/collections/stories');
      await page.getByText(`${EDIT} (published, public)`).waitFor();

      const merge = repo.commit(repo.branches().main);
      assert.deepEqual(merge.parents, [start, draftCommit.sha], 'a merge commit of the branch into main');
      assert.equal(merge.message.split('\n')[0], pull().title, 'titled with the pull request');
      assert.deepEqual(repo.changedPaths(start, 'main'), [STORY_FILE], 'main changed by that file alone');
      assertTitleEdit(changedLines(repo, start, 'main', STORY_FILE));
      assert.equal(pull().state, 'closed');
      await until('the branch is deleted', () => !(branch in repo.branches()));
      assert.deepEqual(repo.unhandled, [], 'every call the editor made is one the stand-in knows');
      assert.deepEqual(errors, []);
    });
  });
});
