/**
 * `npm run share -- <slug> [--rotate] [--remote [--env NAME]] [--origin=URL] [--persist-to=DIR]`
 * `npm run share -- --revoke <link or token> [--remote [--env NAME]] [--persist-to=DIR]`
 * `npm run share -- --gallery <key> [same options]`
 *
 * Prints the secret link of a story and of each of its translations, one per line: language,
 * state, absolute link on the newsroom's `url` (`--origin` for another one, such as
 * http://localhost:8787 under `npm start`). A live story prints its public address. `--rotate`
 * gives the whole translation group new links first (the old ones answer 404 at once: use it when
 * a link went somewhere it should not). `--remote` works on the deployed D1 database (of
 * wrangler.toml's `[env.NAME]` with `--env NAME`, else production). `--revoke` makes one link
 * open nothing from now on, whether its story still exists or not; the story gets a new link the
 * next time it is shared.
 *
 * With `--to <email>[,<email>…]`, `--list` or `--revoke <email>`, a link per journalist on the media
 * list instead: made, listed with their openings, or cut off one by one (./share-recipients.ts);
 * `--list` then prints the proof of the story's lift: when the worker first saw it on each public
 * surface after the minute cron made it live, or `missing` (./share-lift-proof.ts).
 *
 * With `--whose <address>`, whose a recipient's file address is (ADR 0053): the journalist, the
 * story and the file, with its downloads (./share-whose.ts).
 *
 * With `--gallery`, the secret link of the gallery `galleries/<key>.yaml` instead (one line:
 * `gallery`, its state, its link): for journalists before its release time; a released gallery
 * prints its public address (./share-gallery.ts).
 *
 * The work is the press desk's (src/press-desk/story-links.ts, recipients.ts), which the office
 * view runs too: this file reads the flags and prints what it answers.
 */
import { describeState } from '#src/domain/publishing';
import { isWellFormedLinkToken } from '#src/domain/story-link';
import { D1PressDesk } from '#src/platform/d1/press-desk';
import { revokeStoryLink, shareStory } from '#src/press-desk/story-links';
import { fail, parseFlags, runAsProcess, type Cli, type CliContext } from './cli-context';
import { hasEnvironment, remoteDatabase } from './d1-database';
import { printSharedGallery } from './share-gallery';
import { printWhose } from './share-whose';
import { printLiftProof } from './share-lift-proof';
import { D1LiftProofStore } from '#src/platform/d1/lift-proof-store';
import { printRecipientLinks, printRecipients, printRevokedRecipient, recipientsOf, SHARE_REFUSALS } from './share-recipients';

const USAGE = 'Usage: npm run share -- <slug> [--rotate] [--remote [--env NAME]] [--origin=URL] [--persist-to=DIR]\n       npm run share -- <slug> --to <email>[,<email>…] | --list | --revoke <email> [--remote [--env NAME]] [--origin=URL] [--persist-to=DIR]\n       npm run share -- --gallery <key> [--rotate] [--remote [--env NAME]] [--origin=URL] [--persist-to=DIR]\n       npm run share -- --revoke <link or token> [--remote [--env NAME]] [--persist-to=DIR]\n       npm run share -- --whose <file address> [--remote [--env NAME]] [--persist-to=DIR]';

const FLAGS = {
  revoke: { type: 'boolean', default: false },
  rotate: { type: 'boolean', default: false },
  gallery: { type: 'boolean', default: false },
  to: { type: 'string' },
  list: { type: 'boolean', default: false },
  whose: { type: 'string' },
  remote: { type: 'boolean', default: false },
  env: { type: 'string' },
  origin: { type: 'string' },
  'persist-to': { type: 'string' },
} as const;

