/**
 * Finds the files of a content folder still in the layout before the editor (a story's language as
 * `stories/<key>/<locale>.md`, a policy's as `policies/<kind>/<locale>.md`, the company page's as
 * `company/<locale>.yaml`) and says where each now belongs (src/content/folder-layout.ts). The
 * import refuses such a folder with one message per file; scripts/cli/upgrade-content-folder.ts moves
 * them.
 */
import type { FolderReader } from './folder-reader';
import { ENTRY_LAYOUTS, UPGRADE_COMMAND, classifyEntryFileName, entryDirectory, entryExtension, type PerLocaleKind } from './folder-layout';
import type { ContentProblem } from './schema';

const PER_LOCALE_KINDS: readonly PerLocaleKind[] = ['stories', 'policies', 'company'];

export interface OldLayoutFile {
  /** Where the file is, relative to the content folder: `stories/alpha/en.md`. */
  readonly file: string;
  /** Where it belongs: `stories/alpha/index.en.md`. */
  readonly newFile: string;
}

/** Every file of the folder in the old layout, in folder order. */
export function findOldLayoutFiles(reader: Pick<FolderReader, 'files' | 'directories'>): OldLayoutFile[] {
  const found: OldLayoutFile[] = [];
  for (const kind of PER_LOCALE_KINDS) {
    const { folder, path } = ENTRY_LAYOUTS[kind];
    const directories = path.includes('{{slug}}') ? reader.directories(folder).map((key) => entryDirectory(kind, key)) : [entryDirectory(kind)];
    for (const directory of directories) {
      for (const name of reader.files(directory, entryExtension(kind))) {
        const classified = classifyEntryFileName(kind, name);
        if (classified.kind === 'old-layout') found.push({ file: `${directory}/${name}`, newFile: `${directory}/${classified.newName}` });
      }
    }
  }
  return found;
}

/** The import's message for each old-layout file: where it belongs and the command that moves them all. */
export function oldLayoutProblems(files: readonly OldLayoutFile[], dir: string): ContentProblem[] {
  const command = UPGRADE_COMMAND.replace('DIR', dir);
  return files.map(({ file, newFile }) => ({
    file,
    field: '(file name)',
    message: `is in the content folder's old layout: it belongs at ${newFile}. Run \`${command}\` to move every such file (docs/content-format.md)`,
  }));
}
