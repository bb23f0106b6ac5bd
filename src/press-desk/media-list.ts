/**
 * The media list (docs/decisions/0043-media-list-and-recipient-links.md): what `npm run press --
 * add | import | remove | delete-list | list | export` and the office view's media list page
 * (/admin/press/journalists) do, as plain functions over the press desk's store
 * (src/domain/press-desk-ports.ts), with the rules of src/domain/journalist.ts.
 *
 * Saving adds a journalist or updates their record: a field not given (undefined) keeps the
 * record's value, a field given empty replaces it; lists named are only added to. A batch of
 * journalists (a CSV file) is saved whole or not at all.
 */
import { canonicalMailbox, parseEmailAddress } from '#src/domain/email-address';
import { parseJournalist, parseListName, type FieldProblem, type Journalist, type JournalistInput } from '#src/domain/journalist';
import type { JournalistRecord, PressDeskStore } from '#src/domain/press-desk-ports';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from '#src/i18n/locales';

/** A journalist as typed, and the names of the lists to put them on. */
export interface JournalistEntry {
  readonly input: JournalistInput;
  readonly lists: readonly string[];
}

/** What is wrong with one entry of a batch (`entry`: its index). */
export type EntryProblem =
  | { readonly entry: number; readonly kind: 'field'; readonly problem: FieldProblem }
  | { readonly entry: number; readonly kind: 'list'; readonly name: string }
  /** The same mailbox as an earlier entry. */
  | { readonly entry: number; readonly kind: 'repeated'; readonly email: string; readonly earlier: number };

export interface SavedJournalist {
  readonly journalist: Journalist;
  /** The lists they were put on, each named once. */
  readonly lists: readonly string[];
  readonly outcome: 'added' | 'updated';
}

export type JournalistsSave = { readonly ok: false; readonly problems: readonly EntryProblem[] } | { readonly ok: true; readonly saved: readonly SavedJournalist[] };

function mailboxOf(email: string | undefined): string | null {
  const address = email ? parseEmailAddress(email) : null;
  return address ? canonicalMailbox(address) : null;
}

/** The fields given, over a known journalist's values for those not given (never over ones given empty). */
function keepingKnown(input: JournalistInput, known: JournalistRecord | undefined): JournalistInput {
  if (!known) return input;
  return { email: input.email, name: input.name ?? known.name, outlet: input.outlet ?? known.outlet, language: input.language ?? known.language, timeZone: input.timeZone ?? known.timeZone ?? '' };
}

/** Adds or updates each journalist and puts them on their lists, all or none; every problem of every entry at once. */
export async function saveJournalists(store: PressDeskStore, entries: readonly JournalistEntry[], now: number): Promise<JournalistsSave> {
  const mailboxes = [...new Set(entries.map((entry) => mailboxOf(entry.input.email)).filter((email): email is string => email !== null))];
  const known = new Map((mailboxes.length > 0 ? await store.journalistsByEmail(mailboxes) : []).map((journalist) => [journalist.email, journalist]));
  const problems: EntryProblem[] = [];
  const saved: SavedJournalist[] = [];
  const firstEntryOf = new Map<string, number>();
  entries.forEach((entry, index) => {
    const badList = entry.lists.find((name) => parseListName(name) === null);
    if (badList !== undefined) problems.push({ entry: index, kind: 'list', name: badList });
    const parsed = parseJournalist(keepingKnown(entry.input, known.get(mailboxOf(entry.input.email) ?? '')), SUPPORTED_LOCALES, DEFAULT_LOCALE);
    if (!parsed.ok) {
      problems.push(...parsed.problems.map((problem) => ({ entry: index, kind: 'field' as const, problem })));
      return;
    }
    const { email } = parsed.journalist;
    const earlier = firstEntryOf.get(email);
    if (earlier !== undefined) problems.push({ entry: index, kind: 'repeated', email, earlier });
    firstEntryOf.set(email, index);
    const lists = [...new Set(entry.lists.map((name) => parseListName(name)).filter((name): name is string => name !== null))];
    saved.push({ journalist: parsed.journalist, lists, outcome: known.has(email) ? 'updated' : 'added' });
  });
  if (problems.length > 0) return { ok: false, problems };
  await store.saveJournalists(saved, now);
  return { ok: true, saved };
}

export type ListRemoval = { readonly outcome: 'unknown-journalist' } | { readonly outcome: 'unknown-list' } | { readonly outcome: 'taken-off' | 'not-on-list'; readonly journalist: JournalistRecord };

/** The journalist off one list, on their others still. */
export async function removeFromList(store: PressDeskStore, email: string, list: string): Promise<ListRemoval> {
  const [journalist] = await store.journalistsByEmail([email]);
  if (!journalist) return { outcome: 'unknown-journalist' };
  if (!(await store.mediaLists()).some((known) => known.name === list)) return { outcome: 'unknown-list' };
  if (!journalist.lists.includes(list)) return { outcome: 'not-on-list', journalist };
  await store.removeFromList(email, list);
  return { outcome: 'taken-off', journalist };
}

/** The journalist deleted, not hidden: memberships, links with their openings, press mail not sent yet (counted). Null when there is no such journalist. */
export async function deleteJournalist(store: PressDeskStore, email: string): Promise<{ readonly journalist: JournalistRecord; readonly mails: number } | null> {
  const [journalist] = await store.journalistsByEmail([email]);
  if (!journalist) return null;
  const mails = await store.unsentPressMail(email);
  await store.deleteJournalist(email);
  return { journalist, mails };
}

/** A list deleted; its journalists stay. */
export async function deleteList(store: PressDeskStore, name: string): Promise<'deleted' | 'unknown-list'> {
  if (!(await store.mediaLists()).some((list) => list.name === name)) return 'unknown-list';
  await store.deleteList(name);
  return 'deleted';
}

/** Every journalist, or one list's; null when that list does not exist. */
export async function journalistsOn(store: PressDeskStore, list: string | null): Promise<JournalistRecord[] | null> {
  if (list !== null && !(await store.mediaLists()).some((known) => known.name === list)) return null;
  return store.journalists(list);
}
