/**
 * A link per journalist (scripts/cli/share.ts; docs/decisions/0043-media-list-and-recipient-links.md):
 *
 *   `npm run share -- <slug> --to <email>[,<email>…]`  one link per recipient for the story and each
 *       of its translations (a recipient who has one keeps it), printed as
 *       `email  language  state  link`; the recipients must be on the media list (npm run press)
 *   `npm run share -- <slug> --list`  every recipient's links with what their openings were:
 *       how many, first and last (UTC), from about how many distinct browsers; or revoked
 *   `npm run share -- <slug> --revoke <email>`  that recipient's links open nothing from now on;
 *       everyone else's, and the story's own link, are untouched
 */
import { describeState } from '#src/domain/publishing';
import { canonicalMailbox, parseEmailAddress } from '#src/domain/email-address';
import { estimateDistinctAgents, newRecipientLink } from '#src/domain/recipient-link';
import { isPubliclyVisible } from '#src/domain/story';
import { urls } from '#src/i18n/urls';
import { journalistsByEmailQuery } from '#src/platform/d1/media-list';
import { ensureRecipientLinkStatement, recipientLinksQuery, revokeRecipientStatement, type RecipientLinkRow } from '#src/platform/d1/recipient-links';
import type { SharedGroupRow } from '#src/platform/d1/story-links';
import { fail, type CliContext } from './cli-context';
import type { Database } from './d1-database';

/** The mailboxes of a `--to` list (comma-separated), canonical; a wrong one stops everything. */
export function recipientsOf(list: string): string[] {
  const emails = list.split(',').map((item) => item.trim()).filter(Boolean);
  if (emails.length === 0) fail('--to names at least one email address.');
  return [...new Set(emails.map((email) => {
    const address = parseEmailAddress(email);
    return address ? canonicalMailbox(address) : fail(`"${email}": Introduce a valid email address`);
  }))];
}

const utc = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/:\d\d\.\d+Z$/, ' UTC').replace('T', ' ');

/** What a recipient's link has seen, in one cell. */
function openingsOf(row: Pick<RecipientLinkRow, 'revoked_at' | 'open_count' | 'first_opened_at' | 'last_opened_at' | 'agent_bits'>): string {
  const revoked = row.revoked_at === null ? '' : `revoked ${utc(row.revoked_at)}; `;
  if (row.open_count === 0) return `${revoked}not opened`;
  const agents = estimateDistinctAgents(row.agent_bits);
  return `${revoked}opened ${row.open_count} time(s), first ${utc(row.first_opened_at!)}, last ${utc(row.last_opened_at!)}, from about ${agents} browser(s)`;
}

/** Refuses, changing nothing, when any of the mailboxes is not on the media list. */
export async function requireOnMediaList(db: Database, emails: readonly string[]): Promise<void> {
  const known = new Set((await db.query<{ email: string }>(journalistsByEmailQuery(emails))).map((row) => row.email));
  const missing = emails.filter((email) => !known.has(email));
  if (missing.length > 0) fail(`Not on the media list: ${missing.join(', ')}. Add them first (npm run press -- add <email> --name NAME). Nothing was changed.`);
}

/** Each recipient's links for the group (made where missing), printed; the recipients are on the media list (requireOnMediaList). */
export async function shareToRecipients(db: Database, group: readonly SharedGroupRow[], emails: readonly string[], origin: string, context: Pick<CliContext, 'out'>): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const statements = [];
  for (const story of group) for (const email of emails) statements.push(ensureRecipientLinkStatement(story.uuid, email, await newRecipientLink(), now));
  await db.write(statements);
  const slug = group[0]!.slug;
  const links = (await db.query<RecipientLinkRow>(recipientLinksQuery(slug))).filter((row) => emails.includes(row.email));
  for (const email of emails) {
    for (const story of group) {
      const link = links.find((row) => row.email === email && row.locale === story.locale);
      const path = isPubliclyVisible(story) ? urls.story(story.slug) : link && link.revoked_at === null ? urls.sharedStory(link.token) : null;
      context.out(`${email}\t${story.locale}\t${describeState(story)}\t${path ? urls.absolute(origin, path) : 'revoked: no link (this recipient was cut off)'}`);
    }
  }
}

export async function listRecipients(db: Database, slug: string, context: Pick<CliContext, 'out'>): Promise<void> {
  const rows = await db.query<RecipientLinkRow>(recipientLinksQuery(slug));
  if (rows.length === 0) {
    context.out('No recipient has a link of their own to this story (npm run share -- <slug> --to <email>).');
    return;
  }
  for (const row of rows) context.out(`${row.email}\t${row.name}\t${row.locale}\t${openingsOf(row)}`);
}

export async function revokeRecipient(db: Database, slug: string, email: string, context: Pick<CliContext, 'out'>): Promise<void> {
  const before = (await db.query<RecipientLinkRow>(recipientLinksQuery(slug))).filter((row) => row.email === email && row.revoked_at === null);
  if (before.length === 0) fail(`${email} has no open link to "${slug}" or its translations. Nothing was changed.`);
  await db.write([revokeRecipientStatement(slug, email, Math.floor(Date.now() / 1000))]);
  context.out(`Revoked ${before.length} link(s) of ${email} to ${slug}: they open nothing from now on. Other recipients and the story's own link are unchanged.`);
}
