/**
 * The press office view's media list (/admin/press/journalists, docs/decisions/0044-press-office-view.md),
 * as plain functions over the stores (src/domain/press-office-ports.ts, press-desk-ports.ts): no
 * Hono context in them.
 *
 * - `loadMediaList`: every journalist (or one list's) with their lists, and every list.
 * - `saveJournalist`, `removeFromList` and `deleteJournalist`: a posted form read, handed to the
 *   press desk (src/press-desk/media-list.ts) that `npm run press -- add <email> --name … [--list
 *   …]`, `remove <email> --list LIST` and `remove <email>` run too, and its outcome made a notice.
 *
 * Each answers a notice of a kind and counts only: the page's address after a post holds nothing
 * personal (no address, no name, none of the values typed).
 */
import { canonicalMailbox, parseEmailAddress } from '#src/domain/email-address';
import { parseListName, type JournalistInput } from '#src/domain/journalist';
import type { JournalistRecord, MediaListSummary, PressDeskStore } from '#src/domain/press-desk-ports';
import type { PressOfficeStore } from '#src/domain/press-office-ports';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from '#src/i18n/locales';
import { deleteJournalist as deleteJournalistOf, removeFromList as removeFromListOf, saveJournalists } from '#src/press-desk/media-list';
import type { PostedForm } from './press-office-model';

/** The form's fields: the journalist's (as parseJournalist names them) and the lists to put them on. */
export type JournalistField = keyof JournalistInput | 'lists';
const JOURNALIST_FIELDS: readonly JournalistField[] = ['email', 'name', 'outlet', 'language', 'timeZone', 'lists'];

/** What is wrong with a field: left empty when it is required, or not a value it can hold. */
export interface FieldFault {
  readonly field: JournalistField;
  readonly reason: 'required' | 'invalid';
}

/** List names in the form's one field are separated like the CSV's `lists` column. */
export const LIST_SEPARATOR = ';';

export type MediaListNotice =
  | { readonly kind: 'added' | 'updated'; readonly lists: number }
  | { readonly kind: 'deleted'; readonly mails: number }
  | { readonly kind: 'taken-off' | 'unknown-journalist' | 'unknown-list' | 'not-on-list' | 'bad-request' }
  | { readonly kind: 'invalid'; readonly faults: readonly FieldFault[] };

export interface MediaListModel {
  readonly signedInAs: string | null;
  readonly notice: MediaListNotice | null;
  /** The list shown (the filter), or null for everyone. */
  readonly filter: string | null;
  /** The filter names no list: nobody is shown. */
  readonly unknownFilter: boolean;
  readonly journalists: readonly JournalistRecord[];
  readonly lists: readonly MediaListSummary[];
  /** The language codes a journalist may read in, and the one an empty choice means. */
  readonly languages: readonly string[];
  readonly defaultLanguage: string;
}

export async function loadMediaList(store: PressOfficeStore, input: { readonly signedInAs: string | null; readonly notice: MediaListNotice | null; readonly list: string | undefined }): Promise<MediaListModel> {
  const typed = input.list?.trim() ? input.list : undefined;
  const filter = typed === undefined ? null : parseListName(typed);
  const base = { signedInAs: input.signedInAs, notice: input.notice, languages: SUPPORTED_LOCALES, defaultLanguage: DEFAULT_LOCALE };
  if (typed !== undefined && filter === null) {
    const { lists } = await store.mediaList(null);
    return { ...base, filter: typed.slice(0, 80), unknownFilter: true, journalists: [], lists };
  }
  const { journalists, lists } = await store.mediaList(filter);
  return { ...base, filter, unknownFilter: filter !== null && !lists.some((list) => list.name === filter), journalists, lists };
}

const field = (form: PostedForm, name: string): string | undefined => (typeof form[name] === 'string' ? form[name] : undefined);

/** The mailbox a form names (canonical, as the media list keeps it), or null. */
function mailboxOf(form: PostedForm): string | null {
  const address = parseEmailAddress(field(form, 'email') ?? '');
  return address ? canonicalMailbox(address) : null;
}

