// The press office view's model (src/admin/press/press-office-model.ts) over in-memory stores:
// which groups it shows and in what order, each translation's state in the newsroom's time zone
// (whatever the machine's), each recipient's figures, the mails' states, what a posted form
// becomes (the press desk's outcome, made a notice), and the notices a query may name.
import { expect, test } from 'vitest';
import type { OfficeRecipientLinkRow, OfficeStoryRow, PressOfficeSnapshot, PressOfficeStore } from '#src/domain/press-office-ports';
import { formatOfficeTime } from '#src/admin/press/office-time';
import { type Notice, loadPressOffice, noticeFromQuery, noticeQuery, officeState, revokeRecipient, rotateStoryLinks } from '#src/admin/press/press-office-model';
import { downloadsText } from '#src/admin/press/press-office-texts';
import { memoryDesk } from '../press-desk/memory-desk';

const NOW = Date.UTC(2027, 0, 10, 12) / 1000;
const at = (iso: string) => Date.parse(iso) / 1000;

test.each([
  [at('2027-02-04T07:00:00Z'), 'Europe/Amsterdam', '2027-02-04 08:00'],
  [at('2027-07-04T07:00:00Z'), 'Europe/Amsterdam', '2027-07-04 09:00'],
  [at('2027-02-04T07:00:00Z'), 'UTC', '2027-02-04 07:00'],
  [at('2027-02-04T23:30:00Z'), 'Asia/Tokyo', '2027-02-05 08:30'],
  [at('2027-02-04T00:05:00Z'), 'America/New_York', '2027-02-03 19:05'],
])('%i in %s is %s', (seconds, zone, text) => {
  expect(formatOfficeTime(seconds, zone)).toBe(text);
});

test.each([
  [{ status: 'embargo', visibility: 'embargo', published_at: NOW + 3600 }, { kind: 'embargo', releaseAt: '2027-01-10 13:00' }],
  [{ status: 'scheduled', visibility: 'public', published_at: NOW + 3600 }, { kind: 'scheduled', releaseAt: '2027-01-10 13:00' }],
  // Due: live, whoever flips it.
  [{ status: 'embargo', visibility: 'embargo', published_at: NOW }, { kind: 'live' }],
  [{ status: 'draft', visibility: 'public', published_at: NOW + 3600 }, { kind: 'draft' }],
  [{ status: 'uninitialized', visibility: 'public', published_at: NOW }, { kind: 'draft' }],
  [{ status: 'published', visibility: 'private', published_at: NOW - 3600 }, { kind: 'private' }],
  [{ status: 'published', visibility: 'confidential', published_at: NOW - 3600 }, { kind: 'confidential' }],
  [{ status: 'published', visibility: 'embargo', published_at: NOW - 3600 }, { kind: 'embargoed-published' }],
  [{ status: 'published', visibility: 'public', published_at: NOW - 3600 }, { kind: 'live' }],
] as const)('%j is %j', (story, state) => {
  expect(officeState(story, NOW, 'UTC')).toEqual(state);
});

const story = (uuid: string, group: string, locale: string, state: Pick<OfficeStoryRow, 'status' | 'visibility' | 'published_at'>): OfficeStoryRow => ({
  uuid,
  translation_group: group,
  slug: `${uuid}-slug`,
  locale,
  title: `Title ${uuid}`,
  ...state,
});
const link = (storyUuid: string, email: string, figures: Partial<OfficeRecipientLinkRow> = {}): OfficeRecipientLinkRow => ({
  story_uuid: storyUuid,
  email,
  name: email.split('@')[0]!,
  outlet: 'Outlet',
  language: 'en',
  revoked_at: null,
  first_opened_at: null,
  last_opened_at: null,
  open_count: 0,
  agent_bits: 0,
  ...figures,
});

function storeOf(snapshot: Partial<PressOfficeSnapshot> | null): PressOfficeStore {
  return {
    snapshot: async () => (snapshot ? { timeZone: 'Europe/Amsterdam', defaultLocale: 'en', stories: [], recipientLinks: [], fileDownloads: [], mediaLists: [], alerts: [], mails: [], ...snapshot } : null),
    mediaList: async () => ({ journalists: [], lists: [] }),
  };
}

const INPUT = { now: NOW, signedInAs: 'office@example.com', notice: null, mailLeavesOutbox: true };

