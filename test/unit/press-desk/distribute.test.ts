// The distribution's decisions (src/press-desk/distribute.ts) over an in-memory store: refusals before
// any write, who is mailed, and what a run reports when another run mailed someone first.
import { expect, test } from 'vitest';
import type { DistributedGroup, DistributedStory, DistributionStore, DistributionWrite, ListMember, MemberLink, PressSite } from '#src/domain/distribution';
import { distributeStory } from '#src/press-desk/distribute';

const NOW = 1_800_000_000;
const SITE: PressSite = {
  newsroom: { uuid: 'n', url: 'https://news.acme.example', display_name: 'Acme', timezone: 'UTC' },
  languages: [{ code: 'en', is_default: true, public_stories_count: 1 }],
  companies: {},
  contacts: [],
};

function story(overrides: Partial<DistributedStory> = {}): DistributedStory {
  return { uuid: 'en', slug: 'wind', locale: 'en', title: 'Wind', summary: '', status: 'embargo', visibility: 'embargo', published_at: NOW + 86_400, contact_keys: [], ...overrides };
}

const member = (id: number, language = 'en'): ListMember => ({ id, email: `j${id}@example.org`, name: `J${id}`, language, timeZone: null, leaveToken: null });

/** A store holding one group and one list; `write` records what it was given, and `afterWrite` says what D1 holds after it. */
function memoryStore(options: { site?: PressSite | null; group?: DistributedGroup | null; members?: ListMember[] | null; links?: MemberLink[]; afterWrite?: (write: DistributionWrite) => MemberLink[] } = {}) {
  const writes: DistributionWrite[] = [];
  let links = options.links ?? [];
  const store: DistributionStore = {
    site: async () => (options.site === undefined ? SITE : options.site),
    group: async () => (options.group === undefined ? { translationGroup: 'wind', story: story(), translations: [story({ uuid: 'fr', locale: 'fr', slug: 'vent' })] } : options.group),
    members: async () => (options.members === undefined ? [member(1), member(2, 'fr')] : options.members),
    links: async () => links,
    write: async (write) => {
      writes.push(write);
      // What a D1 write leaves: the new links, the mailed ones stamped (unless told otherwise).
      links = options.afterWrite?.(write) ?? [
        ...links,
        ...write.links.map((link) => ({ storyUuid: link.storyUuid, journalistId: Number(link.journalistEmail.slice(1, link.journalistEmail.indexOf('@'))), token: link.secret.token, revoked: false, mailedAt: null })),
      ].map((link) => (write.mails.some((mail) => mail.mail.text.includes(`/s/${link.token}`)) ? { ...link, mailedAt: write.now } : link));
    },
  };
  return { store, writes };
}

test.each([
  ['no newsroom', { site: null }, 'no-newsroom'],
  ['no such story', { group: null }, 'unknown-story'],
  ['a public story', { group: { translationGroup: 'g', story: story({ status: 'published', visibility: 'public' }), translations: [] } }, 'story-public'],
  ['a scheduled story', { group: { translationGroup: 'g', story: story({ status: 'scheduled', visibility: 'public' }), translations: [] } }, 'not-released'],
  ['a draft', { group: { translationGroup: 'g', story: story({ status: 'draft' }), translations: [] } }, 'not-released'],
  ['no such list', { members: null }, 'unknown-list'],
  ['an empty list', { members: [] }, 'empty-list'],
] as const)('%s is refused and nothing is written', async (_case, options, refusal) => {
  const { store, writes } = memoryStore(options as Parameters<typeof memoryStore>[0]);
  expect(await distributeStory(store, { slug: 'wind', list: 'L', origin: null, now: NOW })).toEqual({ ok: false, refusal });
  expect(writes).toEqual([]);
});

