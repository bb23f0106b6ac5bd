/**
 * A story's readership (docs/decisions/0055-readership-at-the-edge.md): its language versions
 * from D1, their counted requests from Analytics Engine (or its local stand-in), summed into the
 * report the office view draws and `npm run readership` prints. Read by the press office only;
 * nothing here runs on a visitor's request.
 */
import { readershipReport, type ReadershipReport, type ReadershipStores } from '#src/domain/readership';
import { MAX_READERSHIP_DAYS } from '#src/domain/readership-query';

export const DEFAULT_READERSHIP_DAYS = 30;

export type ReadershipAnswer =
  | { readonly kind: 'report'; readonly report: ReadershipReport }
  | { readonly kind: 'unknown-story'; readonly slug: string }
  | { readonly kind: 'not-configured'; readonly problem: string };

/** The report for the story `slug` names (any of its languages) over the `days` days up to `now` (ms). */
export async function storyReadership(stores: ReadershipStores, slug: string, { days = DEFAULT_READERSHIP_DAYS, now = Date.now() }: { days?: number; now?: number } = {}): Promise<ReadershipAnswer> {
  const window = Math.min(MAX_READERSHIP_DAYS, Math.max(1, Math.floor(days)));
  const versions = await stores.stories.versionsOf(slug);
  if (versions.length === 0) return { kind: 'unknown-story', slug };
  if (!stores.reader) return { kind: 'not-configured', problem: stores.problem ?? 'The readership counts cannot be read here.' };
  const rows = await stores.reader.rows(versions.map((version) => version.slug), window);
  return { kind: 'report', report: readershipReport(versions, rows, new Date(now).toISOString().slice(0, 10), window) };
}

const CLASS_NAMES: Readonly<Record<string, string>> = { person: 'people', 'search-engine': 'search engines', 'ai-agent': 'AI agents', 'feed-reader': 'feed readers', 'other-bot': 'other bots' };
const cells = (widths: readonly number[], values: readonly (string | number)[]) => values.map((value, index) => (index === 0 ? String(value).padEnd(widths[index] ?? 0) : String(value).padStart(widths[index] ?? 0))).join('  ').trimEnd();

/** The report as the lines `npm run readership` prints: by language and form, by class, by agent, by referring site, by day. */
export function readershipLines(report: ReadershipReport): string[] {
  const lines = [`${report.versions[0]?.title ?? ''}: ${report.total} requests in the last ${report.days} days`, '', 'By language and form'];
  const languages = report.byLanguage.map((row) => `${row.locale} /${row.slug}`);
  const width = Math.max(8, ...languages.map((label) => label.length));
  lines.push(cells([width, 6, 6, 6], ['language', 'page', '.md', '.json']));
  report.byLanguage.forEach((row, index) => lines.push(cells([width, 6, 6, 6], [languages[index]!, row.forms.page, row.forms.md, row.forms.json])));
  lines.push('', 'By class');
  for (const row of report.byClass) lines.push(cells([16, 6], [CLASS_NAMES[row.class] ?? row.class, row.requests]));
  lines.push('', 'By agent');
  if (report.byAgent.length === 0) lines.push('(none named)');
  for (const row of report.byAgent) lines.push(cells([24, 6], [`${row.agent} (${CLASS_NAMES[row.class] ?? row.class})`, row.requests]));
  lines.push('', 'Referring sites (people)');
  if (report.referrers.length === 0) lines.push('(none)');
  for (const row of report.referrers) lines.push(cells([24, 6], [row.domain, row.requests]));
  lines.push('', 'By day');
  for (const day of report.perDay.filter((entry) => entry.total > 0)) lines.push(cells([10, 6], [day.day, day.total]));
  return lines;
}
