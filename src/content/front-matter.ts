/**
 * A Markdown file of the content folder (a story, a policy): its YAML front matter checked
 * against its schema, and its body. Problems are recorded as `file: field: message`; null then.
 * The file is read by ./folder-reader.ts, confined to the folder.
 */
import matter from 'gray-matter';
import YAML from 'yaml';
import { check, type ContentProblem } from './schema';

export function parseMarkdown<T>(text: string, file: string, schema: Parameters<typeof check<T>>[0], problems: ContentProblem[]): { front: T; body: string } | null {
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(text, { engines: { yaml: (source: string) => YAML.parse(source) as object } });
  } catch (error) {
    problems.push({ file, field: 'front matter', message: `not valid YAML: ${(error as Error).message.split('\n')[0]}` });
    return null;
  }
  const front = check(schema, parsed.data, file, problems);
  return front ? { front, body: parsed.content } : null;
}
