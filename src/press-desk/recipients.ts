/**
 * A link per journalist (docs/decisions/0043-media-list-and-recipient-links.md): what `npm run
 * share -- <slug> --to <email>,…` and `--revoke <email>`, and the office view's Revoke, do, as
 * plain functions over the press desk's store (src/domain/press-desk-ports.ts).
 *
 * Each recipient on the media list gets a link of their own to the story and to each translation
 * (one they have already stays); revoking one cuts that recipient off the whole group, their
 * record of openings kept, and everyone else's links (and the story's own) untouched.
 */
import type { PressDeskStore, SharedStory } from '#src/domain/press-desk-ports';
import { newRecipientLink } from '#src/domain/recipient-link';
import { isPubliclyVisible } from '#src/domain/story';
import { urls } from '#src/i18n/urls';

export interface RecipientShareRequest {
  /** The slug of the story (or of any of its translations). */
  readonly slug: string;
  /** Canonical mailboxes (src/domain/email-address.ts). */
  readonly emails: readonly string[];
  /** The origin the links are built on; null: the newsroom's url. */
  readonly origin: string | null;
  /** Epoch seconds. */
  readonly now: number;
}

/** One recipient's address for one story of the group; null when they were cut off (revoked). */
export interface RecipientAddress {
  readonly email: string;
  readonly story: SharedStory;
  readonly address: string | null;
}

export type RecipientShare =
  | { readonly ok: false; readonly refusal: 'unknown-story' | 'no-newsroom' }
  | { readonly ok: false; readonly refusal: 'not-on-media-list'; readonly missing: readonly string[] }
  | { readonly ok: true; readonly addresses: readonly RecipientAddress[] };

/** Each recipient's links to the story and its translations, made where missing; every recipient must be on the media list. */
export async function shareToRecipients(store: PressDeskStore, request: RecipientShareRequest): Promise<RecipientShare> {
  const group = await store.sharedGroup(request.slug);
  if (group.length === 0) return { ok: false, refusal: 'unknown-story' };
  const known = new Set((await store.journalistsByEmail(request.emails)).map((journalist) => journalist.email));
  const missing = request.emails.filter((email) => !known.has(email));
  if (missing.length > 0) return { ok: false, refusal: 'not-on-media-list', missing };
  const origin = request.origin ?? (await store.newsroomUrl());
  if (!origin) return { ok: false, refusal: 'no-newsroom' };
  const links = [];
  for (const story of group) for (const email of request.emails) links.push({ storyUuid: story.uuid, email, secret: await newRecipientLink() });
  await store.addRecipientLinks(links, request.now);
  // Read back: a recipient who had a link keeps theirs, revoked or not.
  const held = await store.recipientLinks(request.slug);
  const addresses = request.emails.flatMap((email) =>
    group.map((story) => {
      const link = held.find((row) => row.email === email && row.locale === story.locale);
      // A live story's public address whatever their link; else their link while it opens.
      const address = isPubliclyVisible(story) ? urls.absolute(origin, urls.story(story.slug)) : link && link.revoked_at === null ? urls.absolute(origin, urls.sharedStory(link.token)) : null;
      return { email, story, address };
    }),
  );
  return { ok: true, addresses };
}

export type RecipientRevocation =
  | { readonly outcome: 'revoked'; readonly links: number }
  | { readonly outcome: 'unknown-story' | 'unknown-recipient' | 'nothing-open' };

/** The recipient's links to the story with this slug and its translations open nothing from now on. */
export async function revokeRecipient(store: PressDeskStore, request: { readonly slug: string; readonly email: string; readonly now: number }): Promise<RecipientRevocation> {
  const theirs = (await store.recipientLinks(request.slug)).filter((link) => link.email === request.email);
  if (theirs.length === 0) return { outcome: (await store.sharedGroup(request.slug)).length === 0 ? 'unknown-story' : 'unknown-recipient' };
  const open = theirs.filter((link) => link.revoked_at === null);
  if (open.length === 0) return { outcome: 'nothing-open' };
  await store.revokeRecipient(request.slug, request.email, request.now);
  return { outcome: 'revoked', links: open.length };
}
