// The import reads only inside the content folder: every file it reads, symbolic links followed,
// is confined to it, and each file that leads outside (or to nothing) is one problem naming it.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { openContentFolder } from '#src/content/content-folder';
import { loadContentFolder } from '#src/content/load-folder';
import { createMediaAddressing } from '#src/content/media-addressing';
import { formatProblem } from '#src/content/schema';
import { readUploadLedger } from '#src/content/upload-media';
import { BODY_MEDIA_ROOT } from '#src/domain/media/payload-addresses';

const fixture = join(import.meta.dirname, '../../fixtures/content/basic');
const made: string[] = [];
afterEach(() => made.splice(0).forEach((path) => rmSync(path, { recursive: true, force: true })));

/** A copy of the test folder, and a directory beside it (outside it) holding a secret. */
function setUp(): { folder: string; elsewhere: string } {
  const work = mkdtempSync(join(tmpdir(), 'confined-'));
  made.push(work);
  const folder = join(work, 'content');
  cpSync(fixture, folder, { recursive: true });
  const elsewhere = join(work, 'elsewhere');
  mkdirSync(elsewhere);
  return { folder, elsewhere };
}

/** A policy page (valid as content) holding a secret, outside the folder. */
function secretPolicy(elsewhere: string): string {
  const path = join(elsewhere, 'notes.md');
  writeFileSync(path, '---\ntitle: Cookie policy\n---\n\nThe board meets on Friday: CONFIDENTIAL-MINUTES.\n');
  return path;
}

const load = (folder: string) => loadContentFolder(folder, { addressing: createMediaAddressing(BODY_MEDIA_ROOT), now: 1_780_272_000 });
const problems = (folder: string) => {
  const result = load(folder);
  return result.ok ? [] : result.problems.map(formatProblem);
};
const OUTSIDE = (link: string) => `leads outside the content folder through the symbolic link "${link}" (the import reads only files inside the folder)`;

test('a policy page linked to a file outside the folder is refused, and its text is read nowhere', () => {
  const { folder, elsewhere } = setUp();
  mkdirSync(join(folder, 'policies/cookie-policy'));
  symlinkSync(secretPolicy(elsewhere), join(folder, 'policies/cookie-policy/index.fr.md'));
  const result = load(folder);
  expect(result.ok).toBe(false);
  expect(problems(folder)).toEqual([`policies/cookie-policy/index.fr.md: (file): ${OUTSIDE('policies/cookie-policy/index.fr.md')}`]);
  expect(JSON.stringify(result)).not.toContain('CONFIDENTIAL-MINUTES');
});

test('a story folder that is a link to a directory outside is refused once, naming the folder', () => {
  const { folder, elsewhere } = setUp();
  mkdirSync(join(elsewhere, 'leak'));
  cpSync(join(folder, 'stories/story-01/index.en.md'), join(elsewhere, 'leak/index.en.md'));
  writeFileSync(join(elsewhere, 'leak/index.en.md'), readFileSync(join(elsewhere, 'leak/index.en.md'), 'utf8').replace('slug: english-story-01', 'slug: leaked-story'));
  symlinkSync(join(elsewhere, 'leak'), join(folder, 'stories/leak'));
  expect(problems(folder)).toEqual([`stories/leak: (file): ${OUTSIDE('stories/leak')}`]);
});

test('a whole folder of the content (policies/) linked to outside is refused once', () => {
  const { folder, elsewhere } = setUp();
  rmSync(join(folder, 'policies'), { recursive: true });
  mkdirSync(join(elsewhere, 'policies/cookie-policy'), { recursive: true });
  cpSync(secretPolicy(elsewhere), join(elsewhere, 'policies/cookie-policy/index.en.md'));
  symlinkSync(join(elsewhere, 'policies'), join(folder, 'policies'));
  expect(problems(folder)).toEqual([`policies: (file): ${OUTSIDE('policies')}`]);
});

