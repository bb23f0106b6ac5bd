/**
 * `npm run share -- --gallery <key>` (scripts/cli/share.ts): prints the secret link of the gallery
 * `galleries/<key>.yaml` as one line, `gallery`, its state and its absolute link, for journalists
 * before its release time (docs/decisions/0036-gallery-release-time.md). A released gallery prints
 * its public address (its link would redirect there). `--rotate` gives it a new link first: the
 * old one answers 404 at once. The work is the press desk's (src/press-desk/story-links.ts).
 */
import { entryFile } from '#src/content/folder-layout';
import { describeGalleryState } from '#src/domain/gallery';
import type { PressDeskStore } from '#src/domain/press-desk-ports';
import { shareGallery } from '#src/press-desk/story-links';
import type { CliContext } from './cli-context';
import { SHARE_REFUSALS } from './share-recipients';

export async function printSharedGallery(desk: PressDeskStore, request: { key: string; rotate: boolean; origin: string | null; now: number }, context: Pick<CliContext, 'out' | 'err'>): Promise<void> {
  const share = await shareGallery(desk, request);
  if (!share.ok && share.refusal === 'unknown-gallery') throw new Error(`no gallery with the key "${request.key}" (${entryFile('galleries', request.key)}). Nothing was changed.`);
  if (!share.ok) throw new Error(SHARE_REFUSALS['no-newsroom'](request.key));
  context.out(`gallery\t${describeGalleryState(share.gallery)}\t${share.address}`);
  if (request.rotate) context.err('A new link for the gallery: the previous one no longer opens anything.');
}
