// One field of an existing story changed in the press team's editor is one changed line for git:
// a copy of content/demo committed to a throwaway git repository, opened in local mode, the
// English title of a story in four languages changed and saved through the form; the editor's
// folder, read back out of the browser, is written over the repository's files, and `git diff`
// sees that one line of that one file. The import takes the changed folder and the story's page
// shows the new title.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { root } from '../../scripts/dev/local-newsroom.mjs';
import { contentFiles, editorField, openEditor, readFolderBytes, writeFiles } from './editor-session.mjs';
import { fetchWithOneRetry, launchBrowser, LOCAL_EDITOR_VARS, runCliInProcess, startServer, waitFor } from './server.mjs';

const DEMO = join(root, 'content/demo');
const STORY = {
  folder: 'new-ceo-appointed',
  slug: 'marieke-hoogland-appointed-ceo-of-northwind-energy',
  file: 'stories/new-ceo-appointed/index.en.md',
  title: 'Marieke Hoogland appointed Chief Executive Officer of Northwind Energy',
};
const NEW_TITLE = 'Marieke Hoogland named Chief Executive Officer of Northwind Energy';

let server;
let browser;
let repository;
before(async () => {
  repository = mkdtempSync(join(tmpdir(), 'newsroom-edit-'));
  [server, browser] = await Promise.all([startServer({ vars: LOCAL_EDITOR_VARS }), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await server?.stop();
  if (repository) rmSync(repository, { recursive: true, force: true });
});

/** git in `repository`, blind to this machine's and this user's git configuration. */
function git(...args) {
  return execFileSync('git', args, { cwd: repository, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' } });
}

test('a title changed in the editor is one changed line for git, and the import takes it', async () => {
  cpSync(DEMO, repository, { recursive: true });
  git('init', '--quiet', '--initial-branch=main');
  git('config', 'user.name', 'Press office');
  git('config', 'user.email', 'press@northwind.example');
  git('config', 'core.autocrlf', 'false');
  git('add', '--all');
  git('commit', '--quiet', '--message', 'The newsroom as it was');

  const editor = await openEditor(browser, server.origin, repository);
  const { page, context, errors } = editor;
  // The press officer's way in: the Stories collection, the story by its title, the English title field.
  await page.getByRole('treeitem', { name: 'Stories' }).click();
  await page.getByRole('row', { name: STORY.title, exact: true }).click();
  const title = (await editorField(page, 'en', 'title')).locator('input');
  assert.equal(await title.inputValue(), STORY.title);
  await title.fill(NEW_TITLE);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = await waitFor('the saved file', async () => {
    const files = await readFolderBytes(editor);
    return files.get(STORY.file)?.toString('utf8').includes(NEW_TITLE) && files;
  });
  await context.close();
  assert.deepEqual(errors, []);

  // The editor's folder over the repository's files: written, and what it no longer holds removed.
  writeFiles(repository, saved);
  for (const path of contentFiles(repository)) if (!saved.has(path)) rmSync(join(repository, path));

  assert.equal(git('status', '--porcelain'), ` M ${STORY.file}\n`, 'one file changed, none added or removed');
  assert.equal(git('diff', '--numstat'), `1\t1\t${STORY.file}\n`, 'one line out, one line in');
  const changed = git('diff', '--unified=0').split('\n').filter((line) => /^[-+](?![-+])/.test(line));
  assert.deepEqual(changed, [`-title: ${STORY.title}`, `+title: ${NEW_TITLE}`]);

  const { stdout } = await runCliInProcess(server, 'import.ts', repository);
  assert.match(stdout, /Imported \d+ stories/);
  // The site re-reads the content revision every few seconds.
  await waitFor('the new title on the story\'s page', async () => {
    const response = await fetchWithOneRetry(`${server.origin}/${STORY.slug}`);
    return response.status === 200 && (await response.text()).includes(NEW_TITLE);
  });
});