test('a YAML file read by name (company/index.fr.yaml, newsroom.yaml) linked to outside is refused', () => {
  const { folder, elsewhere } = setUp();
  cpSync(join(folder, 'company/index.fr.yaml'), join(elsewhere, 'fr.yaml'));
  rmSync(join(folder, 'company/index.fr.yaml'));
  symlinkSync(join(elsewhere, 'fr.yaml'), join(folder, 'company/index.fr.yaml'));
  expect(problems(folder)).toEqual([`company/index.fr.yaml: (file): ${OUTSIDE('company/index.fr.yaml')}`]);

  const other = setUp();
  cpSync(join(other.folder, 'newsroom.yaml'), join(other.elsewhere, 'newsroom.yaml'));
  rmSync(join(other.folder, 'newsroom.yaml'));
  symlinkSync(join(other.elsewhere, 'newsroom.yaml'), join(other.folder, 'newsroom.yaml'));
  expect(problems(other.folder)).toEqual([`newsroom.yaml: (file): ${OUTSIDE('newsroom.yaml')}`]);
});

test('media/ linked to a directory outside is refused once, and no media file is read through it', () => {
  const { folder, elsewhere } = setUp();
  cpSync(join(folder, 'media'), join(elsewhere, 'media'), { recursive: true });
  rmSync(join(folder, 'media'), { recursive: true });
  symlinkSync(join(elsewhere, 'media'), join(folder, 'media'));
  expect(problems(folder)).toEqual([`media: (file): ${OUTSIDE('media')}`]);
});

test('a dangling link is refused, not a crash: to a missing file inside, or to a missing place outside', () => {
  const { folder, elsewhere } = setUp();
  symlinkSync(join(folder, 'stories/story-01/gone.md'), join(folder, 'stories/story-01/index.fr.md'));
  symlinkSync(join(elsewhere, 'nothing-here'), join(folder, 'stories/ghost'));
  expect(problems(folder)).toEqual([
    'stories/ghost: (file): ' + OUTSIDE('stories/ghost'),
    'stories/story-01/index.fr.md: (file): is a symbolic link to nothing ("stories/story-01/index.fr.md" points at a missing file)',
  ]);
});

test('links that stay inside the folder keep working: a story folder, a policy page and a YAML file', () => {
  const { folder } = setUp();
  // A translation kept in a shared folder of the content, linked in where the import looks.
  mkdirSync(join(folder, 'shared'));
  cpSync(join(folder, 'policies/privacy-policy/index.fr.md'), join(folder, 'shared/privacy-fr.md'));
  rmSync(join(folder, 'policies/privacy-policy/index.fr.md'));
  symlinkSync(join(folder, 'shared/privacy-fr.md'), join(folder, 'policies/privacy-policy/index.fr.md'));
  symlinkSync('../galleries/launch.yaml', join(folder, 'shared/launch.yaml'));
  cpSync(join(folder, 'stories/story-02'), join(folder, 'shared/story-02'), { recursive: true });
  rmSync(join(folder, 'stories/story-02'), { recursive: true });
  symlinkSync(join(folder, 'shared/story-02'), join(folder, 'stories/story-02'));
  const result = load(folder);
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
  expect(result.bundle.policies.some((page) => page.kind === 'privacy-policy' && page.locale === 'fr')).toBe(true);
  expect(result.bundle.stories.some((story) => story.translation_group === 'story-02')).toBe(true);
});

test('the content folder itself may be reached through a link', () => {
  const { folder, elsewhere } = setUp();
  symlinkSync(folder, join(elsewhere, 'linked-content'));
  expect(problems(join(elsewhere, 'linked-content'))).toEqual([]);
});

test.each([
  ['a ../ path', '../elsewhere/notes.md'],
  ['an absolute path', '/etc/hostname'],
])('%s is outside the folder whatever is there', (_name, path) => {
  const { folder } = setUp();
  expect(openContentFolder(folder).resolve(path)).toEqual({ kind: 'refused', message: 'is outside the content folder (the import reads only files inside the folder)' });
});

test('the upload ledger linked to a file outside is refused, not read', () => {
  const { folder, elsewhere } = setUp();
  writeFileSync(join(elsewhere, 'ledger.json'), JSON.stringify({ abc: { uuid: 'someone-elses', path: 'x.jpg' } }));
  symlinkSync(join(elsewhere, 'ledger.json'), join(folder, 'media/.uploadcare.json'));
  expect(() => readUploadLedger(folder)).toThrow(`media/.uploadcare.json: ${OUTSIDE('media/.uploadcare.json')}`);
});
