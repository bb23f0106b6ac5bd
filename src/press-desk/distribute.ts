/**
 * Mails a release to a media list under embargo (docs/decisions/0043-media-list-and-recipient-links.md,
 * "Distribution"), for `npm run distribute` and the office view's Send alike: each journalist of the
 * list gets their own link to the story and each translation (theirs already, or new), and ONE
 * mail with the link in their language, written to the outbox in the same write as the links.
 * The worker's deliver-mail job hands the outbox to the email API (the minute cron queues it
 * whenever mail waits). Running it again mails nobody twice: a journalist mailed for the story or
 * any of its translations is reported, not mailed, and the outbox keeps one mail per idempotency
 * key. A journalist whose link was revoked is not mailed.
 *
 * Nothing is written when the story, the list or the newsroom is wrong (a refusal says which).
 */
import {
  distributionIdempotencyKey,
  storyForJournalist,
  storyRefusal,
  type DistributionMail,
  type DistributionRefusal,
  type DistributionStore,
  type ListMember,
  type MemberLink,
  type NewSecret,
} from '#src/domain/distribution';
import { hashLinkToken, newStoryLink } from '#src/domain/story-link';
import { newRecipientLink } from '#src/domain/recipient-link';
import { urls } from '#src/i18n/urls';
import { pressReleaseMail } from './press-release-mail';

export interface DistributionRequest {
  /** The slug of the story (or of any of its translations). */
  readonly slug: string;
  /** The media list's name. */
  readonly list: string;
  /** The origin the mails' links are built on; null: the newsroom's url. */
  readonly origin: string | null;
  /** Epoch seconds. */
  readonly now: number;
}

/** What became of one journalist: mailed by this run, mailed by an earlier one, or cut off (revoked). */
export interface DistributionRecipient {
  readonly email: string;
  readonly name: string;
  /** The language of the story their mail links. */
  readonly locale: string;
  readonly outcome: 'mailed' | 'already-mailed' | 'revoked';
  /** Their link in the mail; null for a revoked recipient. */
  readonly link: string | null;
}

export type DistributionOutcome =
  | { readonly ok: false; readonly refusal: DistributionRefusal }
  | { readonly ok: true; readonly story: { readonly slug: string; readonly locale: string }; readonly recipients: readonly DistributionRecipient[] };

interface Plan {
  readonly member: ListMember;
  readonly locale: string;
  readonly outcome: DistributionRecipient['outcome'];
  readonly linkToken: string | null;
}

export async function distributeStory(store: DistributionStore, request: DistributionRequest): Promise<DistributionOutcome> {
  const site = await store.site();
  if (!site) return { ok: false, refusal: 'no-newsroom' };
  const group = await store.group(request.slug);
  if (!group) return { ok: false, refusal: 'unknown-story' };
  const refusal = storyRefusal(group.story);
  if (refusal) return { ok: false, refusal };
  const members = await store.members(request.list);
  if (!members) return { ok: false, refusal: 'unknown-list' };
  if (members.length === 0) return { ok: false, refusal: 'empty-list' };

  const stories = [group.story, ...group.translations];
  const links = await store.links(stories.map((story) => story.uuid));
  const origin = request.origin ?? site.newsroom.url;
  const leaveTokens: { journalistId: number; secret: NewSecret }[] = [];
  const newLinks: { storyUuid: string; journalistEmail: string; secret: NewSecret }[] = [];
  const mails: DistributionMail[] = [];
  const plans: Plan[] = [];

  for (const member of members) {
    const own = links.filter((link) => link.journalistId === member.id);
    const story = storyForJournalist(group, member.language);
    // Revoking cuts a recipient off the whole group (src/platform/d1/recipient-links.ts).
    if (own.some((link) => link.revoked)) {
      plans.push({ member, locale: story.locale, outcome: 'revoked', linkToken: null });
      continue;
    }
    const mailed = own.find((link) => link.mailedAt !== null);
    if (mailed) {
      plans.push({ member, locale: stories.find((candidate) => candidate.uuid === mailed.storyUuid)?.locale ?? story.locale, outcome: 'already-mailed', linkToken: mailed.token });
      continue;
    }
    // Their link to every story of the group (as share --to gives), so their page's language
    // switcher offers their own links; the mail holds the one in their language.
    const linkOf = new Map<string, MemberLink | NewSecret>(own.map((link) => [link.storyUuid, link]));
    for (const candidate of stories) {
      if (linkOf.has(candidate.uuid)) continue;
      const secret = await newRecipientLink();
      linkOf.set(candidate.uuid, secret);
      newLinks.push({ storyUuid: candidate.uuid, journalistEmail: member.email, secret });
    }
    const leave = member.leaveToken === null ? await newStoryLink() : { token: member.leaveToken, tokenHash: await hashLinkToken(member.leaveToken) };
    if (member.leaveToken === null) leaveTokens.push({ journalistId: member.id, secret: leave });
    const link = linkOf.get(story.uuid)!;
    const mail = pressReleaseMail({ site, origin, story, journalist: member, linkToken: link.token, leaveToken: leave.token });
    mails.push({
      journalist: member,
      linkTokenHash: 'tokenHash' in link ? link.tokenHash : await hashLinkToken(link.token),
      leaveTokenHash: leave.tokenHash,
      mail: { ...mail, idempotencyKey: await distributionIdempotencyKey(group.translationGroup, leave.token) },
    });
    plans.push({ member, locale: story.locale, outcome: 'mailed', linkToken: link.token });
  }

  if (mails.length > 0) await store.write({ leaveTokens, links: newLinks, mails, groupStoryUuids: stories.map((story) => story.uuid), now: request.now });
  // A run alongside this one may have mailed someone first: what D1 holds now decides.
  const after = mails.length > 0 ? await store.links(stories.map((story) => story.uuid)) : links;
  const recipients = plans.map((plan): DistributionRecipient => {
    const mine = after.filter((link) => link.journalistId === plan.member.id);
    const mailedNow = plan.outcome !== 'mailed' || mine.some((link) => link.token === plan.linkToken && link.mailedAt === request.now);
    // Mailed by the other run: the link its mail held.
    const linkToken = mailedNow ? plan.linkToken : (mine.find((link) => link.mailedAt !== null)?.token ?? null);
    return {
      email: plan.member.email,
      name: plan.member.name,
      locale: plan.locale,
      outcome: mailedNow ? plan.outcome : 'already-mailed',
      link: linkToken === null ? null : urls.absolute(origin, urls.sharedStory(linkToken)),
    };
  });
  return { ok: true, story: { slug: group.story.slug, locale: group.story.locale }, recipients };
}
