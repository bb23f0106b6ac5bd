/**
 * A link per journalist (scripts/cli/share.ts; docs/decisions/0043-media-list-and-recipient-links.md):
 *
 *   `npm run share -- <slug> --to <email>[,<email>…]`  one link per recipient for the story and each
 *       of its translations (a recipient who has one keeps it), printed as
 *       `email  language  state  link`; the recipients must be on the media list (npm run press)
 *   `npm run share -- <slug> --list`  every recipient's links with what their openings were:
 *       how many, first and last (UTC), from about how many distinct browsers; or revoked; and
 *       how often files were downloaded through their own file addresses (first, last)
 *   `npm run share -- <slug> --revoke <email>`  that recipient's links open nothing from now on;
 *       everyone else's, and the story's own link, are untouched
 *
 * The work is the press desk's (src/press-desk/recipients.ts); here the recipients are read from
 * the command line and the answers printed.
 */
import { canonicalMailbox, parseEmailAddress } from '#src/domain/email-address';
import type { LinkDownloads, LinkOpenings, PressDeskStore } from '#src/domain/press-desk-ports';
import { describeState } from '#src/domain/publishing';
import { estimateDistinctAgents } from '#src/domain/recipient-link';
import { revokeRecipient, shareToRecipients, type RecipientShareRequest } from '#src/press-desk/recipients';
import { fail, type CliContext } from './cli-context';

/** The mailboxes of a `--to` list (comma-separated), canonical; a wrong one stops everything. */
export function recipientsOf(list: string): string[] {
  const emails = list.split(',').map((item) => item.trim()).filter(Boolean);
  if (emails.length === 0) fail('--to names at least one email address.');
  return [...new Set(emails.map((email) => {
    const address = parseEmailAddress(email);
    return address ? canonicalMailbox(address) : fail(`"${email}": Introduce a valid email address`);
  }))];
}

/** A story or the newsroom the press desk could not find, in the words of an unexpected failure ("Share failed: …"). */
export const SHARE_REFUSALS: Record<'unknown-story' | 'no-newsroom', (slug: string) => string> = {
  'unknown-story': (slug) => `no story with the slug "${slug}". Nothing was changed.`,
  'no-newsroom': () => 'the newsroom has not been imported yet (npm run import -- DIR).',
};

/** Epoch seconds as `YYYY-MM-DD HH:MM UTC`. */
export const utc = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/:\d\d\.\d+Z$/, ' UTC').replace('T', ' ');

/** What a recipient's link has seen, in one cell. */
function openingsOf(row: LinkOpenings): string {
  const revoked = row.revoked_at === null ? '' : `revoked ${utc(row.revoked_at)}; `;
  if (row.open_count === 0) return `${revoked}not opened`;
  const agents = estimateDistinctAgents(row.agent_bits);
  return `${revoked}opened ${row.open_count} time(s), first ${utc(row.first_opened_at!)}, last ${utc(row.last_opened_at!)}, from about ${agents} browser(s)`;
}

/** What went through a recipient's file addresses (ADR 0053), in one cell. */
function downloadsOf(row: LinkDownloads): string {
  if (row.download_count === 0) return 'no file downloaded';
  return `files downloaded ${row.download_count} time(s), first ${utc(row.first_download_at!)}, last ${utc(row.last_download_at!)}`;
}

/** Each recipient's links for the story and its translations (made where missing), printed. */
export async function printRecipientLinks(desk: PressDeskStore, request: RecipientShareRequest, context: Pick<CliContext, 'out'>): Promise<void> {
  const share = await shareToRecipients(desk, request);
  if (!share.ok && share.refusal === 'not-on-media-list') fail(`Not on the media list: ${share.missing.join(', ')}. Add them first (npm run press -- add <email> --name NAME). Nothing was changed.`);
  if (!share.ok) throw new Error(SHARE_REFUSALS[share.refusal](request.slug));
  for (const { email, story, address } of share.addresses) context.out(`${email}\t${story.locale}\t${describeState(story)}\t${address ?? 'revoked: no link (this recipient was cut off)'}`);
}

export async function printRecipients(desk: PressDeskStore, slug: string, context: Pick<CliContext, 'out'>): Promise<void> {
  const rows = await desk.recipientLinks(slug);
  if (rows.length === 0) {
    context.out('No recipient has a link of their own to this story (npm run share -- <slug> --to <email>).');
    return;
  }
  for (const row of rows) context.out(`${row.email}\t${row.name}\t${row.locale}\t${openingsOf(row)}\t${downloadsOf(row)}`);
}

export async function printRevokedRecipient(desk: PressDeskStore, request: { slug: string; email: string; now: number }, context: Pick<CliContext, 'out'>): Promise<void> {
  const revocation = await revokeRecipient(desk, request);
  if (revocation.outcome !== 'revoked') fail(`${request.email} has no open link to "${request.slug}" or its translations. Nothing was changed.`);
  context.out(`Revoked ${revocation.links} link(s) of ${request.email} to ${request.slug}: they open nothing from now on. Other recipients and the story's own link are unchanged.`);
}
