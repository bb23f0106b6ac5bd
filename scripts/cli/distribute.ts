/**
 * `npm run distribute -- <slug> --list <name> [--remote [--env NAME]] [--origin=URL] [--persist-to=DIR]`
 *
 * Mails a non-public story (under embargo, or not for publication) to every journalist of a
 * media list, each with their own link (src/press-desk/distribute.ts, which the office view calls
 * too): one mail each, in the journalist's language when the story has it, written to the
 * outbox, from which the deployed newsroom's email API sends it within a minute (locally,
 * `npm start` shows it at /_dev/outbox). Running it again mails nobody twice. Prints a line per
 * journalist: address, language, what happened (`mailed`, `already mailed`, `revoked: not
 * mailed`) and their link. `--origin` builds the links on another address than the newsroom's
 * `url` (http://localhost:8787 under `npm start`); with `--remote`, the environment's `SITE_URL`
 * in wrangler.toml when it sets one.
 *
 * A wrong story or list changes nothing.
 */
import { join } from 'node:path';
import type { DistributionRefusal } from '#src/domain/distribution';
import { parseListName } from '#src/domain/journalist';
import { D1PressDesk } from '#src/platform/d1/press-desk';
import { distributeStory, type DistributionRecipient } from '#src/press-desk/distribute';
import { fail, parseFlags, runAsProcess, type Cli, type CliContext } from './cli-context';
import { hasEnvironment, remoteDatabase, root } from './d1-database';

const USAGE = 'Usage: npm run distribute -- <slug> --list <name> [--remote [--env NAME]] [--origin=URL] [--persist-to=DIR]';

const FLAGS = {
  list: { type: 'string' },
  remote: { type: 'boolean', default: false },
  env: { type: 'string' },
  origin: { type: 'string' },
  'persist-to': { type: 'string' },
} as const;

function explainRefusal(refusal: DistributionRefusal, slug: string, list: string): string {
  const messages: Record<DistributionRefusal, string> = {
    'no-newsroom': 'the newsroom has not been imported yet (npm run import -- DIR).',
    'unknown-story': `no story with the slug "${slug}".`,
    'story-public': `"${slug}" is public already: there is no embargo to send it under (its address is public).`,
    'not-released': `"${slug}" is a draft or scheduled story: only an embargoed (status: embargo) or private story is sent to journalists.`,
    'unknown-list': `there is no list "${list}" (npm run press -- lists shows them).`,
    'empty-list': `the list "${list}" has no journalists (npm run press -- add <email> --name NAME --list "${list}").`,
  };
  return `${messages[refusal]} Nothing was changed.`;
}

/** An http(s) address as its origin (links are built at its root), or null. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

const OUTCOMES: Record<DistributionRecipient['outcome'], string> = { mailed: 'mailed', 'already-mailed': 'already mailed', revoked: 'revoked: not mailed' };

/** The deployed environment's SITE_URL in wrangler.toml (its mails' links), or null when it sets none. */
async function deployedSiteUrl(env: string | undefined): Promise<string | null> {
  const { unstable_readConfig } = await import('wrangler');
  const value = unstable_readConfig({ config: join(root, 'wrangler.toml'), env }).vars.SITE_URL;
  return typeof value === 'string' && value !== '' ? originOf(value) : null;
}

async function distribute(argv: readonly string[], context: CliContext): Promise<void> {
  const { values, positionals } = parseFlags(argv, FLAGS, USAGE);
  const [slug, ...extra] = positionals;
  if (!slug || extra.length > 0 || values.list === undefined) fail(USAGE);
  const list = parseListName(values.list) ?? fail(`"${values.list}" cannot be a list's name: letters, digits, spaces, dots, dashes and underscores, at most 80.`);
  if (values.env !== undefined && !values.remote) fail(`--env names a deployed environment: it goes with --remote.\n${USAGE}`);
  if (values.env !== undefined && !hasEnvironment(values.env)) fail(`wrangler.toml has no [env.${values.env}].`);
  let origin: string | null = null;
  if (values.origin !== undefined) origin = originOf(values.origin) ?? fail(`--origin: "${values.origin}" is not an http(s) address.`);
  else if (values.remote) origin = await deployedSiteUrl(values.env);

  const db = values.remote ? remoteDatabase(values.env === undefined ? [] : ['--env', values.env], context.env, context.runWrangler) : await context.openLocalDatabase(values['persist-to']);
  try {
    // A local database is brought up to date; a deployed one is the deploy's (npm run deploy migrates it).
    if (!values.remote) await db.migrate();
    const outcome = await distributeStory(new D1PressDesk(db), { slug, list, origin, now: Math.floor(Date.now() / 1000) });
    if (!outcome.ok) fail(explainRefusal(outcome.refusal, slug, list));
    for (const recipient of outcome.recipients) context.out([recipient.email, recipient.locale, OUTCOMES[recipient.outcome], recipient.link ?? ''].join('\t').trimEnd());
    const count = (kind: DistributionRecipient['outcome']) => outcome.recipients.filter((recipient) => recipient.outcome === kind).length;
    const where = values.remote ? 'The deployed newsroom sends it within a minute through its email API (without one, it waits in the outbox).' : 'Locally it stays in the outbox: npm start shows it at /_dev/outbox.';
    context.err(`Mailed ${count('mailed')} journalist(s) now; ${count('already-mailed')} had it already; ${count('revoked')} cut off (revoked). ${where}`);
  } finally {
    await db.close();
  }
}

export const distributeCli: Cli = { main: distribute, explain: (message) => `Distribute failed: ${message}` };

runAsProcess(import.meta.url, distributeCli);
