/**
 * Readership without cookies (docs/decisions/0055-readership-at-the-edge.md): what one request
 * for a story counts, as a Workers Analytics Engine data point, and what the counts read back
 * become (the table the press office view and `npm run readership` show).
 *
 * A data point holds no cookie, no IP address and no User-Agent string: the story's slug (its
 * index: one slug is one language version of a story, so the language comes with it when
 * reading), the form asked for (page, `.md`, `.json`), the class of reader and the agent's name
 * (./reader-classes.ts), and for people the referring site's bare host name. Its time is the
 * point's own timestamp, set by Analytics Engine; the one double is the request (1).
 */
import type { Reader, ReaderClass } from './reader-classes';

/** The forms of a story a request can ask for. */
export type StoryForm = 'page' | 'md' | 'json';
export const STORY_FORMS: readonly StoryForm[] = ['page', 'md', 'json'];
export const READER_CLASSES: readonly ReaderClass[] = ['person', 'search-engine', 'ai-agent', 'feed-reader', 'other-bot'];

/** Analytics Engine keeps an index of at most 96 bytes; longer slugs are cut the same way when counted and when read. */
export const MAX_INDEX_BYTES = 96;

/** The shape `writeDataPoint` takes (Workers Analytics Engine). */
export interface ReadershipPoint {
  readonly indexes: [string];
  /** representation, class, agent ('' for none), referring domain ('' for none). */
  readonly blobs: [StoryForm, ReaderClass, string, string];
  readonly doubles: [1];
}

/** A slug as the points' index holds it: its first 96 bytes of UTF-8. */
export function storyIndexOf(slug: string): string {
  const bytes = new TextEncoder().encode(slug);
  if (bytes.length <= MAX_INDEX_BYTES) return slug;
  return new TextDecoder().decode(bytes.slice(0, MAX_INDEX_BYTES)).replace(/\uFFFD+$/, '');
}

/** The data point of one request for `slug` in `form` by `reader`; a referring domain is kept for people only. */
export function readershipPoint(slug: string, form: StoryForm, reader: Reader, referrer: string | null): ReadershipPoint {
  const domain = reader.class === 'person' && referrer ? referrer.slice(0, 253) : '';
  return { indexes: [storyIndexOf(slug)], blobs: [form, reader.class, (reader.agent ?? '').slice(0, 64), domain], doubles: [1] };
}

/** The slug and form a story route's request names: `/{slug}`, `/{slug}.md`, `/{slug}.json`. */
export function storyRequestOf(path: string, route: 'page' | 'md' | 'json', markdownNegotiated: boolean): { slug: string; form: StoryForm } | null {
  const segment = path.replace(/^\/+/, '');
  if (!segment || segment.includes('/')) return null;
  if (route === 'page') return { slug: segment, form: markdownNegotiated ? 'md' : 'page' };
  const suffix = route === 'md' ? '.md' : '.json';
  return segment.endsWith(suffix) && segment.length > suffix.length ? { slug: segment.slice(0, -suffix.length), form: route } : null;
}

/** One row of the read query: requests summed by day, story, form, class, agent and referrer. */
export interface ReadershipRow {
  /** The day, `YYYY-MM-DD` (UTC). */
  readonly day: string;
  readonly slug: string;
  readonly form: StoryForm;
  readonly class: ReaderClass;
  readonly agent: string | null;
  readonly referrer: string | null;
  readonly requests: number;
}

/** A language version of a story: its slug names it in the points. */
export interface StoryVersion {
  readonly slug: string;
  readonly locale: string;
  readonly title: string;
}

export type FormCounts = Readonly<Record<StoryForm, number>>;

/** What the office view and the CLI show for one story (all its languages) over `days` days. */
export interface ReadershipReport {
  readonly versions: readonly StoryVersion[];
  readonly days: number;
  readonly total: number;
  /** Every day of the window, oldest first, with its requests by form. */
  readonly perDay: readonly { readonly day: string; readonly total: number; readonly forms: FormCounts }[];
  readonly byLanguage: readonly { readonly locale: string; readonly slug: string; readonly forms: FormCounts }[];
  readonly byClass: readonly { readonly class: ReaderClass; readonly requests: number }[];
  /** Named agents, most requests first. */
  readonly byAgent: readonly { readonly agent: string; readonly class: ReaderClass; readonly requests: number }[];
  /** People's referring sites, most requests first. */
  readonly referrers: readonly { readonly domain: string; readonly requests: number }[];
}

const noForms = (): Record<StoryForm, number> => ({ page: 0, md: 0, json: 0 });
const byRequests = <T extends { requests: number }>(a: T & { key: string }, b: T & { key: string }) => b.requests - a.requests || a.key.localeCompare(b.key);

/** The `days` days up to and including `today` (`YYYY-MM-DD`, UTC). */
export function windowDays(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) => new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}

/** The report of the rows read for `versions`, over the `days` days ending `today`. */
export function readershipReport(versions: readonly StoryVersion[], rows: readonly ReadershipRow[], today: string, days: number): ReadershipReport {
  const localeOf = new Map(versions.map((version) => [storyIndexOf(version.slug), version]));
  const perDay = new Map(windowDays(today, days).map((day) => [day, noForms()]));
  const byLanguage = new Map(versions.map((version) => [version.slug, noForms()]));
  const byClass = new Map<ReaderClass, number>(READER_CLASSES.map((name) => [name, 0]));
  const byAgent = new Map<string, { agent: string; class: ReaderClass; requests: number }>();
  const referrers = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    const version = localeOf.get(row.slug);
    if (!version) continue;
    total += row.requests;
    const day = perDay.get(row.day);
    if (day) day[row.form] += row.requests;
    byLanguage.get(version.slug)![row.form] += row.requests;
    byClass.set(row.class, (byClass.get(row.class) ?? 0) + row.requests);
    if (row.agent) {
      const key = `${row.class}\u0000${row.agent}`;
      const entry = byAgent.get(key) ?? { agent: row.agent, class: row.class, requests: 0 };
      entry.requests += row.requests;
      byAgent.set(key, entry);
    }
    if (row.referrer && row.class === 'person') referrers.set(row.referrer, (referrers.get(row.referrer) ?? 0) + row.requests);
  }
  return {
    versions,
    days,
    total,
    perDay: [...perDay].map(([day, forms]) => ({ day, forms, total: forms.page + forms.md + forms.json })),
    byLanguage: versions.map((version) => ({ locale: version.locale, slug: version.slug, forms: byLanguage.get(version.slug)! })),
    byClass: READER_CLASSES.map((name) => ({ class: name, requests: byClass.get(name) ?? 0 })),
    byAgent: [...byAgent.values()].map((entry) => ({ ...entry, key: entry.agent })).sort(byRequests).map(({ key: _key, ...entry }) => entry),
    referrers: [...referrers].map(([domain, requests]) => ({ domain, requests, key: domain })).sort(byRequests).map(({ key: _key, ...entry }) => entry),
  };
}

/** Reads the summed rows for the slugs over the last `days` days (Analytics Engine's SQL API, or its local stand-in). */
export interface ReadershipReader {
  rows(slugs: readonly string[], days: number): Promise<ReadershipRow[]>;
}

/** The language versions of the story one of whose slugs is `slug`, or none (D1, when reading: never on a request). */
export interface StoryVersionLookup {
  versionsOf(slug: string): Promise<StoryVersion[]>;
}

/** What reading a story's readership needs: its versions (D1) and the counts (null: not configured, `problem` says why). */
export interface ReadershipStores {
  readonly stories: StoryVersionLookup;
  readonly reader: ReadershipReader | null;
  readonly problem?: string;
}
