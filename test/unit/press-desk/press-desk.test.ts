// The press desk's actions (src/press-desk/) over the in-memory store: what `npm run share`,
// `npm run press` and the office view all run. Refusals before any change, links made where
// missing and replaced on rotation, a recipient's links, and the media list's keep-known rule.
import { expect, test } from 'vitest';
import type { JournalistRecord } from '#src/domain/press-desk-ports';
import { saveJournalists } from '#src/press-desk/media-list';
import { shareToRecipients } from '#src/press-desk/recipients';
import { shareStory } from '#src/press-desk/story-links';
import { memoryDesk, type MemoryStory } from './memory-desk';

const NOW = 1_800_000_000;
const embargoed = { status: 'embargo', visibility: 'embargo', published_at: NOW + 3600 } as const;
const STORIES: MemoryStory[] = [
  { uuid: 'u-en', group: 'g', slug: 'wind', locale: 'en', ...embargoed, token: 'held-en' },
  { uuid: 'u-fr', group: 'g', slug: 'vent', locale: 'fr', ...embargoed, token: null },
];
const ANNA: JournalistRecord = { email: 'anna@example.com', name: 'Anna', outlet: 'Daily', language: 'fr', timeZone: 'Europe/Paris', lists: ['Energy'] };

test('sharing makes the missing link only; rotating replaces them all; an unknown story or newsroom changes nothing', async () => {
  const desk = memoryDesk({ stories: STORIES });
  const shared = await shareStory(desk, { slug: 'wind', rotate: false, origin: null, now: NOW });
  expect(shared.ok && shared.addresses.map((entry) => [entry.story.locale, entry.address])).toEqual([
    ['en', 'https://newsroom.example/s/held-en'],
    ['fr', expect.stringMatching(/^https:\/\/newsroom\.example\/s\/[A-Za-z0-9_-]{43}$/)],
  ]);
  expect(shared.ok && shared.replaced).toBe(1);
  const rotated = await shareStory(desk, { slug: 'vent', rotate: true, origin: 'http://localhost:8787', now: NOW });
  expect(rotated.ok && rotated.replaced).toBe(2);
  expect(rotated.ok && rotated.addresses.every((entry) => entry.address.startsWith('http://localhost:8787/') && !entry.address.endsWith('held-en'))).toBe(true);
  expect(await shareStory(desk, { slug: 'nothing', rotate: true, origin: null, now: NOW })).toEqual({ ok: false, refusal: 'unknown-story' });
  const before = desk.changes.length;
  expect(await shareStory(memoryDesk({ stories: STORIES, newsroomUrl: null }), { slug: 'wind', rotate: true, origin: null, now: NOW })).toEqual({ ok: false, refusal: 'no-newsroom' });
  expect(desk.changes.length).toBe(before);
});

test('recipients must all be on the media list; each gets a link per translation, kept when they have one, none once revoked', async () => {
  const desk = memoryDesk({ stories: STORIES, journalists: [ANNA, { ...ANNA, email: 'omar@example.com', name: 'Omar' }], links: [{ storyUuid: 'u-en', email: 'omar@example.com', token: 'omar-en', revoked_at: NOW - 60 }] });
  expect(await shareToRecipients(desk, { slug: 'wind', emails: ['anna@example.com', 'nobody@example.com'], origin: null, now: NOW })).toEqual({ ok: false, refusal: 'not-on-media-list', missing: ['nobody@example.com'] });
  expect(desk.changes).toEqual([]);
  const share = await shareToRecipients(desk, { slug: 'wind', emails: ['anna@example.com', 'omar@example.com'], origin: null, now: NOW });
  expect(share.ok && share.addresses.map((entry) => [entry.email, entry.story.locale, entry.address?.replace(/r[A-Za-z0-9_-]{43}$/, 'TOKEN') ?? null])).toEqual([
    ['anna@example.com', 'en', 'https://newsroom.example/s/TOKEN'],
    ['anna@example.com', 'fr', 'https://newsroom.example/s/TOKEN'],
    ['omar@example.com', 'en', null],
    ['omar@example.com', 'fr', 'https://newsroom.example/s/TOKEN'],
  ]);
});

test('saving keeps what a known journalist was not given, replaces what was given empty, and names every problem of a batch at once', async () => {
  const desk = memoryDesk({ journalists: [ANNA] });
  const saved = await saveJournalists(desk, [{ input: { email: 'Anna@Example.com', name: 'Anna K.', outlet: '' }, lists: ['Wind desk'] }], NOW);
  expect(saved).toEqual({ ok: true, saved: [{ journalist: { email: 'anna@example.com', name: 'Anna K.', outlet: '', language: 'fr', timeZone: 'Europe/Paris' }, lists: ['Wind desk'], outcome: 'updated' }] });
  const batch = await saveJournalists(
    desk,
    [
      { input: { email: 'new@example.com', name: 'New' }, lists: [] },
      { input: { email: 'bad', name: '' }, lists: ['/bad'] },
      { input: { email: 'NEW@example.com', name: 'Again' }, lists: [] },
    ],
    NOW,
  );
  expect(batch.ok ? [] : batch.problems.map((problem) => [problem.entry, problem.kind])).toEqual([
    [1, 'list'],
    [1, 'field'],
    [1, 'field'],
    [2, 'repeated'],
  ]);
  expect(desk.changes).toHaveLength(1);
});
