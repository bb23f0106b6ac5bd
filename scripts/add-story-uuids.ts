/**
 * `npx tsx scripts/add-story-uuids.ts DIR`: writes `uuid:` into every story file of a content
 * folder that has none, once, when upgrading a folder from before story uuids were required
 * (docs/decisions/0037-states-and-story-identity.md). Each story gets the uuid earlier imports
 * derived from its folder and language, so it keeps its identity and its secret link. Files that
 * have a uuid are left byte for byte as they are; nothing else in a file changes.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { uuidFromHash } from '#src/content/media-files';

const dir = process.argv[2];
if (!dir || process.argv.length !== 3 || !existsSync(join(dir, 'stories'))) {
  console.error('Usage: npx tsx scripts/add-story-uuids.ts DIR (a content folder with a stories/ directory)');
  process.exit(1);
}

let written = 0;
for (const group of readdirSync(join(dir, 'stories'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort()) {
  for (const name of readdirSync(join(dir, 'stories', group)).filter((file) => file.endsWith('.md')).sort()) {
    const path = join(dir, 'stories', group, name);
    const text = readFileSync(path, 'utf8');
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
    if (!front || /^uuid:/m.test(front[1]!)) continue;
    const uuid = uuidFromHash(createHash('sha256').update(`story:${group}:${name.replace(/\.md$/, '')}`).digest('hex'));
    const newline = text.startsWith('---\r\n') ? '\r\n' : '\n';
    writeFileSync(path, text.replace(/^---\r?\n/, `---${newline}uuid: ${uuid}${newline}`));
    written++;
  }
}
console.log(`${written} story ${written === 1 ? 'file' : 'files'} given a uuid.`);
