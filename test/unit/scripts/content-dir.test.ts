// Where a content folder is in the repository the editor opens (scripts/dev/content-dir.mjs), as
// `npm start` and `npm run deploy` tell the worker (EDITOR_CONTENT_DIR).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations.
import { contentDirInRepository } from '../../../scripts/dev/content-dir.mjs';

const work = mkdtempSync(join(tmpdir(), 'newsroom-content-dir-'));
const project = join(work, 'project');
mkdirSync(join(project, 'content/acme'), { recursive: true });
execFileSync('git', ['init', '-q', project]);
const separate = join(work, 'separate');
mkdirSync(join(separate, 'stories'), { recursive: true });
execFileSync('git', ['init', '-q', separate]);
const loose = join(work, 'loose');
mkdirSync(loose);

afterAll(() => rmSync(work, { recursive: true, force: true }));

test.each([
  ['a folder of the project', 'content/acme', 'content/acme'],
  ['the same written ./…/', './content/acme/', 'content/acme'],
  ['one the deploy only names (not here)', 'content/northwind', 'content/northwind'],
  ['the project itself', './', '.'],
  ['a repository of its own', separate, '.'],
  ['a folder in no repository (git init it)', loose, '.'],
  ['a folder outside the project that is not here', '../elsewhere', null],
])('%s: %j is %j', (_case, folder, expected) => {
  expect(contentDirInRepository(folder, project)).toBe(expected);
});
