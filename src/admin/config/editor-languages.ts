/**
 * The languages the editor offers, read from a content folder's newsroom.yaml with the import's
 * own schema: its languages as locales, its default (or the first) as the default locale; and its
 * time zone, for release times.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { SINGLE_FILES } from '#src/content/folder-layout';
import { NewsroomFileSchema } from '#src/content/schema';
import type { EditorLanguages } from './editor-config';

export function editorLanguagesOf(contentDir: string): EditorLanguages {
  const file = join(contentDir, SINGLE_FILES.newsroom);
  const parsed = NewsroomFileSchema.safeParse(parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  const { languages, timezone } = parsed.data;
  return {
    locales: languages.map((language) => language.code),
    defaultLocale: (languages.find((language) => language.is_default) ?? languages[0]!).code,
    timeZone: timezone,
  };
}