test('groups awaiting release come first, soonest first, then the others, newest first; groups public by now are left out; the default language leads', async () => {
  const model = await loadPressOffice(
    storeOf({
      stories: [
        story('draft-old', 'g1', 'en', { status: 'draft', visibility: 'public', published_at: NOW - 7200 }),
        story('private-new', 'g2', 'en', { status: 'published', visibility: 'private', published_at: NOW - 60 }),
        story('embargo-later-fr', 'g3', 'fr', { status: 'embargo', visibility: 'embargo', published_at: NOW + 7200 }),
        story('embargo-later', 'g3', 'en', { status: 'embargo', visibility: 'embargo', published_at: NOW + 7200 }),
        story('scheduled-soon', 'g4', 'en', { status: 'scheduled', visibility: 'public', published_at: NOW + 60 }),
        story('due', 'g5', 'en', { status: 'embargo', visibility: 'embargo', published_at: NOW - 1 }),
      ],
    }),
    INPUT,
  );
  expect(model.groups.map((group) => group.slug)).toEqual(['scheduled-soon-slug', 'embargo-later-slug', 'private-new-slug', 'draft-old-slug']);
  expect(model.groups[1]!.translations.map((translation) => [translation.locale, translation.state])).toEqual([
    ['en', { kind: 'embargo', releaseAt: '2027-01-10 15:00' }],
    ['fr', { kind: 'embargo', releaseAt: '2027-01-10 15:00' }],
  ]);
});

test('each recipient has a cell per translation: not opened, opened (how often, first, last, about how many browsers), revoked, or no link', async () => {
  const model = await loadPressOffice(
    storeOf({
      stories: [story('e-en', 'g', 'en', { status: 'embargo', visibility: 'embargo', published_at: NOW + 60 }), story('e-fr', 'g', 'fr', { status: 'embargo', visibility: 'embargo', published_at: NOW + 60 })],
      recipientLinks: [
        link('e-en', 'anna@example.com', { open_count: 3, first_opened_at: at('2027-01-09T08:00:00Z'), last_opened_at: at('2027-01-10T09:30:00Z'), agent_bits: 0b101 }),
        link('e-fr', 'anna@example.com'),
        link('e-en', 'bob@example.com', { revoked_at: at('2027-01-10T10:00:00Z') }),
      ],
    }),
    INPUT,
  );
  const [anna, bob] = model.groups[0]!.recipients;
  expect(anna!.links).toEqual([
    { locale: 'en', figures: { kind: 'opened', opened: { count: 3, first: '2027-01-09 09:00', last: '2027-01-10 10:30', browsers: 2 } } },
    { locale: 'fr', figures: { kind: 'not-opened' } },
  ]);
  expect(anna!.hasOpenLink).toBe(true);
  expect(bob!.links).toEqual([
    { locale: 'en', figures: { kind: 'revoked', at: '2027-01-10 11:00', opened: null } },
    { locale: 'fr', figures: { kind: 'no-link' } },
  ]);
  expect(bob!.hasOpenLink).toBe(false);
});

test('each recipient’s downloads through their file addresses: in all, of how many distinct files, first and last, every translation of the group together; none is null', async () => {
  const download = (storyUuid: string, email: string, file: string, first: string, last: string, count: number) => ({
    story_uuid: storyUuid,
    email,
    file,
    first_at: at(first),
    last_at: at(last),
    download_count: count,
  });
  const model = await loadPressOffice(
    storeOf({
      stories: [
        story('e-en', 'g', 'en', { status: 'embargo', visibility: 'embargo', published_at: NOW + 60 }),
        story('e-fr', 'g', 'fr', { status: 'embargo', visibility: 'embargo', published_at: NOW + 60 }),
        story('other', 'h', 'en', { status: 'draft', visibility: 'public', published_at: NOW }),
      ],
      recipientLinks: [link('e-en', 'anna@example.com'), link('e-fr', 'anna@example.com'), link('e-en', 'bob@example.com'), link('other', 'anna@example.com')],
      fileDownloads: [
        download('e-en', 'anna@example.com', 'photo-uuid', '2027-01-09T08:00:00Z', '2027-01-09T09:00:00Z', 2),
        download('e-en', 'anna@example.com', 'download', '2027-01-09T10:00:00Z', '2027-01-09T10:00:00Z', 1),
        // The same file through her French link counts once among the files.
        download('e-fr', 'anna@example.com', 'photo-uuid', '2027-01-08T07:15:00Z', '2027-01-10T11:45:00Z', 3),
        // Another story's downloads are that story's.
        download('other', 'anna@example.com', 'x-uuid', '2027-01-01T00:00:00Z', '2027-01-01T00:00:00Z', 9),
      ],
    }),
    INPUT,
  );
  const group = model.groups.find((candidate) => candidate.slug === 'e-en-slug')!;
  const [anna, bob] = group.recipients;
  expect(anna!.downloads).toEqual({ count: 6, files: 2, first: '2027-01-08 08:15', last: '2027-01-10 12:45' });
  expect(bob!.downloads).toBeNull();
  expect(model.groups.find((candidate) => candidate.slug === 'other-slug')!.recipients[0]!.downloads).toEqual({ count: 9, files: 1, first: '2027-01-01 01:00', last: '2027-01-01 01:00' });
  expect(downloadsText(anna!.downloads)).toBe('6 downloads of 2 files, first 2027-01-08 08:15, last 2027-01-10 12:45');
  expect(downloadsText({ count: 1, files: 1, first: 'F', last: 'L' })).toBe('1 download of 1 file, first F, last L');
  expect(downloadsText(null)).toBe('No downloads');
});

