/**
 * `npm run readership -- <slug> [--days N] [--remote [--env NAME]] [--persist-to=DIR]`
 *
 * Prints a story's readership (docs/decisions/0055-readership-at-the-edge.md), all its languages:
 * requests by language and form (page, .md, .json), by class of reader, by named agent, by
 * referring site and by day, over the last N days (30 by default). The story's languages come from
 * D1 (local, or the deployed one with `--remote`); the counts from Workers Analytics Engine's SQL
 * API: with `--remote`, CLOUDFLARE_ACCOUNT_ID and READERSHIP_API_TOKEN (or CLOUDFLARE_API_TOKEN)
 * from the environment; locally, the stand-in `npm start` runs (READERSHIP_STANDIN_URL, default
 * http://127.0.0.1:8799). The work is src/press-desk/readership.ts, which the office view runs too.
 */
import { readershipSettingsOf } from '#src/config/readership';
import { sqlReadershipReader } from '#src/platform/analytics/readership';
import { D1StoryVersions } from '#src/platform/d1/readership-stories';
import { readershipLines, storyReadership } from '#src/press-desk/readership';
import { fail, parseFlags, runAsProcess, type Cli, type CliContext } from './cli-context';
import { hasEnvironment, remoteDatabase } from './d1-database';

const USAGE = 'Usage: npm run readership -- <slug> [--days N] [--remote [--env NAME]] [--persist-to=DIR]';
const FLAGS = {
  days: { type: 'string' },
  remote: { type: 'boolean', default: false },
  env: { type: 'string' },
  'persist-to': { type: 'string' },
} as const;
/** Where `npm start` serves the stand-in (scripts/dev/serve-readership-standin.mjs). */
const LOCAL_STANDIN = 'http://127.0.0.1:8799';

async function readership(argv: readonly string[], context: CliContext): Promise<void> {
  const { values, positionals } = parseFlags(argv, FLAGS, USAGE);
  const slug = positionals[0];
  if (!slug || positionals.length !== 1) fail(USAGE);
  const days = values.days === undefined ? 30 : Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 90) fail(`--days takes a whole number of days, 1 to 90.\n${USAGE}`);
  if (values.env !== undefined && !values.remote) fail(`--env names a deployed environment: it goes with --remote.\n${USAGE}`);
  if (values.env !== undefined && !hasEnvironment(values.env)) fail(`wrangler.toml has no [env.${values.env}].`);
  const { env } = context;
  const settings = values.remote
    ? readershipSettingsOf({ READERSHIP_DATASET: env.READERSHIP_DATASET ?? (values.env === 'staging' ? 'newsroom_readership_staging' : undefined), CLOUDFLARE_ACCOUNT_ID: env.CLOUDFLARE_ACCOUNT_ID, READERSHIP_API_TOKEN: env.READERSHIP_API_TOKEN ?? env.CLOUDFLARE_API_TOKEN })
    : readershipSettingsOf({ READERSHIP_DATASET: env.READERSHIP_DATASET, READERSHIP_STANDIN_URL: env.READERSHIP_STANDIN_URL || LOCAL_STANDIN });
  const reader = sqlReadershipReader(settings);
  const db = values.remote ? remoteDatabase(values.env === undefined ? [] : ['--env', values.env], env, context.runWrangler) : await context.openLocalDatabase(values['persist-to']);
  try {
    if (!values.remote) await db.migrate();
    const answer = await storyReadership({ stories: new D1StoryVersions(db), reader, problem: settings.sql.url === null ? settings.sql.problem : undefined }, slug, { days });
    if (answer.kind === 'unknown-story') fail(`No story has the slug ${slug}.`);
    if (answer.kind === 'not-configured') fail(answer.problem);
    for (const line of readershipLines(answer.report)) context.out(line);
  } finally {
    await db.close();
  }
}

export const readershipCli: Cli = {
  main: readership,
  explain: (message) => `Readership failed: ${message}${/fetch failed|ECONNREFUSED/.test(message) ? ' (is `npm start` running? It serves the local counts)' : ''}`,
};

runAsProcess(import.meta.url, readershipCli);
