/**
 * `npm run press -- <command>`: the press office's media list, kept in the newsroom's D1 database
 * (local, or the deployed one with `--remote [--env NAME]`), never in the content folder.
 *
 *   add <email> --name NAME [--outlet OUTLET] [--language CODE] [--time-zone ZONE] [--list LIST]…
 *                                 add a journalist, or update their record; put them on lists
 *   remove <email>                delete the journalist and every trace of them on lists
 *   remove <email> --list LIST    take them off one list only
 *   list [--list LIST]            the journalists (all, or one list's): one line each, tab-separated
 *   lists                         the lists, with how many journalists each holds
 *   import FILE.csv [--list LIST] add or update every row of a CSV file (columns below), all or none
 *   export [--list LIST]          the journalists as CSV on standard output, the columns import reads
 *   delete-list LIST              delete a list; its journalists stay
 *
 * CSV columns (a header row first; only `email` and `name` are required): email, name, outlet,
 * language, time_zone, lists (list names separated by `;`). A file with any wrong row writes
 * nothing and names each problem as `FILE:line N: field: message`.
 */
import { readFileSync } from 'node:fs';
import { parse as parseCsv } from 'csv-parse/sync';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { parseEmailAddress, canonicalMailbox } from '#src/domain/email-address';
import { parseJournalist, parseListName, type FieldProblem, type Journalist, type JournalistInput } from '#src/domain/journalist';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from '#src/i18n/locales';
import {
  addToListStatement,
  deleteJournalistStatements,
  deleteListStatements,
  ensureListStatement,
  journalistQuery,
  journalistsQuery,
  MEDIA_LISTS_QUERY,
  mediaListQuery,
  removeFromListStatement,
  upsertJournalistStatement,
  type JournalistRow,
  type MediaListRow,
} from '#src/platform/d1/media-list';
import type { SqlStatement } from '#src/platform/d1/sql-statement';
import { fail, parseFlags, runAsProcess, type Cli, type CliContext } from './cli-context';
import { hasEnvironment, remoteDatabase, type Database } from './d1-database';

const USAGE = `Usage: npm run press -- add <email> --name NAME [--outlet OUTLET] [--language CODE] [--time-zone ZONE] [--list LIST]…
       npm run press -- remove <email> [--list LIST]
       npm run press -- list [--list LIST]
       npm run press -- lists
       npm run press -- import FILE.csv [--list LIST]
       npm run press -- export [--list LIST]
       npm run press -- delete-list LIST
Each takes [--remote [--env NAME]] for the deployed newsroom, [--persist-to=DIR] for another local state.`;

/** The columns of the CSV files `import` reads and `export` writes, in this order. */
const CSV_COLUMNS = ['email', 'name', 'outlet', 'language', 'time_zone', 'lists'] as const;
const LIST_SEPARATOR = ';';

const FLAGS = {
  name: { type: 'string' },
  outlet: { type: 'string' },
  language: { type: 'string' },
  'time-zone': { type: 'string' },
  list: { type: 'string', multiple: true },
  remote: { type: 'boolean', default: false },
  env: { type: 'string' },
  'persist-to': { type: 'string' },
} as const;

type Values = ReturnType<typeof parseFlags<typeof FLAGS>>['values'];

const FIELD_FLAGS: Record<keyof JournalistInput, string> = { email: 'email', name: '--name', outlet: '--outlet', language: '--language', timeZone: '--time-zone' };

function listNames(values: readonly string[] | undefined): string[] {
  return (values ?? []).map((value) => parseListName(value) ?? fail(`"${value}" cannot be a list's name: letters, digits, spaces, dots, dashes and underscores, at most 80.`));
}

function mailbox(value: string): string {
  const address = parseEmailAddress(value);
  if (!address) fail(`"${value}": Introduce a valid email address`);
  return canonicalMailbox(address);
}

/** Only the flags a command takes: a flag it would ignore is refused, so nothing is silently lost. */
function allowOnly(command: string, values: Values, allowed: readonly (keyof Values)[]): void {
  const given = (Object.keys(values) as (keyof Values)[]).filter((flag) => values[flag] !== undefined && !['remote', 'env', 'persist-to'].includes(flag) && !allowed.includes(flag));
  if (given.length > 0) fail(`${command} does not take --${given[0]}.\n${USAGE}`);
}

function describe(problem: FieldProblem, where: string): string {
  return `${where}: ${FIELD_FLAGS[problem.field].replace(/^--/, '')}: ${problem.message}`;
}

/**
 * The journalists of a CSV file, or every problem with it (each naming its line). A column the
 * file does not have keeps a known journalist's value (`known`, by mailbox).
 */