test('mails are sent, failed or waiting; without a newsroom the model says so', async () => {
  const model = await loadPressOffice(
    storeOf({
      mails: [
        { id: 3, to_address: 'a@example.com', to_name: null, subject: 'A', created_at: NOW, sent_at: null, failed_at: null },
        { id: 2, to_address: 'b@example.com', to_name: 'B', subject: 'B', created_at: NOW, sent_at: null, failed_at: NOW + 60 },
        { id: 1, to_address: 'c@example.com', to_name: null, subject: 'C', created_at: NOW, sent_at: NOW + 120, failed_at: null },
      ],
    }),
    INPUT,
  );
  expect(model.mails.map((mail) => [mail.to, mail.state, mail.at])).toEqual([
    ['a@example.com', 'waiting', null],
    ['B <b@example.com>', 'failed', '2027-01-10 13:01'],
    ['c@example.com', 'sent', '2027-01-10 13:02'],
  ]);
  expect(await loadPressOffice(storeOf(null), INPUT)).toMatchObject({ imported: false, groups: [] });
});

test('forms: a revoke needs a story and a valid address; a rotation gives every story of the group a new link', async () => {
  const embargoed = { status: 'embargo', visibility: 'embargo', published_at: NOW + 60, token: null } as const;
  const desk = memoryDesk({
    stories: [
      { uuid: 'e-en', group: 'g', slug: 'e-en-slug', locale: 'en', ...embargoed },
      { uuid: 'e-fr', group: 'g', slug: 'e-fr-slug', locale: 'fr', ...embargoed },
    ],
    journalists: [{ email: 'anna@example.com', name: 'Anna', outlet: '', language: 'en', timeZone: null, lists: [] }],
    links: [
      { storyUuid: 'e-en', email: 'anna@example.com', token: 'r1', revoked_at: null },
      { storyUuid: 'e-fr', email: 'anna@example.com', token: 'r2', revoked_at: null },
    ],
  });
  const request = { origin: null, now: NOW };
  expect(await revokeRecipient(desk, { story: 'e-en-slug', email: 'nope' }, NOW)).toEqual({ kind: 'bad-request' });
  expect(await revokeRecipient(desk, { email: 'anna@example.com' }, NOW)).toEqual({ kind: 'bad-request' });
  expect(await revokeRecipient(desk, { story: 'e-en-slug', email: 'Anna@Example.com' }, NOW)).toEqual({ kind: 'revoked', links: 2 });
  expect(await revokeRecipient(desk, { story: 'e-en-slug', email: 'anna@example.com' }, NOW)).toEqual({ kind: 'nothing-open' });
  expect(await revokeRecipient(desk, { story: 'e-en-slug', email: 'omar@example.com' }, NOW)).toEqual({ kind: 'unknown-recipient' });
  expect(await revokeRecipient(desk, { story: 'nothing', email: 'anna@example.com' }, NOW)).toEqual({ kind: 'unknown-story' });
  expect(await rotateStoryLinks(desk, { story: 'nothing' }, request)).toEqual({ kind: 'unknown-story' });
  expect(await rotateStoryLinks(desk, {}, request)).toEqual({ kind: 'bad-request' });
  expect(await rotateStoryLinks(desk, { story: 'e-fr-slug' }, request)).toEqual({ kind: 'rotated', links: 2 });
  expect(desk.changes).toEqual([
    ['revokeRecipient', 'e-en-slug', 'anna@example.com', NOW],
    [
      'replaceStoryLinks',
      [
        { storyUuid: 'e-fr', secret: { token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), tokenHash: expect.any(String) } },
        { storyUuid: 'e-en', secret: { token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), tokenHash: expect.any(String) } },
      ],
      NOW,
    ],
  ]);
});

test.each([
  [{ notice: 'revoked', links: '2' }, { kind: 'revoked', links: 2 }],
  [{ notice: 'rotated', links: '0' }, { kind: 'rotated', links: 0 }],
  [{ notice: 'unknown-story' }, { kind: 'unknown-story' }],
  [{ notice: 'revoked' }, null],
  [{ notice: 'revoked', links: '-1' }, null],
  [{ notice: 'revoked', links: '1e9' }, null],
  [{ notice: 'pwned' }, null],
  [{}, null],
] as const)('the query %j names the notice %j', (query, notice) => {
  expect(noticeFromQuery(query)).toEqual(notice);
  if (notice) expect(noticeFromQuery(Object.fromEntries(new URLSearchParams(noticeQuery(notice as Notice)).entries()))).toEqual(notice);
});
