/**
 * Reads the policy pages of a content folder: `policies/{privacy-policy|cookie-policy}/index.{locale}.md`
 * (folder-layout.ts),
 * a title (and optional date) in front matter, the policy in Markdown. Problems are collected
 * like every other file's, naming the file and the field.
 */
import { POLICY_KINDS, type PolicyKind, type PolicyPage } from '#src/domain/policy';
import { toEpochSeconds } from '#src/domain/story';
import { renderPlainMarkdown } from './markdown';
import type { FolderReader } from './folder-reader';
import { ENTRY_LAYOUTS, classifyEntryFileName, entryDirectory, entryExtension, SINGLE_FILES } from './folder-layout';
import { PolicyFrontMatterSchema, type ContentProblem } from './schema';

export function loadPolicies(reader: FolderReader, languageCodes: readonly string[], problems: ContentProblem[]): PolicyPage[] {
  const pages: PolicyPage[] = [];
  for (const kind of reader.directories(ENTRY_LAYOUTS.policies.folder)) {
    const directory = entryDirectory('policies', kind);
    if (!isPolicyKind(kind)) {
      problems.push({ file: directory, field: '(folder name)', message: `must be one of ${POLICY_KINDS.join(', ')}` });
      continue;
    }
    for (const name of reader.files(directory, entryExtension('policies'))) {
      const file = `${directory}/${name}`;
      const fileName = classifyEntryFileName('policies', name);
      if (fileName.kind !== 'language') {
        // Old-layout names never get here: the whole folder is refused first (src/content/old-layout.ts).
        problems.push({ file, field: '(file name)', message: `is not a policy language file: name it ${fileName.kind === 'unknown' ? fileName.expected : fileName.newName}` });
        continue;
      }
      const { locale } = fileName;
      if (!languageCodes.includes(locale)) {
        problems.push({ file, field: '(file name)', message: `language "${locale}" is not listed in ${SINGLE_FILES.newsroom}` });
        continue;
      }
      const markdown = reader.markdown(PolicyFrontMatterSchema, file);
      if (!markdown) continue;
      const { front, body } = markdown;
      if (!body.trim()) {
        problems.push({ file, field: '(body)', message: 'is empty: write the policy below the front matter' });
        continue;
      }
      pages.push({ kind, locale, title: front.title, body_html: renderPlainMarkdown(body).html, updated_at: front.updated_at ? toEpochSeconds(front.updated_at) : null });
    }
  }
  return pages;
}

function isPolicyKind(name: string): name is PolicyKind {
  return (POLICY_KINDS as readonly string[]).includes(name);
}