function readJournalistsCsv(text: string, file: string, known: ReadonlyMap<string, JournalistRow>): { journalists: { journalist: Journalist; lists: string[] }[]; problems: string[] } {
  let records: string[][];
  try {
    records = parseCsv(text.replace(/^\uFEFF/, ''), { skip_empty_lines: true, trim: true }) as string[][];
  } catch (error) {
    return { journalists: [], problems: [`${file}: ${(error as Error).message}`] };
  }
  const [header, ...rows] = records;
  if (!header) return { journalists: [], problems: [`${file}: the file is empty; its first line names the columns (${CSV_COLUMNS.join(',')})`] };
  const columns = header.map((column) => column.toLowerCase());
  const unknown = columns.filter((column) => !(CSV_COLUMNS as readonly string[]).includes(column));
  const missing = (['email', 'name'] as const).filter((column) => !columns.includes(column));
  if (unknown.length > 0 || missing.length > 0) {
    return { journalists: [], problems: [`${file}:line 1: the columns are ${CSV_COLUMNS.join(', ')} (email and name required)${unknown.length ? `; unknown: ${unknown.join(', ')}` : ''}${missing.length ? `; missing: ${missing.join(', ')}` : ''}`] };
  }
  const problems: string[] = [];
  const journalists: { journalist: Journalist; lists: string[] }[] = [];
  const lineOf = new Map<string, number>();
  rows.forEach((row, index) => {
    const line = index + 2;
    const cell = (column: (typeof CSV_COLUMNS)[number]) => (columns.includes(column) ? row[columns.indexOf(column)] : undefined);
    const where = `${file}:line ${line}`;
    const input = { email: cell('email'), name: cell('name'), outlet: cell('outlet'), language: cell('language'), timeZone: cell('time_zone') };
    const parsed = parseJournalist(keepingKnown(input, known), SUPPORTED_LOCALES, DEFAULT_LOCALE);
    const lists = (cell('lists') ?? '').split(LIST_SEPARATOR).map((name) => name.trim()).filter(Boolean);
    const badList = lists.find((name) => parseListName(name) === null);
    if (badList !== undefined) problems.push(`${where}: lists: "${badList}" cannot be a list's name`);
    if (!parsed.ok) {
      problems.push(...parsed.problems.map((problem) => describe(problem, where)));
      return;
    }
    const earlier = lineOf.get(parsed.journalist.email);
    if (earlier !== undefined) problems.push(`${where}: email: ${parsed.journalist.email} is on line ${earlier} already`);
    lineOf.set(parsed.journalist.email, line);
    journalists.push({ journalist: parsed.journalist, lists: lists.map((name) => parseListName(name)!) });
  });
  return { journalists, problems };
}

/** The fields given, over a known journalist's values for those not given (never over ones given empty). */
function keepingKnown(input: JournalistInput, known: ReadonlyMap<string, JournalistRow>): JournalistInput {
  const address = input.email ? parseEmailAddress(input.email) : null;
  const row = address ? known.get(canonicalMailbox(address)) : undefined;
  if (!row) return input;
  return { email: input.email, name: input.name ?? row.name, outlet: input.outlet ?? row.outlet, language: input.language ?? row.language, timeZone: input.timeZone ?? row.time_zone ?? '' };
}

async function knownJournalists(db: Database): Promise<Map<string, JournalistRow>> {
  return new Map((await db.query<JournalistRow>(journalistsQuery(null))).map((row) => [row.email, row]));
}

function membershipStatements(email: string, lists: readonly string[], now: number): SqlStatement[] {
  return lists.flatMap((list) => [ensureListStatement(list, now), addToListStatement(email, list, now)]);
}

async function requireList(db: Database, name: string): Promise<void> {
  if ((await db.query(mediaListQuery(name))).length === 0) fail(`There is no list "${name}" (npm run press -- lists shows them).`);
}

function journalistLine(row: JournalistRow): string {
  const lists = (JSON.parse(row.lists) as string[]).join(`${LIST_SEPARATOR} `);
  return [row.email, row.name, row.outlet, row.language, row.time_zone ?? '', lists].join('\t');
}

