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
 *
 * The work is the press desk's (src/press-desk/media-list.ts), which the office view's media list
 * page runs too: this file reads the command line and the CSV file, and prints what it answers.
 */
import { readFileSync } from 'node:fs';
import { parse as parseCsv } from 'csv-parse/sync';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { parseEmailAddress, canonicalMailbox } from '#src/domain/email-address';
import { parseListName, type FieldProblem, type JournalistInput } from '#src/domain/journalist';
import type { JournalistRecord } from '#src/domain/press-desk-ports';
import { D1PressDesk } from '#src/platform/d1/press-desk';
import { deleteJournalist, deleteList, journalistsOn, removeFromList, saveJournalists, type EntryProblem, type JournalistEntry } from '#src/press-desk/media-list';
import { fail, parseFlags, runAsProcess, type Cli, type CliContext } from './cli-context';
import { hasEnvironment, remoteDatabase } from './d1-database';

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
 * The rows of a CSV file as journalists to save (a column the file does not have is left out, so
 * a known journalist keeps their value), each with its line; or what is wrong with the file itself.
 */
function readJournalistsCsv(text: string, file: string): { entries: (JournalistEntry & { line: number })[]; problem: string | null } {
  let records: string[][];
  try {
    records = parseCsv(text.replace(/^\uFEFF/, ''), { skip_empty_lines: true, trim: true }) as string[][];
  } catch (error) {
    return { entries: [], problem: `${file}: ${(error as Error).message}` };
  }
  const [header, ...rows] = records;
  if (!header) return { entries: [], problem: `${file}: the file is empty; its first line names the columns (${CSV_COLUMNS.join(',')})` };
  const columns = header.map((column) => column.toLowerCase());
  const unknown = columns.filter((column) => !(CSV_COLUMNS as readonly string[]).includes(column));
  const missing = (['email', 'name'] as const).filter((column) => !columns.includes(column));
  if (unknown.length > 0 || missing.length > 0) {
    return { entries: [], problem: `${file}:line 1: the columns are ${CSV_COLUMNS.join(', ')} (email and name required)${unknown.length ? `; unknown: ${unknown.join(', ')}` : ''}${missing.length ? `; missing: ${missing.join(', ')}` : ''}` };
  }
  const entries = rows.map((row, index) => {
    const cell = (column: (typeof CSV_COLUMNS)[number]) => (columns.includes(column) ? row[columns.indexOf(column)] : undefined);
    const input = { email: cell('email'), name: cell('name'), outlet: cell('outlet'), language: cell('language'), timeZone: cell('time_zone') };
    const lists = (cell('lists') ?? '').split(LIST_SEPARATOR).map((name) => name.trim()).filter(Boolean);
    return { input, lists, line: index + 2 };
  });
  return { entries, problem: null };
}

/** A problem of a CSV row, as `FILE:line N: field: message`. */
function describeRowProblem(problem: EntryProblem, file: string, lines: readonly number[]): string {
  const where = `${file}:line ${lines[problem.entry]}`;
  if (problem.kind === 'list') return `${where}: lists: "${problem.name}" cannot be a list's name`;
  if (problem.kind === 'repeated') return `${where}: email: ${problem.email} is on line ${lines[problem.earlier]} already`;
  return describe(problem.problem, where);
}

const noJournalist = (email: string) => `No journalist with the address ${email}. Nothing was changed.`;
const noList = (name: string) => `There is no list "${name}" (npm run press -- lists shows them).`;

function journalistLine(journalist: JournalistRecord): string {
  return [journalist.email, journalist.name, journalist.outlet, journalist.language, journalist.timeZone ?? '', journalist.lists.join(`${LIST_SEPARATOR} `)].join('\t');
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
    const desk = new D1PressDesk(db);
    if (command === 'add') {
      // A journalist known already keeps what this command does not give (their outlet, language…).
      const input = { email: argument, name: values.name, outlet: values.outlet, language: values.language, timeZone: values['time-zone'] };
      const result = await saveJournalists(desk, [{ input, lists }], now);
      // The lists were checked with the flags: what is left is the record's fields.
      if (!result.ok) fail(result.problems.flatMap((problem) => (problem.kind === 'field' ? [`${FIELD_FLAGS[problem.problem.field]}: ${problem.problem.message}`] : [])).join('\n'));
      const { journalist } = result.saved[0]!;
      context.out(`Saved ${journalist.name} <${journalist.email}>${lists.length ? ` on ${lists.join(', ')}` : ''}.`);
    } else if (command === 'import') {
      const { entries, problem } = readJournalistsCsv(text, argument!);
      const result = problem === null ? await saveJournalists(desk, entries.map((entry) => ({ input: entry.input, lists: [...entry.lists, ...lists] })), now) : null;
      const problems = result === null ? [problem!] : result.ok ? [] : result.problems.map((rowProblem) => describeRowProblem(rowProblem, argument!, entries.map((entry) => entry.line)));
      if (problems.length > 0) fail(`Import failed: ${problems.length} problem(s) in ${argument}\n\n${problems.map((line) => `  ${line}`).join('\n')}\n\nNothing was written.`);
      context.out(`Imported ${entries.length} journalist(s) from ${argument}${lists.length ? `, on ${lists.join(', ')}` : ''}.`);
    } else if (command === 'remove') {
      const email = mailbox(argument!);
      if (lists[0]) {
        const removal = await removeFromList(desk, email, lists[0]);
        if (removal.outcome === 'unknown-journalist') fail(noJournalist(email));
        if (removal.outcome === 'unknown-list') fail(noList(lists[0]));
        context.out(`Took ${removal.journalist.name} <${email}> off ${lists[0]}.`);
      } else {
        const deleted = await deleteJournalist(desk, email);
        if (!deleted) fail(noJournalist(email));
        context.out(`Deleted ${deleted.journalist.name} <${email}> and their list memberships.`);
      }
    } else if (command === 'delete-list') {
      const name = parseListName(argument!) ?? fail(`"${argument}" cannot be a list's name.`);
      if ((await deleteList(desk, name)) === 'unknown-list') fail(noList(name));
      context.out(`Deleted the list ${name}; its journalists stay.`);
    } else if (command === 'lists') {
      for (const list of await desk.mediaLists()) context.out(`${list.name}\t${list.members}`);
    } else {
      if (lists.length > 1) fail(`${command} takes one --list.\n${USAGE}`);
      const journalists = (await journalistsOn(desk, lists[0] ?? null)) ?? fail(noList(lists[0]!));
      if (command === 'list') for (const journalist of journalists) context.out(journalistLine(journalist));
      else context.out(stringifyCsv([[...CSV_COLUMNS], ...journalists.map((j) => [j.email, j.name, j.outlet, j.language, j.timeZone ?? '', j.lists.join(LIST_SEPARATOR)])]).trimEnd());
    }
  } finally {
    await db.close();
  }
}

export const pressCli: Cli = { main: press, explain: (message) => `press failed: ${message}` };

runAsProcess(import.meta.url, pressCli);
