// The press desk's store in memory (src/domain/press-desk-ports.ts), for the unit tests of the
// press desk and of the office view's forms: stories by translation group with their links,
// recipients' links, the media list and the unsent press mail per mailbox; every change recorded.
// The distribution's reads are not here (test/unit/press-desk/distribute.test.ts has its own).
import type { Journalist } from '#src/domain/journalist';
import type { JournalistRecord, PressDeskStore, RecipientLinkRecord, SharedStory } from '#src/domain/press-desk-ports';
import { hashLinkToken } from '#src/domain/story-link';

export interface MemoryStory extends SharedStory {
  readonly group: string;
}

interface MemoryLink {
  storyUuid: string;
  email: string;
  token: string;
  revoked_at: number | null;
}

export interface MemoryDesk extends PressDeskStore {
  readonly stories: MemoryStory[];
  readonly journalistsHeld: JournalistRecord[];
  readonly linksHeld: MemoryLink[];
  /** Every change, as [method, …arguments]. */
  readonly changes: unknown[][];
}

const notHere = async (): Promise<never> => {
  throw new Error('not in the memory desk');
};

export function memoryDesk(seed: { stories?: MemoryStory[]; journalists?: JournalistRecord[]; links?: MemoryLink[]; newsroomUrl?: string | null; unsentMail?: Record<string, number> } = {}): MemoryDesk {
  const stories = [...(seed.stories ?? [])];
  const journalistsHeld = [...(seed.journalists ?? [])];
  const links = [...(seed.links ?? [])];
  const lists = new Set(journalistsHeld.flatMap((journalist) => journalist.lists));
  const changes: unknown[][] = [];
  const groupOf = (slug: string) => {
    const named = stories.find((story) => story.slug === slug);
    return named ? [named, ...stories.filter((story) => story.group === named.group && story !== named)] : [];
  };
  const byName = (a: JournalistRecord, b: JournalistRecord) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email);
  return {
    stories,
    journalistsHeld,
    linksHeld: links,
    changes,
    site: notHere,
    group: notHere,
    members: notHere,
    links: notHere,
    write: notHere,
    async newsroomUrl() {
      return seed.newsroomUrl === undefined ? 'https://newsroom.example' : seed.newsroomUrl;
    },
    async defaultLanguage() {
      return 'en';
    },
    async sharedGroup(slug) {
      return groupOf(slug).map(({ group: _group, ...story }) => story);
    },
    async replaceStoryLinks(replaced, now) {
      changes.push(['replaceStoryLinks', replaced, now]);
      for (const { storyUuid, secret } of replaced) {
        const index = stories.findIndex((story) => story.uuid === storyUuid);
        stories[index] = { ...stories[index]!, token: secret.token };
      }
    },
    async revokeStoryLink(tokenHash) {
      for (const [index, story] of stories.entries()) {
        if (story.token !== null && (await hashLinkToken(story.token)) === tokenHash) {
          stories[index] = { ...story, token: null };
          return { slug: story.slug, locale: story.locale };
        }
      }
      return null;
    },
    sharedGallery: async () => null,
    replaceGalleryLink: notHere,
    async recipientLinks(slug) {
      const group = groupOf(slug);
      return journalistsHeld.flatMap((journalist) =>
        group.flatMap((story): RecipientLinkRecord[] => {
          const link = links.find((held) => held.email === journalist.email && held.storyUuid === story.uuid);
          return link ? [{ email: link.email, name: journalist.name, locale: story.locale, slug: story.slug, token: link.token, revoked_at: link.revoked_at, first_opened_at: null, last_opened_at: null, open_count: 0, agent_bits: 0, download_count: 0, first_download_at: null, last_download_at: null }] : [];
        }),
      );
    },
    // File addresses (ADR 0053) are the worker's: none in memory.
    async recipientOfFileKey() {
      return null;
    },
    async fileDownloads() {
      return [];
    },
    async addRecipientLinks(added, now) {
      changes.push(['addRecipientLinks', added.length, now]);
      for (const link of added) if (!links.some((held) => held.email === link.email && held.storyUuid === link.storyUuid)) links.push({ storyUuid: link.storyUuid, email: link.email, token: link.secret.token, revoked_at: null });
    },
    async revokeRecipient(slug, email, now) {
      changes.push(['revokeRecipient', slug, email, now]);
      const uuids = groupOf(slug).map((story) => story.uuid);
      for (const link of links) if (link.email === email && uuids.includes(link.storyUuid) && link.revoked_at === null) link.revoked_at = now;
    },
    async journalists(list) {
      return journalistsHeld.filter((journalist) => list === null || journalist.lists.includes(list)).sort(byName);
    },
    async journalistsByEmail(emails) {
      return journalistsHeld.filter((journalist) => emails.includes(journalist.email)).sort(byName);
    },
    async mediaLists() {
      return [...lists].sort().map((name) => ({ name, members: journalistsHeld.filter((journalist) => journalist.lists.includes(name)).length }));
    },
    async saveJournalists(entries: readonly { journalist: Journalist; lists: readonly string[] }[], now) {
      changes.push(['saveJournalists', entries.map(({ journalist, lists: named }) => ({ journalist, lists: named })), now]);
      for (const { journalist, lists: named } of entries) {
        const index = journalistsHeld.findIndex((held) => held.email === journalist.email);
        const before = index >= 0 ? journalistsHeld[index]!.lists : [];
        named.forEach((name) => lists.add(name));
        const record = { ...journalist, lists: [...new Set([...before, ...named])].sort() };
        if (index >= 0) journalistsHeld[index] = record;
        else journalistsHeld.push(record);
      }
    },
    async removeFromList(email, list) {
      changes.push(['removeFromList', email, list]);
      const index = journalistsHeld.findIndex((held) => held.email === email);
      journalistsHeld[index] = { ...journalistsHeld[index]!, lists: journalistsHeld[index]!.lists.filter((name) => name !== list) };
    },
    async deleteJournalist(email) {
      changes.push(['deleteJournalist', email]);
      journalistsHeld.splice(journalistsHeld.findIndex((held) => held.email === email), 1);
    },
    async unsentPressMail(email) {
      return seed.unsentMail?.[email] ?? 0;
    },
    async deleteList(name) {
      changes.push(['deleteList', name]);
      lists.delete(name);
    },
  };
}
