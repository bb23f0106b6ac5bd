/**
 * A recipient's file addresses, `/s/{file key}/{uuid}/[-/effects/]{name}` and
 * `/s/{file key}/download` (docs/decisions/0053-files-that-name-their-recipient.md): what one
 * asks for. Before the lift, a file of the story behind the key (or its ZIP), to be served
 * privately and counted on that recipient's link; after it, the public address of the same file
 * (a 301); an unknown key, a revoked recipient's, or a file that is not the story's: nothing.
 */
import type { Deps } from '#src/deps';
import { normalizeCdnRoot } from '#src/domain/media';
import type { StoredFilePayload } from '#src/domain/media-payload';
import { hashRecipientFileKey, isWellFormedRecipientFileKey, storyFileUuids, type RecipientFileTarget } from '#src/domain/recipient-files';
import { isPubliclyVisible } from '#src/domain/story';
import { urls } from '#src/i18n/urls';

export type RecipientFileAnswer =
  | { readonly kind: 'none' }
  /** The story is public: the file's public address (on the media root, or the story's ZIP). */
  | { readonly kind: 'moved'; readonly location: string }
  | { readonly kind: 'file'; readonly linkId: number; readonly uuid: string; readonly rest: string; readonly filename: string }
  | { readonly kind: 'archive'; readonly linkId: number; readonly title: string; readonly files: readonly StoredFilePayload[] };

export async function findRecipientFile(deps: Deps, fileKey: string, target: RecipientFileTarget): Promise<RecipientFileAnswer> {
  if (!isWellFormedRecipientFileKey(fileKey)) return { kind: 'none' };
  const found = await deps.recipientFiles.storyOfFileKey(await hashRecipientFileKey(fileKey));
  if (!found) return { kind: 'none' };
  const { story, linkId } = found;
  if (target.kind === 'archive') {
    if (story.media_files.length === 0) return { kind: 'none' };
    if (isPubliclyVisible(story)) return { kind: 'moved', location: urls.storyArchive(story.slug) };
    return { kind: 'archive', linkId, title: story.title, files: story.media_files };
  }
  if (!storyFileUuids(story).has(target.uuid)) return { kind: 'none' };
  if (isPubliclyVisible(story)) return { kind: 'moved', location: `${normalizeCdnRoot(deps.config.mediaRoot)}/${target.uuid}/${target.rest}` };
  return { kind: 'file', linkId, uuid: target.uuid, rest: target.rest, filename: target.filename };
}