async function press(argv: readonly string[], context: CliContext): Promise<void> {
  const { values, positionals } = parseFlags(argv, FLAGS, USAGE);
  const [command, argument, ...extra] = positionals;
  if (!command) fail(USAGE);
  if (values.env !== undefined && !values.remote) fail(`--env names a deployed environment: it goes with --remote.\n${USAGE}`);
  if (values.env !== undefined && !hasEnvironment(values.env)) fail(`wrangler.toml has no [env.${values.env}].`);
  const takesArgument = ['add', 'remove', 'import', 'delete-list'].includes(command);
  if (!['add', 'remove', 'list', 'lists', 'import', 'export', 'delete-list'].includes(command)) fail(`Unknown command "${command}".\n${USAGE}`);
  if (extra.length > 0 || (takesArgument ? argument === undefined : argument !== undefined)) fail(USAGE);
  const lists = listNames(values.list);
  const now = Math.floor(Date.now() / 1000);

  // What can be checked without the database is checked before it is opened.
  let text = '';
  if (command === 'add') allowOnly(command, values, ['name', 'outlet', 'language', 'time-zone', 'list']);
  else if (command === 'import') {
    allowOnly(command, values, ['list']);
    try {
      text = readFileSync(argument!, 'utf8');
    } catch {
      fail(`Cannot read ${argument}.`);
    }
  } else if (command === 'remove' || command === 'list' || command === 'export') {
    allowOnly(command, values, ['list']);
    if (command === 'remove' && lists.length > 1) fail(`remove takes one --list at a time.\n${USAGE}`);
  } else {
    allowOnly(command, values, []);
  }

  const db = values.remote ? remoteDatabase(values.env === undefined ? [] : ['--env', values.env], context.env, context.runWrangler) : await context.openLocalDatabase(values['persist-to']);
  try {
    // A local database is brought up to date; a deployed one is the deploy's (npm run deploy migrates it).
    if (!values.remote) await db.migrate();
    if (command === 'add') {
      // A journalist known already keeps what this command does not give (their outlet, language…).
      const input = { email: argument, name: values.name, outlet: values.outlet, language: values.language, timeZone: values['time-zone'] };
      const parsed = parseJournalist(keepingKnown(input, await knownJournalists(db)), SUPPORTED_LOCALES, DEFAULT_LOCALE);
      if (!parsed.ok) fail(parsed.problems.map((problem) => `${FIELD_FLAGS[problem.field]}: ${problem.message}`).join('\n'));
      await db.write([upsertJournalistStatement(parsed.journalist, now), ...membershipStatements(parsed.journalist.email, lists, now)]);
      context.out(`Saved ${parsed.journalist.name} <${parsed.journalist.email}>${lists.length ? ` on ${lists.join(', ')}` : ''}.`);
    } else if (command === 'import') {
      const { journalists, problems } = readJournalistsCsv(text, argument!, await knownJournalists(db));
      if (problems.length > 0) fail(`Import failed: ${problems.length} problem(s) in ${argument}\n\n${problems.map((problem) => `  ${problem}`).join('\n')}\n\nNothing was written.`);
      await db.write(journalists.flatMap(({ journalist, lists: own }) => [upsertJournalistStatement(journalist, now), ...membershipStatements(journalist.email, [...new Set([...own, ...lists])], now)]));
      context.out(`Imported ${journalists.length} journalist(s) from ${argument}${lists.length ? `, on ${lists.join(', ')}` : ''}.`);
    } else if (command === 'remove') {
      const email = mailbox(argument!);
      const [journalist] = await db.query<{ name: string }>(journalistQuery(email));
      if (!journalist) fail(`No journalist with the address ${email}. Nothing was changed.`);
      if (lists[0]) {
        await requireList(db, lists[0]);
        await db.write([removeFromListStatement(email, lists[0])]);
        context.out(`Took ${journalist.name} <${email}> off ${lists[0]}.`);
      } else {
        await db.write(deleteJournalistStatements(email));
        context.out(`Deleted ${journalist.name} <${email}> and their list memberships.`);
      }
    } else if (command === 'delete-list') {
      const name = parseListName(argument!) ?? fail(`"${argument}" cannot be a list's name.`);
      await requireList(db, name);
      await db.write(deleteListStatements(name));
      context.out(`Deleted the list ${name}; its journalists stay.`);
    } else if (command === 'lists') {
      for (const row of await db.query<MediaListRow>(MEDIA_LISTS_QUERY)) context.out(`${row.name}\t${row.members}`);
    } else {
      if (lists.length > 1) fail(`${command} takes one --list.\n${USAGE}`);
      if (lists[0]) await requireList(db, lists[0]);
      const rows = await db.query<JournalistRow>(journalistsQuery(lists[0] ?? null));
      if (command === 'list') for (const row of rows) context.out(journalistLine(row));
      else context.out(stringifyCsv([[...CSV_COLUMNS], ...rows.map((row) => [row.email, row.name, row.outlet, row.language, row.time_zone ?? '', (JSON.parse(row.lists) as string[]).join(LIST_SEPARATOR)])]).trimEnd());
    }
  } finally {
    await db.close();
  }
}

export const pressCli: Cli = { main: press, explain: (message) => `press failed: ${message}` };

runAsProcess(import.meta.url, pressCli);
