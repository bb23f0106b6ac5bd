/**
 * Whose is this file address (docs/decisions/0053-files-that-name-their-recipient.md): what
 * `npm run share -- --whose <address>` does. A recipient's file address found anywhere (a
 * forum, a wire photo's caption, a log) names its journalist, the story and the file, with what
 * went through that link.
 */
import type { FileDownloads, PressDeskStore, RecipientOfFile } from '#src/domain/press-desk-ports';
import { hashRecipientFileKey, parseRecipientFileAddress, type RecipientFileTarget } from '#src/domain/recipient-files';

export type WhoseFile =
  | { readonly found: false; readonly reason: 'not-a-file-address' | 'unknown' }
  | { readonly found: true; readonly recipient: RecipientOfFile; readonly file: RecipientFileTarget; readonly downloads: readonly FileDownloads[] };

export async function whoseFile(store: PressDeskStore, address: string): Promise<WhoseFile> {
  const parsed = parseRecipientFileAddress(address);
  if (!parsed) return { found: false, reason: 'not-a-file-address' };
  const recipient = await store.recipientOfFileKey(await hashRecipientFileKey(parsed.fileKey));
  if (!recipient) return { found: false, reason: 'unknown' };
  return { found: true, recipient, file: parsed.target, downloads: await store.fileDownloads(recipient.link_id) };
}