async function share(argv: readonly string[], context: CliContext): Promise<void> {
  const { values, positionals } = parseFlags(argv, FLAGS, USAGE);
  // `--whose <address>` alone: whose recipient's file address it is (./share-whose.ts).
  if (values.whose !== undefined) return whose(values.whose, positionals, values, context);
  const slug = positionals[0];
  // `<slug> --revoke <email>`: one recipient cut off (./share-recipients.ts).
  const revokedAddress = values.revoke && positionals.length === 2 ? positionals[1]! : null;
  if (revokedAddress !== null && (!revokedAddress.includes('@') || revokedAddress.includes(','))) fail(`--revoke takes one recipient's email address after the story's slug, or a link alone.\n${USAGE}`);
  const revokedRecipient = revokedAddress === null ? null : recipientsOf(revokedAddress)[0]!;
  if (!slug || positionals.length !== (revokedRecipient ? 2 : 1)) fail(USAGE);
  // One thing at a time: a flag another mode would ignore is refused.
  const modes = [values.to !== undefined, values.list, values.revoke, values.gallery].filter(Boolean).length;
  if (modes > 1 || ((values.list || revokedRecipient) && (values.rotate || values.origin !== undefined)) || (values.to !== undefined && values.rotate)) fail(`--to, --list, --revoke and --gallery go one at a time.\n${USAGE}`);
  const recipients = values.to === undefined ? null : recipientsOf(values.to);
  if (values.revoke && !revokedRecipient && (values.rotate || values.origin !== undefined)) fail(`--revoke takes a link alone.\n${USAGE}`);
  // A link as printed (https://…/s/{token}) or its token alone.
  const token = values.revoke && !revokedRecipient ? slug.replace(/^.*\/s\//, '').replace(/[/?#].*$/, '') : '';
  if (values.revoke && !revokedRecipient && !isWellFormedLinkToken(token)) fail(`"${slug}" is not a secret link (…/s/ and a 43-character token).`);
  if (values.env !== undefined && !values.remote) fail(`--env names a deployed environment: it goes with --remote.\n${USAGE}`);
  // wrangler falls back to the top level (production) for an environment it does not know.
  if (values.env !== undefined && !hasEnvironment(values.env)) fail(`wrangler.toml has no [env.${values.env}].`);
  // Inside the try below, problems are thrown (not exits), so the local database is closed.
  const db = values.remote ? remoteDatabase(values.env === undefined ? [] : ['--env', values.env], context.env, context.runWrangler) : await context.openLocalDatabase(values['persist-to']);
  try {
    // A local database is brought up to date; a deployed one is the deploy's (npm run deploy migrates it).
    if (!values.remote) await db.migrate();
    const desk = new D1PressDesk(db);
    const now = Math.floor(Date.now() / 1000);
    if (revokedRecipient) return await printRevokedRecipient(desk, { slug, email: revokedRecipient, now }, context);
    if (values.list) {
      await printRecipients(desk, slug, context);
      // Then the proof of its lift: where the worker first saw it live, and when (./share-lift-proof.ts).
      return await printLiftProof(new D1LiftProofStore(db), slug, context);
    }
    if (values.revoke) {
      const story = await revokeStoryLink(desk, token);
      context.out(story ? `Revoked the link of ${story.slug} (${story.locale}): it opens nothing from now on.` : 'This link opens nothing (its story was removed, or the link was rotated or revoked before). Nothing else changed.');
      return;
    }
    if (values.gallery) return await printSharedGallery(desk, { key: slug, rotate: values.rotate, origin: values.origin ?? null, now }, context);
    if (recipients) return await printRecipientLinks(desk, { slug, emails: recipients, origin: values.origin ?? null, now }, context);
    const share = await shareStory(desk, { slug, rotate: values.rotate, origin: values.origin ?? null, now });
    if (!share.ok) throw new Error(SHARE_REFUSALS[share.refusal](slug));
    for (const { story, address } of share.addresses) context.out(`${story.locale}\t${describeState(story)}\t${address}`);
    if (values.rotate) context.err(`New links for ${share.replaced} ${share.replaced === 1 ? 'story' : 'stories'}: the previous ones no longer open anything.`);
  } finally {
    await db.close();
  }
}

/** `--whose <address>`: takes no slug and no other mode. */
async function whose(address: string, positionals: readonly string[], values: { remote: boolean; env?: string; 'persist-to'?: string; list: boolean; revoke: boolean; rotate: boolean; gallery: boolean; to?: string; origin?: string }, context: CliContext): Promise<void> {
  if (positionals.length > 0 || values.list || values.revoke || values.rotate || values.gallery || values.to !== undefined || values.origin !== undefined) fail(`--whose takes a file address alone.\n${USAGE}`);
  if (values.env !== undefined && !values.remote) fail(`--env names a deployed environment: it goes with --remote.\n${USAGE}`);
  if (values.env !== undefined && !hasEnvironment(values.env)) fail(`wrangler.toml has no [env.${values.env}].`);
  const db = values.remote ? remoteDatabase(values.env === undefined ? [] : ['--env', values.env], context.env, context.runWrangler) : await context.openLocalDatabase(values['persist-to']);
  try {
    if (!values.remote) await db.migrate();
    await printWhose(new D1PressDesk(db), address, context);
  } finally {
    await db.close();
  }
}

export const shareCli: Cli = { main: share, explain: (message) => `Share failed: ${message}` };

runAsProcess(import.meta.url, shareCli);
