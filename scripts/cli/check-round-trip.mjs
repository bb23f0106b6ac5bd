// `npm run check-round-trip [-- FOLDER] [--write]`: opens EVERY entry of a content folder (the demo
// by default: stories in every language, policies, galleries, settings, company pages, categories,
// contacts) in the press team's editor, in a real browser, offline, saves it unchanged (a
// character typed into a field and taken out again, each saved: test/e2e/editor-session.mjs), and compares each file the editor wrote with the original, byte for byte. Lists each
// file that differs with its first differing line; exits 1 when any does.
// With --write, the editor's files are written back into the folder instead: how a folder is
// brought to the editor's canonical form (docs/decisions/0039-the-press-teams-editor.md); run the
// import on it afterwards, and the check again, which then passes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEMO_CONTENT, root } from '../dev/local-newsroom.mjs';
import { launchBrowser, LOCAL_EDITOR_VARS, startServer } from '../../test/e2e/server.mjs';
import { entriesOf, firstDifference, openEditor, readFolder, saveUnchanged } from '../../test/e2e/editor-session.mjs';

const args = process.argv.slice(2);
const write = args.includes('--write');
const folder = resolve(root, args.find((arg) => !arg.startsWith('--')) ?? DEMO_CONTENT);

// The worker only serves /admin/ here: it holds the small fixture folder, the editor the real one.
const server = await startServer({ contentDir: join(root, 'test/fixtures/content/basic'), vars: LOCAL_EDITOR_VARS });
const browser = await launchBrowser();
let differing = 0;
try {
  const editor = await openEditor(browser, server.origin, folder);
  const entries = entriesOf(folder);
  const refused = [];
  for (const entry of entries) {
    await saveUnchanged(editor, entry).catch((error) => {
      refused.push(entry);
      console.log(`${entry.route}: ${error.message.split('\n')[0]}`);
    });
  }
  const saved = await readFolder(editor);
  const checked = entries.filter((entry) => !refused.includes(entry)).flatMap((entry) => entry.files);
  for (const path of checked) {
    const original = readFileSync(join(folder, path), 'utf8');
    const after = saved[path];
    if (after === original) continue;
    differing += 1;
    if (write && after !== undefined) writeFileSync(join(folder, path), after);
    else console.log(`${path}: ${after === undefined ? 'not written back' : firstDifference(original, after)}`);
  }
  if (editor.errors.length > 0) console.log(`errors on the editor's page:\n  ${editor.errors.join('\n  ')}`);
  console.log(`${entries.length} entries, ${refused.length} not saved; ${checked.length} files of the saved ones: ${checked.length - differing} the same${write ? `, ${differing} rewritten in the editor's form` : `, ${differing} different`}`);
  if (refused.length > 0) differing += refused.length;
} finally {
  await browser.close();
  await server.stop();
}
process.exit(differing > 0 && !write ? 1 : 0);
