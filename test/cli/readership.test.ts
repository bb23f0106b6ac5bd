// `npm run readership -- <slug>` (ADR 0055) on real local D1 and the readership stand-in served on
// loopback, as `npm start` serves it (scripts/dev/serve-readership-standin.mjs): the points the
// worker would have posted are read back through the SQL API's shape and printed as tables.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readershipPoint } from '#src/domain/readership';
import { readerOf } from '#src/domain/reader-classes';
// @ts-expect-error: a plain .mjs script without type declarations.
import { serveReadershipStandin } from '../../scripts/dev/serve-readership-standin.mjs';
import type { ReadershipStandin } from '../../scripts/dev/readership-standin.mjs';
import { root, runCli } from './run-script';

const work = mkdtempSync(join(tmpdir(), 'newsroom-readership-'));
const state = join(work, 'state');
const SLUG = 'english-story-01';
let served: { origin: string; standin: ReadershipStandin; close(): Promise<void> };
const cli = (...args: string[]) => runCli('readership.ts', args, state, { READERSHIP_STANDIN_URL: served.origin });

beforeAll(async () => {
  const imported = await runCli('import.ts', [join(root, 'test/fixtures/content/basic')], state);
  expect(imported.code, imported.stderr).toBe(0);
  served = (await serveReadershipStandin({ port: 0 })) as typeof served;
  const gptbot = readerOf('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)');
  const person = readerOf('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0');
  for (let i = 0; i < 5; i++) served.standin.record('newsroom_readership', readershipPoint(SLUG, 'page', gptbot, null));
  for (let i = 0; i < 3; i++) served.standin.record('newsroom_readership', readershipPoint(SLUG, 'page', person, 'linkedin.com'));
}, 120_000);

afterAll(async () => {
  await served?.close();
  rmSync(work, { recursive: true, force: true });
});

test('prints the story by language and form, by class, by agent, by referring site and by day', async () => {
  const printed = await cli(SLUG);
  expect(printed.code, printed.stderr).toBe(0);
  const lines = printed.stdout.split('\n');
  expect(lines[0]).toBe('English story number 01: 8 requests in the last 30 days');
  expect(lines).toContainEqual(expect.stringMatching(/^en \/english-story-01 +8 +0 +0$/));
  expect(lines).toContainEqual(expect.stringMatching(/^people +3$/));
  expect(lines).toContainEqual(expect.stringMatching(/^AI agents +5$/));
  expect(lines).toContainEqual(expect.stringMatching(/^GPTBot \(AI agents\) +5$/));
  expect(lines).toContainEqual(expect.stringMatching(/^linkedin\.com +3$/));
  expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${new Date().toISOString().slice(0, 10)} +8$`)));
});

test('an unknown slug and a bad window are refused', async () => {
  const unknown = await cli('no-such-story');
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain('No story has the slug no-such-story.');
  const window = await cli(SLUG, '--days', '365');
  expect(window.code).toBe(1);
  expect(window.stderr).toContain('--days takes a whole number of days, 1 to 90.');
});
