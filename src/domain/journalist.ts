/**
 * The press office's media list: journalists (name, address, outlet, language, time zone) in
 * named lists, to whom an embargoed release goes with a link of their own. Personal data: kept in
 * D1, never in the content folder (whose git history keeps everything for good), and a journalist
 * removed is deleted, not hidden (docs/decisions/0043-media-list-and-recipient-links.md).
 *
 * Here: what a journalist record may hold, checked field by field with a message per field, the
 * same for `npm run press -- add` and a CSV import.
 */
import { canonicalMailbox, parseEmailAddress } from './email-address';

export interface Journalist {
  /** The canonical mailbox (./email-address.ts): one record per mailbox, however it was typed. */
  readonly email: string;
  readonly name: string;
  /** The publication they write for; empty when not known. */
  readonly outlet: string;
  /** The language mails go in when the story has it (a supported locale code). */
  readonly language: string;
  /** An IANA time zone for the embargo time in mails; null: the newsroom's own. */
  readonly timeZone: string | null;
}

/** The fields as typed (a command line, a CSV row, a form): strings, some missing. */
export interface JournalistInput {
  readonly email?: string;
  readonly name?: string;
  readonly outlet?: string;
  readonly language?: string;
  readonly timeZone?: string;
}

export interface FieldProblem {
  readonly field: keyof JournalistInput;
  readonly message: string;
}

const MAX_NAME_LENGTH = 200;
const MAX_OUTLET_LENGTH = 200;
/** A list's name: what the office types after `--list`, so words, digits, dashes and spaces. */
const LIST_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} _.-]{0,79}$/u;

/** Is `zone` an IANA time zone this runtime knows (Intl's own list, aliases included)? */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const CONTROL = /\p{Cc}/u;

function text(value: string | undefined): string {
  return (value ?? '').trim();
}

/**
 * The record, or every problem with it at once. `languages`: the locale codes a journalist may
 * read in (the supported list); `defaultLanguage` fills an empty language.
 */
export function parseJournalist(input: JournalistInput, languages: readonly string[], defaultLanguage: string): { ok: true; journalist: Journalist } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const email = text(input.email);
  const address = email ? parseEmailAddress(email) : null;
  if (!email) problems.push({ field: 'email', message: 'This field is required' });
  else if (!address) problems.push({ field: 'email', message: 'Introduce a valid email address' });
  const name = text(input.name);
  if (!name) problems.push({ field: 'name', message: 'This field is required' });
  else if (name.length > MAX_NAME_LENGTH || CONTROL.test(name)) problems.push({ field: 'name', message: `at most ${MAX_NAME_LENGTH} characters, on one line` });
  const outlet = text(input.outlet);
  if (outlet.length > MAX_OUTLET_LENGTH || CONTROL.test(outlet)) problems.push({ field: 'outlet', message: `at most ${MAX_OUTLET_LENGTH} characters, on one line` });
  const language = text(input.language).toLowerCase() || defaultLanguage;
  if (!languages.includes(language)) problems.push({ field: 'language', message: `"${language}" is not a language code the newsroom knows (such as ${languages.slice(0, 3).join(', ')})` });
  const timeZone = text(input.timeZone);
  if (timeZone && !isTimeZone(timeZone)) problems.push({ field: 'timeZone', message: `"${timeZone}" is not a time zone (write one such as Europe/Paris or America/New_York)` });
  if (problems.length > 0 || !address) return { ok: false, problems };
  return { ok: true, journalist: { email: canonicalMailbox(address), name, outlet, language, timeZone: timeZone || null } };
}

/** A list's name as the office typed it, or null when it cannot be one. */
export function parseListName(value: string): string | null {
  const name = value.trim().replace(/\s+/g, ' ');
  return LIST_NAME_PATTERN.test(name) ? name : null;
}
