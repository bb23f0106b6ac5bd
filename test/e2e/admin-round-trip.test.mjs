// An entry opened in the press team's editor and saved without changes is the same file, byte for
// byte, in every language: saved through the editor's own writer in a real browser, offline
// (test/e2e/editor-session.mjs). Together the stories hold every body directive, Arabic, French
// with a callout and a table, and the embargoed story; the settings are one file of each YAML
// kind (newsroom.yaml, a gallery, the company pages in every language, categories, contacts).
// `npm run check-round-trip` does the same for every file of the demo.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, LOCAL_EDITOR_VARS, startServer } from './server.mjs';
import { contentFiles, entriesOf, firstDifference, openEditor, readFolder, saveUnchanged } from './editor-session.mjs';

const DEMO = join(import.meta.dirname, '../../content/demo');
const STORIES = [
  'annual-report-2025', // ::attachment, ::button, tables, Arabic
  'agrivoltaics-pilot-results', // ::image, French callout
  'h1-2026-results', // French callout and table
  'dogger-ridge-first-power', // ::contact, ::gallery, ::video
  'delta-h2-investment-decision', // ::embed
  'dogger-ridge-ii-investment-decision', // embargo
];
const YAML_ENTRIES = [
  'settings/entries/newsroom',
  'galleries/entries/dogger-ridge', // credits, licences, a video
  'company/entries/company', // company/index.<locale>.yaml, one file per language
  'settings/entries/categories',
  'settings/entries/contacts',
];

let server;
let browser;
before(async () => {
  // The worker only serves /admin/: the demo state npm test prepared once is enough.
  server = await startServer({ vars: LOCAL_EDITOR_VARS });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test('stories, a gallery and the settings saved unchanged in the editor are the same files, byte for byte', async () => {
  const editor = await openEditor(browser, server.origin, DEMO);
  const routes = [...STORIES.map((slug) => `stories/entries/${slug}/index`), ...YAML_ENTRIES];
  const entries = entriesOf(DEMO).filter((entry) => routes.includes(entry.route));
  assert.equal(entries.length, routes.length);
  for (const entry of entries) await saveUnchanged(editor, entry);
  const saved = await readFolder(editor);
  const files = entries.flatMap((entry) => entry.files);
  assert.ok(files.some((path) => path.endsWith('.ar.md')) && files.some((path) => path.endsWith('.fr.md')));
  assert.deepEqual(files.filter((path) => path.startsWith('company/')), ['company/index.ar.yaml', 'company/index.en.yaml', 'company/index.fr.yaml', 'company/index.nl.yaml']);
  for (const path of files) {
    const original = readFileSync(join(DEMO, path), 'utf8');
    assert.ok(saved[path] === original, `${path}: ${firstDifference(original, saved[path] ?? '')}`);
  }
  // The saves wrote no file of their own (a company page under a wrong name, say), and a file the
  // test did not save is untouched.
  assert.deepEqual(Object.keys(saved).sort(), contentFiles(DEMO));
  assert.equal(saved['stories/new-ceo-appointed/index.en.md'], readFileSync(join(DEMO, 'stories/new-ceo-appointed/index.en.md'), 'utf8'));
  await editor.context.close();
});
