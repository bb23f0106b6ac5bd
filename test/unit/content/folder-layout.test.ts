// The content folder's layout (src/content/folder-layout.ts): the paths the import reads and the
// editor writes, and what the import says about a folder still in the layout before the editor.
import { cpSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { classifyEntryFileName, entryDirectory, entryFile, localeFileTemplate } from '#src/content/folder-layout';
import { loadContentFolder } from '#src/content/load-folder';
import { createMediaAddressing } from '#src/content/media-addressing';
import { formatProblem } from '#src/content/schema';
import { BODY_MEDIA_ROOT } from '#src/domain/media/payload-addresses';

const fixture = join(import.meta.dirname, '../../fixtures/content/basic');
const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function copy(): string {
  const folder = mkdtempSync(join(tmpdir(), 'content-'));
  folders.push(folder);
  cpSync(fixture, folder, { recursive: true });
  return folder;
}
const problems = (folder: string) => {
  const result = loadContentFolder(folder, { addressing: createMediaAddressing(BODY_MEDIA_ROOT), now: 1_780_272_000 });
  return result.ok ? [] : result.problems.map(formatProblem);
};

test.each([
  ['stories', 'solar-park', 'fr', 'stories/solar-park/index.fr.md'],
  ['policies', 'cookie-policy', 'en', 'policies/cookie-policy/index.en.md'],
  ['company', '', 'ar', 'company/index.ar.yaml'],
  ['galleries', 'launch', undefined, 'galleries/launch.yaml'],
] as const)('the %s file of %j in %s is %s', (kind, key, locale, expected) => {
  expect(entryFile(kind, key, locale)).toBe(expected);
});

test('a per-language kind without a language is a programming error', () => {
  expect(() => entryFile('stories', 'solar-park')).toThrow('stories files are per language: name one');
});

test.each([
  ['stories', 'stories/{{slug}}/index.{{locale}}.md', 'stories/solar-park'],
  ['policies', 'policies/{{slug}}/index.{{locale}}.md', 'policies/cookie-policy'],
  ['company', 'company/index.{{locale}}.yaml', 'company'],
] as const)('the editor spells %s files %s, in the directory %s', (kind, template, directory) => {
  expect(localeFileTemplate(kind)).toBe(template);
  expect(entryDirectory(kind, kind === 'company' ? '' : directory.split('/')[1])).toBe(directory);
});

test.each([
  ['stories', 'index.fr.md', { kind: 'language', locale: 'fr' }],
  ['stories', 'index.pt-br.md', { kind: 'language', locale: 'pt-br' }],
  ['stories', 'fr.md', { kind: 'old-layout', locale: 'fr', newName: 'index.fr.md' }],
  ['company', 'en.yaml', { kind: 'old-layout', locale: 'en', newName: 'index.en.yaml' }],
  ['company', 'index.en.yaml', { kind: 'language', locale: 'en' }],
  ['stories', 'index.md', { kind: 'unknown', expected: 'index.<locale>.md' }],
  ['stories', 'index.fr.draft.md', { kind: 'unknown', expected: 'index.<locale>.md' }],
  ['stories', 'notes.en.md', { kind: 'unknown', expected: 'index.<locale>.md' }],
  ['policies', 'index.en.yaml', { kind: 'unknown', expected: 'index.<locale>.md' }],
] as const)('in a %s directory, %s is %j', (kind, name, expected) => {
  expect(classifyEntryFileName(kind, name)).toEqual(expected);
});

test('a folder in the old layout is refused with one message per old file, saying where it belongs and how to move them all', () => {
  const folder = copy();
  renameSync(join(folder, 'stories/story-03/index.fr.md'), join(folder, 'stories/story-03/fr.md'));
  renameSync(join(folder, 'policies/privacy-policy/index.en.md'), join(folder, 'policies/privacy-policy/en.md'));
  renameSync(join(folder, 'company/index.ar.yaml'), join(folder, 'company/ar.yaml'));
  const upgrade = `Run \`npm run upgrade-content -- ${folder}\` to move every such file (docs/content-format.md)`;
  expect(problems(folder)).toEqual([
    `stories/story-03/fr.md: (file name): is in the content folder's old layout: it belongs at stories/story-03/index.fr.md. ${upgrade}`,
    `policies/privacy-policy/en.md: (file name): is in the content folder's old layout: it belongs at policies/privacy-policy/index.en.md. ${upgrade}`,
    `company/ar.yaml: (file name): is in the content folder's old layout: it belongs at company/index.ar.yaml. ${upgrade}`,
  ]);
});

test.each([
  ['a story file not named index.<locale>.md', 'stories/story-01/notes.md', 'stories/story-01/notes.md: (file name): is not a story language file: name it index.<locale>.md'],
  ['a policy file not named index.<locale>.md', 'policies/privacy-policy/index.md', 'policies/privacy-policy/index.md: (file name): is not a policy language file: name it index.<locale>.md'],
  ['a company file not named index.<locale>.yaml', 'company/index.yaml', 'company/index.yaml: (file name): is not a company page: name it index.<locale>.yaml'],
  ['a story in a language the newsroom lacks', 'stories/story-01/index.de.md', 'stories/story-01/index.de.md: (file name): language "de" is not listed in newsroom.yaml'],
  ['a company page in a language the newsroom lacks', 'company/index.de.yaml', 'company/index.de.yaml: (file name): language "de" is not listed in newsroom.yaml'],
])('%s is refused, naming the file', (_, file, expected) => {
  const folder = copy();
  writeFileSync(join(folder, file), 'name: x\n');
  expect(problems(folder)[0]).toBe(expected);
});
