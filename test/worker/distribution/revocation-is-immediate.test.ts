// Revocation is immediate (issue 38, item 6): a recipient's link revoked, a story's link rotated
// and a journalist removed from the media list each fail on their very next request, through two
// apps created apart (two isolates, each of which served the link once before, so neither may
// answer from anything it kept), because every `/s/` and `/press/` request opens its D1 session
// at the primary (src/middleware/deps.ts): no replica lagging the office's write can answer it.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, expect, test, vi } from 'vitest';
import { createApp } from '#src/app';
import { newStoryLink } from '#src/domain/story-link';
import { distributeStory } from '#src/press-desk/distribute';
import { D1DistributionStore, d1StatementRunner } from '#src/platform/d1/distribution';
import { runAtomically } from '#src/platform/d1/import-statements';
import { addToListStatement, deleteJournalistStatements, ensureListStatement, upsertJournalistStatement } from '#src/platform/d1/media-list';
import { revokeRecipientStatement } from '#src/platform/d1/recipient-links';
import { replaceLinkStatement } from '#src/platform/d1/story-links';
import { testLinkToken } from '../../fixtures/story-links';
import { ORIGIN } from '../request';

const EMBARGOED = 'embargoed-story';
const PRIVATE = 'private-story';
const LIST = 'Energy desks';
const ANNA = 'anna@volkskrant.example';
const OMAR = 'omar@gulfnews.example';

/** The database the apps are handed, its `withSession` watched: which session each request opens. */
const withSession = vi.fn((constraint?: D1SessionConstraint | D1SessionBookmark) => env.DB.withSession(constraint));
const watchedDb = new Proxy(env.DB, {
  get(target, property) {
    if (property === 'withSession') return withSession;
    const value: unknown = Reflect.get(target, property, target);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  },
});
const watchedEnv = { ...env, DB: watchedDb } as typeof env;

/** Two isolates of the worker, each with its own module state. */
const apps = [createApp(), createApp()];

async function send(app: ReturnType<typeof createApp>, path: string): Promise<{ status: number; sessions: unknown[] }> {
  withSession.mockClear();
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`${ORIGIN}${path}`, { redirect: 'manual', headers: { 'User-Agent': 'Mozilla/5.0 Chrome/156' } }), watchedEnv, ctx);
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return { status: response.status, sessions: withSession.mock.calls.map((call) => call[0]) };
}

const mailTo = async (email: string) =>
  (await env.DB.prepare("SELECT text_body FROM outbox WHERE idempotency_key LIKE 'press-%' AND to_address = ?1").bind(email).first<{ text_body: string }>())!.text_body;
const pathIn = (text: string, pattern: RegExp) => new URL(pattern.exec(text)![0]).pathname;

/** The three secrets: Anna's own link to the story, the private story's own link, Omar's own page. */
const links = { recipient: '', story: '', journalist: '' };

beforeAll(async () => {
  const now = Math.floor(Date.now() / 1000);
  const journalists = [
    { email: ANNA, name: 'Anna Jansen', outlet: '', language: 'en', timeZone: null },
    { email: OMAR, name: 'Omar Haddad', outlet: '', language: 'en', timeZone: 'Asia/Dubai' },
  ];
  await runAtomically(env.DB, [ensureListStatement(LIST, now), ...journalists.flatMap((journalist) => [upsertJournalistStatement(journalist, now), addToListStatement(journalist.email, LIST, now)])]);
  expect((await distributeStory(new D1DistributionStore(d1StatementRunner(env.DB)), { slug: EMBARGOED, list: LIST, origin: null, now })).ok).toBe(true);
  links.recipient = pathIn(await mailTo(ANNA), /https:\/\/\S+\/s\/r[A-Za-z0-9_-]{43}/);
  links.journalist = pathIn(await mailTo(OMAR), /https:\/\/\S+\/press\/[A-Za-z0-9_-]{43}(?=\s|$)/);
  const privateUuid = (await env.DB.prepare('SELECT uuid FROM stories WHERE slug = ?1').bind(PRIVATE).first<string>('uuid'))!;
  links.story = `/s/${await testLinkToken(privateUuid)}`;
});

test('every /s/ and /press/ request opens its D1 session at the primary', async () => {
  for (const app of apps) {
    for (const path of [links.recipient, links.story, links.journalist, `/s/${'A'.repeat(43)}`, `/press/${'A'.repeat(43)}`]) {
      const { sessions } = await send(app, path);
      expect(sessions, path).toEqual(['first-primary']);
    }
    // The control: a public address the page cache cannot answer reads a nearby replica (so the
    // spy sees what the app opens, and the primary above is the link's rule, not the clock's).
    expect((await send(app, `/no-such-story-${crypto.randomUUID()}`)).sessions).toEqual(['first-unconstrained']);
  }
});

test('each app serves the three links once before anything changes', async () => {
  for (const app of apps) {
    for (const path of [links.recipient, links.story, links.journalist]) expect((await send(app, path)).status, path).toBe(200);
  }
});

test('a revoked recipient link, a rotated story link and a removed journalist fail on their very next request, in either app', async () => {
  const now = Math.floor(Date.now() / 1000);
  const privateUuid = (await env.DB.prepare('SELECT uuid FROM stories WHERE slug = ?1').bind(PRIVATE).first<string>('uuid'))!;
  const fresh = await newStoryLink();
  await runAtomically(env.DB, [revokeRecipientStatement(EMBARGOED, ANNA, now), replaceLinkStatement(privateUuid, fresh, now), ...deleteJournalistStatements(OMAR)]);
  for (const app of apps) {
    for (const path of [links.recipient, links.story, links.journalist]) {
      const { status, sessions } = await send(app, path);
      expect(status, path).toBe(404);
      expect(sessions, path).toEqual(['first-primary']);
    }
    // The rotated story's new link opens it at once too.
    expect((await send(app, `/s/${fresh.token}`)).status).toBe(200);
  }
});