/** `npm run press -- add`: the record as typed (every field of the form replaces the one kept), on the lists named. */
export async function saveJournalist(store: PressDeskStore, form: PostedForm, now: number): Promise<MediaListNotice> {
  const input: JournalistInput = { email: field(form, 'email'), name: field(form, 'name'), outlet: field(form, 'outlet'), language: field(form, 'language'), timeZone: field(form, 'timeZone') };
  const lists = (field(form, 'lists') ?? '')
    .split(LIST_SEPARATOR)
    .map((name) => name.trim())
    .filter(Boolean);
  const result = await saveJournalists(store, [{ input, lists }], now);
  if (result.ok) return { kind: result.saved[0]!.outcome, lists: result.saved[0]!.lists.length };
  const faults: FieldFault[] = result.problems.flatMap((problem) => (problem.kind === 'field' ? [{ field: problem.problem.field, reason: (input[problem.problem.field] ?? '').trim() === '' ? 'required' : 'invalid' } as const] : []));
  if (result.problems.some((problem) => problem.kind === 'list')) faults.push({ field: 'lists', reason: 'invalid' });
  return { kind: 'invalid', faults };
}

/** `npm run press -- remove <email> --list LIST`: off that list, on the others still. */
export async function removeFromList(store: PressDeskStore, form: PostedForm): Promise<MediaListNotice> {
  const email = mailboxOf(form);
  const list = parseListName(field(form, 'list') ?? '');
  if (!email || !list) return { kind: 'bad-request' };
  return { kind: (await removeFromListOf(store, email, list)).outcome };
}

/** `npm run press -- remove <email>`: the journalist deleted, not hidden, with their memberships, links and unsent press mail. */
export async function deleteJournalist(store: PressDeskStore, form: PostedForm): Promise<MediaListNotice> {
  const email = mailboxOf(form);
  if (!email) return { kind: 'bad-request' };
  const deleted = await deleteJournalistOf(store, email);
  return deleted ? { kind: 'deleted', mails: deleted.mails } : { kind: 'unknown-journalist' };
}

const PLAIN_NOTICES = ['taken-off', 'unknown-journalist', 'unknown-list', 'not-on-list', 'bad-request'] as const;
const MAX_COUNT = 10_000;

/** The sub-page's address after a post: a kind, counts, and for bad input the fields at fault (`email-invalid,name-required`). */
export function mediaListNoticeQuery(notice: MediaListNotice): string {
  switch (notice.kind) {
    case 'added':
    case 'updated':
      return `?notice=${notice.kind}&lists=${notice.lists}`;
    case 'deleted':
      return `?notice=deleted&mails=${notice.mails}`;
    case 'invalid':
      return `?notice=invalid&fields=${notice.faults.map((fault) => `${fault.field}-${fault.reason}`).join(',')}`;
    default:
      return `?notice=${notice.kind}`;
  }
}

function countOf(value: string | undefined): number | null {
  const count = Number(value);
  return value !== undefined && Number.isInteger(count) && count >= 0 && count <= MAX_COUNT ? count : null;
}

/** The notice a query names; anything unknown is no notice. */
export function mediaListNoticeFromQuery(query: { readonly notice?: string | undefined; readonly lists?: string | undefined; readonly mails?: string | undefined; readonly fields?: string | undefined }): MediaListNotice | null {
  const kind = query.notice;
  if (kind === 'added' || kind === 'updated') {
    const lists = countOf(query.lists);
    return lists === null ? null : { kind, lists };
  }
  if (kind === 'deleted') {
    const mails = countOf(query.mails);
    return mails === null ? null : { kind, mails };
  }
  if (kind === 'invalid') {
    const faults = (query.fields ?? '').split(',').flatMap((named): FieldFault[] => {
      const fault = JOURNALIST_FIELDS.flatMap((candidate) => (['required', 'invalid'] as const).map((reason) => ({ field: candidate, reason }))).find((candidate) => `${candidate.field}-${candidate.reason}` === named);
      return fault ? [fault] : [];
    });
    return faults.length > 0 ? { kind, faults } : null;
  }
  const plain = PLAIN_NOTICES.find((known) => known === kind);
  return plain ? { kind: plain } : null;
}