test('each journalist gets links to every translation, a leave token, and one mail with the link in their language, in one write', async () => {
  const { store, writes } = memoryStore();
  const outcome = await distributeStory(store, { slug: 'wind', list: 'L', origin: 'http://localhost:8787', now: NOW });
  expect(outcome.ok && outcome.recipients.map((recipient) => [recipient.email, recipient.locale, recipient.outcome])).toEqual([
    ['j1@example.org', 'en', 'mailed'],
    ['j2@example.org', 'fr', 'mailed'],
  ]);
  expect(writes).toHaveLength(1);
  const [write] = writes;
  expect(write!.links).toHaveLength(4);
  expect(write!.leaveTokens.map((token) => token.journalistId)).toEqual([1, 2]);
  expect(write!.mails.map((mail) => mail.mail.to.email)).toEqual(['j1@example.org', 'j2@example.org']);
  const frLink = write!.links.find((link) => link.storyUuid === 'fr' && link.journalistEmail === 'j2@example.org')!;
  expect(write!.mails[1]!.mail.text).toContain(`http://localhost:8787/s/${frLink.secret.token}`);
  expect(write!.mails[1]!.linkTokenHash).toBe(frLink.secret.tokenHash);
  expect(outcome.ok && outcome.recipients[1]!.link).toBe(`http://localhost:8787/s/${frLink.secret.token}`);
  expect(new Set(write!.mails.map((mail) => mail.mail.idempotencyKey)).size).toBe(2);
});

test('a journalist with links already keeps them, one mailed is not mailed again, one revoked is not mailed at all', async () => {
  const links: MemberLink[] = [
    { storyUuid: 'en', journalistId: 1, token: 'rKEPT', revoked: false, mailedAt: null },
    { storyUuid: 'fr', journalistId: 2, token: 'rMAILED', revoked: false, mailedAt: NOW - 60 },
    { storyUuid: 'en', journalistId: 3, token: 'rREVOKED', revoked: true, mailedAt: null },
  ];
  const { store, writes } = memoryStore({ members: [member(1), member(2, 'fr'), member(3)], links });
  const outcome = await distributeStory(store, { slug: 'wind', list: 'L', origin: null, now: NOW });
  expect(outcome.ok && outcome.recipients.map((recipient) => [recipient.email, recipient.outcome, recipient.link])).toEqual([
    ['j1@example.org', 'mailed', 'https://news.acme.example/s/rKEPT'],
    ['j2@example.org', 'already-mailed', 'https://news.acme.example/s/rMAILED'],
    ['j3@example.org', 'revoked', null],
  ]);
  expect(writes[0]!.mails.map((mail) => mail.mail.to.email)).toEqual(['j1@example.org']);
  // Only the missing French link of journalist 1 is made.
  expect(writes[0]!.links.map((link) => [link.storyUuid, link.journalistEmail])).toEqual([['fr', 'j1@example.org']]);
});

test('nothing to mail: nothing is written', async () => {
  const { store, writes } = memoryStore({ members: [member(1)], links: [{ storyUuid: 'en', journalistId: 1, token: 'r1', revoked: false, mailedAt: NOW - 60 }] });
  const outcome = await distributeStory(store, { slug: 'wind', list: 'L', origin: null, now: NOW });
  expect(outcome.ok && outcome.recipients.map((recipient) => recipient.outcome)).toEqual(['already-mailed']);
  expect(writes).toEqual([]);
});

test('a journalist another run mailed first is reported as having it, with the link that run mailed', async () => {
  const { store } = memoryStore({
    members: [member(1)],
    // The other run's link and mail won: D1 kept neither of this run's.
    afterWrite: () => [{ storyUuid: 'en', journalistId: 1, token: 'rOTHER', revoked: false, mailedAt: NOW }],
  });
  const outcome = await distributeStory(store, { slug: 'wind', list: 'L', origin: null, now: NOW });
  expect(outcome.ok && outcome.recipients.map((recipient) => [recipient.outcome, recipient.link])).toEqual([['already-mailed', 'https://news.acme.example/s/rOTHER']]);
});
