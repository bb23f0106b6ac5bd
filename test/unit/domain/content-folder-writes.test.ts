// What the press office's editor may write: paths inside the content folder only, the configured
// branch or its own cms/… branches only, and who holds which role.
import { expect, test } from 'vitest';
import { branchOfRef, branchRefusal, pathRefusal, pathsRefusal, rolesOf } from '#src/domain/content-folder-writes';

test.each([
  ['a story file in the folder', 'content/demo/stories/a/index.en.md', 'content/demo', true],
  ['a media file in the folder', 'content/demo/media/harbour.jpg', 'content/demo', true],
  ['the application code', 'src/worker.ts', 'content/demo', false],
  ['a workflow', '.github/workflows/publish.yml', 'content/demo', false],
  ['a workflow, with the repository as the folder', '.github/workflows/publish.yml', null, false],
  ['the folder itself named without a file', 'content/demo', 'content/demo', false],
  ['a sibling folder sharing the prefix', 'content/demo-2/newsroom.yaml', 'content/demo', false],
  ['a climb out of the folder', 'content/demo/../../src/app.tsx', 'content/demo', false],
  ['a `.` part', 'content/demo/./newsroom.yaml', 'content/demo', false],
  ['an empty part', 'content/demo//newsroom.yaml', 'content/demo', false],
  ['a leading slash', '/content/demo/newsroom.yaml', 'content/demo', false],
  ['a backslash', 'content/demo\\..\\src\\app.tsx', 'content/demo', false],
  ['a .git folder inside the folder', 'content/demo/.git/config', 'content/demo', false],
  ['a .GIT folder in other case', 'content/demo/.GIT/config', 'content/demo', false],
  ['any file when the repository is the folder', 'stories/a/index.en.md', null, true],
  ['an empty path', '', 'content/demo', false],
])('%s: %j under %j may be written: %s', (_case, path, folder, allowed) => {
  expect(pathRefusal(path, folder) === null).toBe(allowed);
});

test('the first path outside the folder names the refusal', () => {
  expect(pathsRefusal(['content/demo/a.md', 'src/b.ts', '.github/c.yml'], 'content/demo')).toContain('src/b.ts');
  expect(pathsRefusal(['content/demo/a.md'], 'content/demo')).toBeNull();
});

test.each([
  ['main', true],
  ['cms/stories/annual-report-2025', true],
  ['cms/stories/a/index', true],
  ['cms', false],
  ['cms/', false],
  ['gh-pages', false],
  ['release/2026', false],
  ['cms/../main', false],
  ['cms/stories/.hidden', false],
  ['cms/stories/a.lock', false],
  ['cms/stories//a', false],
])('the branch %j may be written: %s', (branch, allowed) => {
  expect(branchRefusal(branch, 'main') === null).toBe(allowed);
});

test.each([
  ['refs/heads/cms/stories/a', 'cms/stories/a'],
  ['refs/heads/main', 'main'],
  ['refs/tags/v1', null],
  ['main', null],
])('the ref %j names the branch %j', (ref, branch) => {
  expect(branchOfRef(ref)).toBe(branch);
});

test.each([
  ['both lists empty: everyone is both', 'anyone@example.com', [], [], { edit: true, publish: true }],
  ['an editor in the list; publishers empty: every editor publishes', 'ed@newsroom.example', ['ed@newsroom.example'], [], { edit: true, publish: true }],
  ['not in the editors list', 'guest@elsewhere.example', ['ed@newsroom.example'], [], { edit: false, publish: false }],
  ['an editor who is not a publisher', 'ed@newsroom.example', ['@newsroom.example'], ['chief@newsroom.example'], { edit: true, publish: false }],
  ['a publisher is an editor too', 'chief@newsroom.example', ['ed@newsroom.example'], ['chief@newsroom.example'], { edit: true, publish: true }],
  ['a @domain entry, in another case', 'Pat@NewsRoom.Example', ['@newsroom.example'], ['@newsroom.example'], { edit: true, publish: true }],
  ['a @domain entry does not match a longer domain', 'pat@evilnewsroom.example', ['@newsroom.example'], [], { edit: false, publish: false }],
])('%s', (_case, email, editors, publishers, roles) => {
  expect(rolesOf(email, editors, publishers)).toEqual(roles);
});
