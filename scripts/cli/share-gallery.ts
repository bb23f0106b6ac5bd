/**
 * `npm run share -- --gallery <key>` (scripts/cli/share.ts): prints the secret link of the gallery
 * `galleries/<key>.yaml` as one line, `gallery`, its state and its absolute link, for journalists
 * before its release time (docs/decisions/0036-gallery-release-time.md). A released gallery prints
 * its public address (its link would redirect there). `--rotate` gives it a new link first: the
 * old one answers 404 at once.
 */
import { entryFile } from '#src/content/folder-layout';
import { describeGalleryState } from '#src/domain/gallery';
import { newGalleryLink } from '#src/domain/gallery-link';
import { urls } from '#src/i18n/urls';
import { DEFAULT_LANGUAGE_QUERY, replaceGalleryLinkStatement, sharedGalleryQuery, type SharedGalleryRow } from '#src/platform/d1/gallery-links';
import { NEWSROOM_URL_QUERY } from '#src/platform/d1/story-links';
import type { CliContext } from './cli-context';
import type { Database } from './d1-database';

export async function shareGallery(db: Database, key: string, options: { rotate: boolean; origin: string | undefined }, context: Pick<CliContext, 'out' | 'err'>): Promise<void> {
  let [gallery] = await db.query<SharedGalleryRow>(sharedGalleryQuery(key));
  if (!gallery) throw new Error(`no gallery with the key "${key}" (${entryFile('galleries', key)}). Nothing was changed.`);
  if (options.rotate || gallery.token === null) {
    await db.write([replaceGalleryLinkStatement(gallery.uuid, await newGalleryLink(), Math.floor(Date.now() / 1000))]);
    [gallery] = await db.query<SharedGalleryRow>(sharedGalleryQuery(key));
  }
  const [newsroom] = await db.query<{ url: string }>(NEWSROOM_URL_QUERY);
  const [language] = await db.query<{ code: string }>(DEFAULT_LANGUAGE_QUERY);
  const origin = options.origin ?? newsroom?.url;
  if (!origin || !language) throw new Error('the newsroom has not been imported yet (npm run import -- DIR).');
  const ctx = { defaultLocale: language.code };
  const released = gallery!.is_public === 1;
  const path = released ? urls.gallery(ctx, language.code, gallery!.uuid) : urls.sharedGallery(ctx, language.code, gallery!.token!);
  context.out(`gallery\t${describeGalleryState({ published_at: gallery!.published_at, is_public: released })}\t${urls.absolute(origin, path)}`);
  if (options.rotate) context.err('A new link for the gallery: the previous one no longer opens anything.');
}
