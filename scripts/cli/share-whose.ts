/**
 * `npm run share -- --whose <address>` (./share.ts; docs/decisions/0053-files-that-name-their-recipient.md):
 * the journalist (name, e-mail, outlet), the story and the file a recipient's file address
 * belongs to, with what was downloaded through that recipient's link. The work is the press
 * desk's (src/press-desk/recipient-files.ts).
 */
import { ARCHIVE_FILE } from '#src/domain/recipient-files';
import type { PressDeskStore } from '#src/domain/press-desk-ports';
import { whoseFile } from '#src/press-desk/recipient-files';
import { fail, type CliContext } from './cli-context';
import { utc } from './share-recipients';

export async function printWhose(desk: PressDeskStore, address: string, context: Pick<CliContext, 'out'>): Promise<void> {
  const whose = await whoseFile(desk, address);
  if (!whose.found) fail(whose.reason === 'not-a-file-address' ? `"${address}" is not a recipient's file address (…/s/f… and a file or /download).` : 'No recipient has this file address (unknown, or their records were deleted).');
  const { recipient, file, downloads } = whose;
  context.out(`Journalist: ${recipient.name} <${recipient.email}>${recipient.outlet ? `, ${recipient.outlet}` : ''}`);
  context.out(`Story: ${recipient.slug} (${recipient.locale}) ${recipient.title}${recipient.revoked_at === null ? '' : `; revoked ${utc(recipient.revoked_at)}`}`);
  context.out(`File: ${file.kind === 'archive' ? 'the story\'s media ZIP' : `${file.filename} (${file.uuid})`}`);
  const wanted = file.kind === 'archive' ? ARCHIVE_FILE : file.uuid;
  const this_ = downloads.find((row) => row.file === wanted);
  context.out(this_ ? `Downloaded ${this_.download_count} time(s), first ${utc(this_.first_at)}, last ${utc(this_.last_at)}` : 'Not downloaded through this address yet.');
}
