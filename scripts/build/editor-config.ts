// `npm run editor-config [-- CONTENT_DIR]`: writes the editor's configuration
// (src/admin/editor-config.generated.json, served as /admin/config.yml) from the content schemas
// and the newsroom's languages (content/demo's newsroom.yaml by default). `npm test` regenerates
// it in memory and fails when the checked-in file differs (test/unit/admin/editor-config.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateEditorConfig } from '#src/admin/config/editor-config';
import { editorLanguagesOf } from '#src/admin/config/editor-languages';

const root = join(fileURLToPath(import.meta.url), '../../..');
export const EDITOR_CONFIG_FILE = join(root, 'src/admin/editor-config.generated.json');
export const DEFAULT_CONTENT_DIR = join(root, 'content/demo');

/** The file's text for a content folder's languages. */
export function editorConfigText(contentDir = DEFAULT_CONTENT_DIR): string {
  return `${JSON.stringify(generateEditorConfig(editorLanguagesOf(contentDir)), null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const text = editorConfigText(process.argv[2] ?? DEFAULT_CONTENT_DIR);
    const before = (() => {
      try {
        return readFileSync(EDITOR_CONFIG_FILE, 'utf8');
      } catch {
        return null;
      }
    })();
    if (before !== text) writeFileSync(EDITOR_CONFIG_FILE, text);
    console.log(`${EDITOR_CONFIG_FILE.slice(root.length + 1)} ${before === text ? 'is current' : 'written'}`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
