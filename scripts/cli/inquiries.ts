/**
 * `npm run inquiries -- <command>`: journalists' inquiries to the press office
 * (docs/decisions/0054-the-inquiry-inbox.md), kept in the newsroom's D1 database (local, or the
 * deployed one with `--remote [--env NAME]`) for INQUIRY_RETENTION_DAYS, without a browser:
 *
 *   list      one line each, open first by deadline: status, deadline, received, from, subject
 *   export    every inquiry as CSV on standard output (the office's answers stay in the office view)
 *
 * The work is the press desk's (src/press-desk/inquiries.ts), which the office view runs too.
 */
import { inquiriesCsv, listInquiries } from '#src/press-desk/inquiries';
import { SqlInquiryReader } from '#src/platform/d1/inquiry-store';
import { fail, parseFlags, runAsProcess, type Cli, type CliContext } from './cli-context';
import { hasEnvironment, remoteDatabase } from './d1-database';

const USAGE = `Usage: npm run inquiries -- list
       npm run inquiries -- export > inquiries.csv
Each takes [--remote [--env NAME]] for the deployed newsroom, [--persist-to=DIR] for another local state.`;

const FLAGS = {
  remote: { type: 'boolean', default: false },
  env: { type: 'string' },
  'persist-to': { type: 'string' },
} as const;

async function inquiries(argv: readonly string[], context: CliContext): Promise<void> {
  const { values, positionals } = parseFlags(argv, FLAGS, USAGE);
  const [command, ...extra] = positionals;
  if (!command || !['list', 'export'].includes(command) || extra.length > 0) fail(USAGE);
  if (values.env !== undefined && !values.remote) fail(`--env names a deployed environment: it goes with --remote.\n${USAGE}`);
  if (values.env !== undefined && !hasEnvironment(values.env)) fail(`wrangler.toml has no [env.${values.env}].`);
  const db = values.remote ? remoteDatabase(values.env === undefined ? [] : ['--env', values.env], context.env, context.runWrangler) : await context.openLocalDatabase(values['persist-to']);
  try {
    if (!values.remote) await db.migrate();
    const found = await listInquiries(new SqlInquiryReader(db), 100_000);
    if (command === 'export') {
      context.out(inquiriesCsv(found).replace(/\r\n$/, ''));
      return;
    }
    if (found.length === 0) context.out('No inquiries.');
    for (const inquiry of found) {
      const received = new Date(inquiry.createdAt * 1000).toISOString().slice(0, 16).replace('T', ' ');
      context.out([inquiry.status, inquiry.deadline ?? '-', received, `${inquiry.name} <${inquiry.email}>`, inquiry.subject.replace(/\s+/g, ' '), inquiry.uuid].join('\t'));
    }
  } finally {
    await db.close();
  }
}

export const inquiriesCli: Cli = { main: inquiries, explain: (message) => `Inquiries failed: ${message}` };

runAsProcess(import.meta.url, inquiriesCli);
