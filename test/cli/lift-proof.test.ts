// `npm run share -- <slug> --list` prints the proof of the story's lift after its recipients, on
// real local D1: for each public surface, when the worker first saw the story there and how many
// seconds after the lift, or "missing". The rows are the ones the lift-proof job writes
// (test/worker/publishing/lift-proof.test.ts runs the job itself, through the worker).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { localD1, root, runCli } from './run-script';

const work = mkdtempSync(join(tmpdir(), 'newsroom-lift-proof-'));
const state = join(work, 'state');
const folder = join(work, 'content');
const SLUG = 'draft-story';
/** Saturday 28 November 2026, 09:00 UTC. */
const LIFT = Date.UTC(2026, 10, 28, 9, 0) / 1000;
const cli = (...args: string[]) => runCli('share.ts', args, state);

beforeAll(async () => {
  cpSync(join(root, 'test/fixtures/content/basic'), folder, { recursive: true });
  const imported = await runCli('import.ts', [folder], state);
  expect(imported.code, imported.stderr).toBe(0);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

test('share --list says there is no lift to prove before the cron made the story live', async () => {
  const listed = await cli(SLUG, '--list');
  expect(listed.code, listed.stderr).toBe(0);
  expect(listed.stdout).toContain('No lift to prove: the proof is made when the minute cron makes the story (or a translation) live.');
});

test('share --list prints each surface with the time it was first seen and the seconds after the lift, or missing', async () => {
  const { db } = await localD1(state);
  const { uuid } = (await db.prepare('SELECT uuid FROM stories WHERE slug = ?1').bind(SLUG).first<{ uuid: string }>())!;
  const row = (surface: string, address: string, seen: number | null, reported: number | null) =>
    db.prepare('INSERT INTO lift_proofs (story_uuid, lifted_at, surface, address, first_seen_at, reported_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)').bind(uuid, LIFT, surface, address, seen, reported);
  await db.batch([
    row('page', 'https://news.test.example/draft-story', LIFT + 4, null),
    row('feed:atom', 'https://news.test.example/feed/atom', LIFT + 19, null),
    row('category-feed:products:atom', 'https://news.test.example/category/products/feed/atom', null, LIFT + 61),
  ]);

  const listed = await cli(SLUG, '--list');

  expect(listed.code, listed.stderr).toBe(0);
  const lines = listed.stdout.trim().split('\n');
  const proof = lines.slice(lines.findIndex((line) => line.startsWith('Lift of')));
  expect(proof).toEqual([
    'Lift of draft-story (en) at 2026-11-28 09:00:00 UTC: 1 of 3 surfaces missing',
    'page\t2026-11-28 09:00:04 UTC\t+4 s\thttps://news.test.example/draft-story',
    'feed:atom\t2026-11-28 09:00:19 UTC\t+19 s\thttps://news.test.example/feed/atom',
    'category-feed:products:atom\tmissing (reported after 60 s)\thttps://news.test.example/category/products/feed/atom',
  ]);
});
