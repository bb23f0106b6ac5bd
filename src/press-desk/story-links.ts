/**
 * The secret links of a story and of a gallery (docs/content-format.md, "secret links"): what
 * `npm run share -- <slug> [--rotate]`, `npm run share -- --revoke <link>`, `npm run share --
 * --gallery <key> [--rotate]` and the office view's Rotate do, as plain functions over the press
 * desk's store (src/domain/press-desk-ports.ts). A refusal is answered before anything is written.
 *
 * A story without a link gets one when it is shared; rotating gives the story and each
 * translation a new one (the old ones answer 404 at once); recipients' own links are untouched
 * (./recipients.ts). A live story's address is its public one, as a released gallery's.
 */
import { newGalleryLink } from '#src/domain/gallery-link';
import type { PressDeskStore, SharedStory } from '#src/domain/press-desk-ports';
import { isPubliclyVisible } from '#src/domain/story';
import { hashLinkToken, newStoryLink } from '#src/domain/story-link';
import { urls } from '#src/i18n/urls';

export interface ShareRequest {
  /** The slug of the story (or of any of its translations). */
  readonly slug: string;
  /** Give every story of the group a new link, not only those without one. */
  readonly rotate: boolean;
  /** The origin the addresses are built on; null: the newsroom's url. */
  readonly origin: string | null;
  /** Epoch seconds. */
  readonly now: number;
}

/** A story of the group with the address to hand out: its public one when live, else its secret link. */
export interface SharedAddress {
  readonly story: SharedStory;
  readonly address: string;
}

export type StoryShare =
  | { readonly ok: false; readonly refusal: 'unknown-story' | 'no-newsroom' }
  | { readonly ok: true; readonly addresses: readonly SharedAddress[]; readonly replaced: number };

/** The links of the story and its translations, made where missing (every one replaced with `rotate`). */
export async function shareStory(store: PressDeskStore, request: ShareRequest): Promise<StoryShare> {
  const group = await store.sharedGroup(request.slug);
  if (group.length === 0) return { ok: false, refusal: 'unknown-story' };
  const origin = request.origin ?? (await store.newsroomUrl());
  if (!origin) return { ok: false, refusal: 'no-newsroom' };
  const replacing = request.rotate ? group : group.filter((story) => story.token === null);
  const links = await Promise.all(replacing.map(async (story) => ({ storyUuid: story.uuid, secret: await newStoryLink() })));
  await store.replaceStoryLinks(links, request.now);
  const newTokens = new Map(links.map((link) => [link.storyUuid, link.secret.token]));
  const addresses = group.map((story) => {
    const token = newTokens.get(story.uuid) ?? story.token!;
    return { story: { ...story, token }, address: urls.absolute(origin, isPubliclyVisible(story) ? urls.story(story.slug) : urls.sharedStory(token)) };
  });
  return { ok: true, addresses, replaced: links.length };
}

/** One story link (its token, as printed in the link) opens nothing from now on; the story it opened, or null when it opened none. */
export async function revokeStoryLink(store: PressDeskStore, token: string): Promise<{ readonly slug: string; readonly locale: string } | null> {
  return store.revokeStoryLink(await hashLinkToken(token));
}

export type GalleryShare =
  | { readonly ok: false; readonly refusal: 'unknown-gallery' | 'no-newsroom' }
  | { readonly ok: true; readonly gallery: { readonly published_at: number; readonly is_public: boolean }; readonly address: string; readonly replaced: boolean };

/**
 * The secret link of the gallery `galleries/<key>.yaml`, for journalists before its release time
 * (docs/decisions/0036-gallery-release-time.md), made when missing or replaced with `rotate`; a
 * released gallery's address is its public one (its link would redirect there).
 */
export async function shareGallery(store: PressDeskStore, request: { readonly key: string; readonly rotate: boolean; readonly origin: string | null; readonly now: number }): Promise<GalleryShare> {
  const gallery = await store.sharedGallery(request.key);
  if (!gallery) return { ok: false, refusal: 'unknown-gallery' };
  const origin = request.origin ?? (await store.newsroomUrl());
  const language = await store.defaultLanguage();
  if (!origin || !language) return { ok: false, refusal: 'no-newsroom' };
  const replaced = request.rotate || gallery.token === null;
  let token = gallery.token;
  if (replaced) {
    const secret = await newGalleryLink();
    await store.replaceGalleryLink(gallery.uuid, secret, request.now);
    token = secret.token;
  }
  const ctx = { defaultLocale: language };
  const released = gallery.is_public === 1;
  const path = released ? urls.gallery(ctx, language, gallery.uuid) : urls.sharedGallery(ctx, language, token!);
  return { ok: true, gallery: { published_at: gallery.published_at, is_public: released }, address: urls.absolute(origin, path), replaced };
}
