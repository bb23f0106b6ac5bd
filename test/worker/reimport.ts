/**
 * Imports a changed copy of the test folder's bundle into the test's D1, through the statements
 * the import CLI runs (replaceContentStatements, one transaction), as a press office importing an
 * edited folder would. Links are random, as the CLI makes them; the ones handed in are returned.
 */
import { env } from 'cloudflare:workers';
import type { BundleStory, ContentBundle } from '#src/domain/content-bundle';
import { newGalleryLink } from '#src/domain/gallery-link';
import { newStoryLink } from '#src/domain/story-link';
import { replaceContentStatements, runAtomically, type NewStoryLink } from '#src/platform/d1/import-statements';
import { KvPageCacheStore } from '#src/platform/kv/page-cache-store';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_BUNDLE: ContentBundle;
    }
  }
}

/** A copy of the seeded bundle to change. */
export function seededBundle(): ContentBundle {
  return structuredClone(env.TEST_BUNDLE);
}

/** A new story for a bundle: `base`'s content under a new identity, slug and fingerprint. */
export function storyLike(base: BundleStory, changes: Partial<BundleStory> & Pick<BundleStory, 'uuid' | 'slug'>): BundleStory {
  return { ...structuredClone(base), ...changes };
}

/** Gives a changed thing a fingerprint of its own, as the import would compute it anew. */
export function refingerprint(bundle: ContentBundle, key: string): void {
  const entry = bundle.fingerprints.find((candidate) => candidate.key === key);
  const fingerprint = `changed-${crypto.randomUUID()}`;
  if (entry) bundle.fingerprints[bundle.fingerprints.indexOf(entry)] = { key, fingerprint };
  else bundle.fingerprints.push({ key, fingerprint });
}

/** Imports `bundle` at `importedAt` and publishes the cache pointers as the CLI does after its commit. */
export async function reimport(bundle: ContentBundle, importedAt: number): Promise<Map<string, NewStoryLink>> {
  const links = new Map(await Promise.all(bundle.stories.map(async (story) => [story.uuid, await newStoryLink()] as const)));
  const galleryLinks = new Map(await Promise.all(bundle.galleries.map(async (gallery) => [gallery.uuid, await newGalleryLink()] as const)));
  await runAtomically(env.DB, replaceContentStatements({ ...bundle, hash: `test-${crypto.randomUUID()}` }, importedAt, links, galleryLinks));
  const pointers = await env.DB.prepare('SELECT revision, last_withdrawal AS lastWithdrawal FROM content_revision WHERE id = 1').first<{ revision: number; lastWithdrawal: number }>();
  await new KvPageCacheStore(env.PAGE_CACHE).writePointers(pointers!);
  return links;
}
