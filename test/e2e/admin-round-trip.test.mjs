// A story opened in the press team's editor and saved without changes is the same file, byte for
// byte, in every language: saved through the editor's own writer in a real browser, offline
// (test/e2e/editor-session.mjs). Together the stories hold every body directive, Arabic, French
// with a callout and a table, and the embargoed story; `npm run check-round-trip` does the same
// for every file of the demo.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, startServer } from './server.mjs';
import { entriesOf, firstDifference, openEditor, readFolder, saveUnchanged } from './editor-session.mjs';

const DEMO = join(import.meta.dirname, '../../content/demo');
const STORIES = [
  'annual-report-2025', // ::attachment, ::button, tables, Arabic
  'agrivoltaics-pilot-results', // ::image, French callout
  'h1-2026-results', // French callout and table
  'dogger-ridge-first-power', // ::contact, ::gallery, ::video
  'delta-h2-investment-decision', // ::embed
  'dogger-ridge-ii-investment-decision', // embargo
];

let server;
let browser;
before(async () => {
  // The worker only serves /admin/: the demo state npm test prepared once is enough.
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test('stories saved unchanged in the editor are the same files, byte for byte', async () => {
  const editor = await openEditor(browser, server.origin, DEMO);
  const entries = entriesOf(DEMO).filter((entry) => STORIES.some((slug) => entry.route === `stories/entries/${slug}/index`));
  assert.equal(entries.length, STORIES.length);
  for (const entry of entries) await saveUnchanged(editor, entry);
  const saved = await readFolder(editor);
  const files = entries.flatMap((entry) => entry.files);
  assert.ok(files.some((path) => path.endsWith('.ar.md')) && files.some((path) => path.endsWith('.fr.md')));
  for (const path of files) {
    const original = readFileSync(join(DEMO, path), 'utf8');
    assert.ok(saved[path] === original, `${path}: ${firstDifference(original, saved[path] ?? '')}`);
  }
  // A file the test did not save is untouched (the save wrote only its own entry).
  assert.equal(saved['stories/new-ceo-appointed/index.en.md'], readFileSync(join(DEMO, 'stories/new-ceo-appointed/index.en.md'), 'utf8'));
  await editor.context.close();
});
