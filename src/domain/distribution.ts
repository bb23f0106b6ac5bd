/**
 * Mailing a release to a media list under embargo (docs/decisions/0043-media-list-and-recipient-links.md,
 * "Distribution"): each journalist of the list gets one mail with their own link
 * (./recipient-link.ts) to the story in their language when the story has it, once per story
 * and its translations, with a link to leave the media list.
 *
 * Here: what the distribution reads and writes (the port, implemented over D1 in
 * src/platform/d1/distribution.ts) and its rules as plain functions; src/press-desk/distribute.ts runs it.
 */
import type { Contact } from './contact';
import type { MailMessage } from './mail-ports';
import type { CompanyInformation, Language, Newsroom } from './newsroom';
import { isReleasedToAudience } from './publishing';
import { sha256Hex } from './sha256';
import { isAllowedTranslationVisibility, isPubliclyVisible, type StoryStatus, type StoryVisibility } from './story';

/** One story of the translation group, as the mail needs it. */
export interface DistributedStory {
  readonly uuid: string;
  readonly slug: string;
  readonly locale: string;
  readonly title: string;
  readonly summary: string;
  readonly status: StoryStatus;
  readonly visibility: StoryVisibility;
  readonly published_at: number;
  /** The press contacts the story names (contacts.yaml keys, in order). */
  readonly contact_keys: readonly string[];
}

/** The story named by the office and its translations. */
export interface DistributedGroup {
  /** The group's identity in the content (its folder): the mails' idempotency keys are per group. */
  readonly translationGroup: string;
  readonly story: DistributedStory;
  readonly translations: readonly DistributedStory[];
}

/** What of the newsroom a mail shows: its address, time zone, name in each language and press contacts. */
export interface PressSite {
  readonly newsroom: Pick<Newsroom, 'uuid' | 'url' | 'display_name' | 'timezone'>;
  readonly languages: readonly Language[];
  readonly companies: Readonly<Record<string, Pick<CompanyInformation, 'name'>>>;
  readonly contacts: readonly Contact[];
}

/** A journalist of the list, with their leave token once they have one. */
export interface ListMember {
  readonly id: number;
  readonly email: string;
  readonly name: string;
  readonly language: string;
  readonly timeZone: string | null;
  readonly leaveToken: string | null;
}

/** A journalist's link to one story of the group. */
export interface MemberLink {
  readonly storyUuid: string;
  readonly journalistId: number;
  readonly token: string;
  readonly revoked: boolean;
  readonly mailedAt: number | null;
}

/** A secret with its lookup hash, as stored. */
export interface NewSecret {
  readonly token: string;
  readonly tokenHash: string;
}

/** A mail to one journalist, ready for the outbox, with the secrets it holds (written with it, or none of it). */
export interface DistributionMail {
  readonly journalist: ListMember;
  /** The hash of the link the mail holds. */
  readonly linkTokenHash: string;
  readonly leaveTokenHash: string;
  readonly mail: MailMessage & { readonly idempotencyKey: string };
}

/** One write: the links and leave tokens missing, and the mails, all or nothing. */
export interface DistributionWrite {
  readonly leaveTokens: readonly { journalistId: number; secret: NewSecret }[];
  readonly links: readonly { storyUuid: string; journalistEmail: string; secret: NewSecret }[];
  readonly mails: readonly DistributionMail[];
  /** The stories of the group: a journalist already mailed for any of them is not mailed again. */
  readonly groupStoryUuids: readonly string[];
  readonly now: number;
}

export interface DistributionStore {
  /** Null when the newsroom has not been imported yet. */
  site(): Promise<PressSite | null>;
  /** The story with this slug and its translations; null when there is none. */
  group(slug: string): Promise<DistributedGroup | null>;
  /** The list's journalists (by name, then address); null when there is no such list. */
  members(list: string): Promise<ListMember[] | null>;
  /** Every journalist's links to these stories. */
  links(storyUuids: readonly string[]): Promise<MemberLink[]>;
  write(write: DistributionWrite): Promise<void>;
}

/**
 * The story a journalist's mail is about: the translation in their language when the group has
 * one the story may link to (the secret page's own rule: released to the same audience), else
 * the story named.
 */
export function storyForJournalist(group: DistributedGroup, language: string): DistributedStory {
  const linkable = group.translations.filter((translation) => isReleasedToAudience(translation) && isAllowedTranslationVisibility(group.story, translation));
  const base = (code: string) => code.split('-')[0];
  return (
    (group.story.locale === language ? group.story : undefined) ??
    linkable.find((translation) => translation.locale === language) ??
    (base(group.story.locale) === base(language) ? group.story : undefined) ??
    linkable.find((translation) => base(translation.locale) === base(language)) ??
    group.story
  );
}

export type DistributionRefusal = 'no-newsroom' | 'unknown-story' | 'story-public' | 'not-released' | 'unknown-list' | 'empty-list';

/** Why a story cannot be mailed under embargo, or null when it can. */
export function storyRefusal(story: Pick<DistributedStory, 'status' | 'visibility'>): DistributionRefusal | null {
  if (isPubliclyVisible(story)) return 'story-public';
  // Drafts and scheduled stories are never linked (./publishing.ts).
  if (!isReleasedToAudience(story)) return 'not-released';
  return null;
}

/** How the outbox tells press mail from other mail (what leaving the media list deletes unsent). */
export const PRESS_MAIL_KEY_PREFIX = 'press-';

/**
 * The idempotency key of a release's mail to one journalist: the same for every run, different
 * for every (story group, journalist). Made from the journalist's leave token, random per
 * deployment, so staging and production sharing one email account never take each other's mail
 * for a repeat; hashed, because the token is a credential.
 */
export async function distributionIdempotencyKey(translationGroup: string, leaveToken: string): Promise<string> {
  return `${PRESS_MAIL_KEY_PREFIX}${(await sha256Hex(`press\n${translationGroup}\n${leaveToken}`)).slice(0, 32)}`;
}

/** A journalist found by their leave link. */
export interface LeavingJournalist {
  readonly email: string;
  readonly name: string;
  readonly language: string;
  /** The stored token, to compare with the one asked for in constant time. */
  readonly leaveToken: string;
}

/** Leaving the media list through the link in a press mail (/press/leave/{token}). */
export interface MediaListLeaveStore {
  findByLeaveToken(tokenHash: string): Promise<LeavingJournalist | null>;
  /** Deletes the journalist with this leave token's hash (memberships, links, mail not sent yet); false when there is none. */
  leave(tokenHash: string): Promise<boolean>;
}
