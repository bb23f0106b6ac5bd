// The security regression suite, publishing: what a press office imports
// and what the clock does never puts a non-public story on a public surface, a secret link
// belongs to one story for good, and every import that takes away or changes something public is
// a withdrawal. Replayed through the real worker, the go-live job and the import's statements.
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, test } from 'vitest';
import type { BundleStory } from '#src/domain/content-bundle';
import { STORY_STATUSES, STORY_VISIBILITIES, type StoryStatus, type StoryVisibility } from '#src/domain/story';
import { runGoLive } from '#src/jobs/go-live';
import { depsOf } from '#src/adapters';
import type { JobDeps } from '#src/deps';
import { runAtomically } from '#src/platform/d1/import-statements';
import { renderFresh } from '../fresh-render';
import { ORIGIN, request } from '../request';
import { refingerprint, reimport, seededBundle, storyLike } from '../reimport';

/** Monday 23 November 2026, 09:00 UTC. */
const T = Date.UTC(2026, 10, 23, 9, 0) / 1000;
const DAY = 86_400;

function quietDeps(): JobDeps {
  return { ...depsOf(env), queue: { send: async () => {}, sendBatch: async () => {} } };
}

const pointers = () => env.DB.prepare('SELECT revision, last_withdrawal AS lastWithdrawal FROM content_revision WHERE id = 1').first<{ revision: number; lastWithdrawal: number }>();
const linkOf = (uuid: string) => env.DB.prepare('SELECT token FROM story_links WHERE story_uuid = ?1').bind(uuid).first<{ token: string }>();

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare('DELETE FROM publish_events'), env.DB.prepare('DELETE FROM retired_stories')]);
  await runAtomically(env.DB, env.TEST_SEED);
});

describe('states that cannot leak', () => {
  // Every status × visibility pair, released (due) or not, imported as D1 holds it (the import's
  // own check refuses most pairs; a database written before it may still hold them).
  const cases = STORY_STATUSES.flatMap((status) => STORY_VISIBILITIES.flatMap((visibility) => [true, false].map((due) => ({ status, visibility, due }))));
  const slugOf = (c: (typeof cases)[number]) => `probe-${c.status}-${c.visibility}-${c.due ? 'due' : 'later'}`;
  /** Written out, not computed by the code under test: public only when declared for the public. */
  const shouldBePublic = ({ status, visibility, due }: { status: StoryStatus; visibility: StoryVisibility; due: boolean }) =>
    (status === 'published' && visibility === 'public') || (due && (status === 'scheduled' || status === 'embargo') && (visibility === 'public' || visibility === 'embargo'));

  test('after the clock has run, a story is on a public surface exactly when its declared state was meant for the public', async () => {
    const bundle = seededBundle();
    const base = bundle.stories.find((story) => story.slug === 'english-story-01')!;
    bundle.stories.push(
      ...cases.map((c, index): BundleStory =>
        storyLike(base, {
          uuid: `70000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
          translation_group: slugOf(c),
          slug: slugOf(c),
          title: `Probe ${slugOf(c)} zqprobe`,
          status: c.status,
          visibility: c.visibility,
          is_public: c.status === 'published' && c.visibility === 'public',
          // The newest stories of the newsroom, so every list that shows the newest shows them.
          published_at: c.due ? T + 60 + index : T + 30 * DAY + index,
          tags: ['zq-probe'],
          category_keys: ['products'],
          body_text: `zqprobe ${slugOf(c)}`,
        }),
      ),
    );
    for (const story of bundle.stories.filter((candidate) => candidate.slug.startsWith('probe-'))) refingerprint(bundle, `story:${story.uuid}`);
    await reimport(bundle, T);
    const run = await runGoLive(quietDeps(), T + 3600);
    expect(run.published.map((story) => story.slug).sort()).toEqual(cases.filter((c) => c.due && shouldBePublic(c) && c.status !== 'published').map(slugOf).sort());

    const lists = await Promise.all(
      ['/', '/feed', '/feed/atom', '/feed/json', '/sitemaps/en-stories-1.xml', '/sitemaps/news.xml', '/llms.txt', '/llms-full.txt', '/tag/zq-probe', '/tag/zq-probe/feed', '/category/products', '/search?query=zqprobe', '/index.md'].map(
        async (path) => [path, await (await renderFresh(path)).text()] as const,
      ),
    );
    const api = await renderFresh('/api/fetch-stories', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ page: 1, pageSize: 100 }) });
    const apiText = await api.text();
    for (const c of cases) {
      const slug = slugOf(c);
      const expected = shouldBePublic(c);
      for (const [path, text] of lists) {
        // The news sitemap holds only the last two days' stories (by the real clock): never more.
        if (path === '/sitemaps/news.xml') expect(text.includes(`/${slug}`) && !expected, `${slug} on ${path}`).toBe(false);
        else expect(text.includes(`/${slug}`), `${slug} on ${path}`).toBe(expected);
      }
      expect(apiText.includes(slug), `${slug} in /api/fetch-stories`).toBe(expected);
      const paths = [`/${slug}`, `/${slug}.json`, `/${slug}.md`, `/${slug}/embed`, `/oembed?url=${encodeURIComponent(`${ORIGIN}/${slug}`)}`];
      const statuses = await Promise.all(paths.map(async (path) => [path, (await renderFresh(path)).status] as const));
      for (const [path, status] of statuses) expect(status, path).toBe(expected ? 200 : 404);
      // The ZIP streams as it is read: asked through the worker, its status read, the rest cancelled.
      const zip = await request(`${ORIGIN}/${slug}/download`, { redirect: 'manual' });
      await zip.body?.cancel();
      expect(zip.status, `/${slug}/download`).toBe(expected ? 200 : 404);
    }
  }, 120_000);

  test('an embargoed confidential story stays confidential after its release time: not in the feed, no alert, no ping', async () => {
    await env.DB.prepare("UPDATE stories SET status = 'embargo', visibility = 'confidential', published_at = ?1 WHERE slug = 'embargoed-story'").bind(T).run();
    const run = await runGoLive(quietDeps(), T + 60);
    expect(run.published).toEqual([]);
    expect(await env.DB.prepare("SELECT status, visibility FROM stories WHERE slug = 'embargoed-story'").first()).toEqual({ status: 'published', visibility: 'confidential' });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM publish_events').first()).toEqual({ n: 0 });
    expect(await (await renderFresh('/feed')).text()).not.toContain('embargoed-story');
    expect((await renderFresh('/embargoed-story')).status).toBe(404);
  });

  test('nothing in D1 can make a private or confidential story more visible by an update', async () => {
    await expect(env.DB.prepare("UPDATE stories SET visibility = 'public' WHERE slug = 'private-story'").run()).rejects.toThrow(/never made more visible/);
    expect(await env.DB.prepare("SELECT visibility FROM stories WHERE slug = 'private-story'").first()).toEqual({ visibility: 'private' });
  });
});

describe('a link belongs to one story, for good', () => {
  test('a story deleted and a different one written in its folder: the old link opens nothing, the new story has a link of its own', async () => {
    const bundle = seededBundle();
    const old = bundle.stories.find((story) => story.slug === 'private-story')!;
    const oldLink = await linkOf(old.uuid);
    expect((await renderFresh(`/s/${oldLink!.token}`)).status).toBe(200);

    const replacement = storyLike(old, { uuid: '70000000-0000-4000-8000-0000000000aa', slug: 'newer-confidential-story', title: 'A newer confidential story', visibility: 'confidential' });
    bundle.stories[bundle.stories.indexOf(old)] = replacement;
    refingerprint(bundle, `story:${replacement.uuid}`);
    const links = await reimport(bundle, T);

    const opened = await renderFresh(`/s/${oldLink!.token}`);
    expect(opened.status).toBe(404);
    expect(await opened.text()).not.toContain('A newer confidential story');
    expect(await linkOf(old.uuid)).toBeNull();
    const fresh = await linkOf(replacement.uuid);
    expect(fresh!.token).toBe(links.get(replacement.uuid)!.token);
    expect(fresh!.token).not.toBe(oldLink!.token);
    expect(await (await renderFresh(`/s/${fresh!.token}`)).text()).toContain('A newer confidential story');
    expect(await env.DB.prepare('SELECT uuid FROM retired_stories').all()).toMatchObject({ results: [{ uuid: old.uuid }] });
  });

  test('a removed story’s uuid, written into a new file, is refused and nothing of the import is written', async () => {
    const bundle = seededBundle();
    const old = bundle.stories.find((story) => story.slug === 'private-story')!;
    bundle.stories.splice(bundle.stories.indexOf(old), 1);
    await reimport(bundle, T);
    const before = await pointers();

    bundle.stories.push(storyLike(old, { uuid: old.uuid, slug: 'copied-file' }));
    await expect(reimport(bundle, T + 60)).rejects.toThrow(/retired story uuid/);
    expect(await pointers()).toEqual(before);
    expect(await linkOf(old.uuid)).toBeNull();
  });

  test('a public story made confidential gets a new link: the one that led to its public page opens nothing', async () => {
    const bundle = seededBundle();
    const story = bundle.stories.find((candidate) => candidate.slug === 'english-story-01')!;
    const publicLink = await linkOf(story.uuid);
    Object.assign(story, { visibility: 'confidential', is_public: false });
    const links = await reimport(bundle, T);
    expect((await renderFresh(`/s/${publicLink!.token}`)).status).toBe(404);
    const now = await linkOf(story.uuid);
    expect(now!.token).toBe(links.get(story.uuid)!.token);
    expect((await renderFresh(`/s/${now!.token}`)).status).toBe(200);
  });

  test('a story that stays non-public keeps its link across imports', async () => {
    const bundle = seededBundle();
    const story = bundle.stories.find((candidate) => candidate.slug === 'private-story')!;
    const before = await linkOf(story.uuid);
    await reimport(bundle, T);
    expect(await linkOf(story.uuid)).toEqual(before);
  });

  test('a new story in an old story’s folder goes live with an event of its own (alerts and pings)', async () => {
    const bundle = seededBundle();
    const old = bundle.stories.find((story) => story.slug === 'english-story-01')!;
    await env.DB.prepare("INSERT INTO publish_events (story_uuid, source, live_at, alerts, created_at) VALUES (?1, 'import', 1, 1, 1)").bind(old.uuid).run();
    const replacement = storyLike(old, { uuid: '70000000-0000-4000-8000-0000000000bb', slug: 'fresh-news', published_at: T - 60 });
    bundle.stories[bundle.stories.indexOf(old)] = replacement;
    refingerprint(bundle, `story:${replacement.uuid}`);
    await reimport(bundle, T);
    expect(await env.DB.prepare('SELECT story_uuid FROM publish_events WHERE story_uuid = ?1').bind(replacement.uuid).first()).toEqual({ story_uuid: replacement.uuid });
  });
});

describe('withdrawals of every kind', () => {
  const changes: [string, (bundle: ReturnType<typeof seededBundle>) => void][] = [
    ['a gallery removed', (bundle) => void bundle.galleries.splice(0, 1)],
    ['a gallery’s images changed', (bundle) => {
      bundle.galleries[0]!.images.pop();
      refingerprint(bundle, `gallery:${bundle.galleries[0]!.uuid}`);
    }],
    ['a policy removed', (bundle) => {
      const [policy] = bundle.policies.splice(0, 1);
      bundle.fingerprints = bundle.fingerprints.filter((entry) => entry.key !== `policy:${policy!.kind}:${policy!.locale}`);
    }],
    ['a category renamed', (bundle) => refingerprint(bundle, `category:${bundle.categories[0]!.key}`)],
    ['a company page changed', (bundle) => refingerprint(bundle, `company:${bundle.companies[0]!.locale}`)],
    ['a contact removed', (bundle) => void bundle.fingerprints.splice(bundle.fingerprints.findIndex((entry) => entry.key.startsWith('contact:')), 1)],
    ['a language removed', (bundle) => void bundle.fingerprints.splice(bundle.fingerprints.findIndex((entry) => entry.key.startsWith('language:')), 1)],
    ['a public story’s text redacted', (bundle) => refingerprint(bundle, `story:${bundle.stories.find((story) => story.is_public)!.uuid}`)],
  ];

  test.each(changes)('%s: the import is a withdrawal, so no copy from before it is ever served', async (_name, change) => {
    const bundle = seededBundle();
    await reimport(bundle, T);
    const before = await pointers();
    change(bundle);
    await reimport(bundle, T + 60);
    expect(await pointers()).toEqual({ revision: before!.revision + 1, lastWithdrawal: before!.revision + 1 });
  });

  test('an import that only adds (a new story, a new gallery) is no withdrawal', async () => {
    const bundle = seededBundle();
    await reimport(bundle, T);
    const before = await pointers();
    const base = bundle.stories.find((story) => story.slug === 'english-story-01')!;
    const added = storyLike(base, { uuid: '70000000-0000-4000-8000-0000000000cc', slug: 'brand-new' });
    bundle.stories.push(added);
    refingerprint(bundle, `story:${added.uuid}`);
    await reimport(bundle, T + 60);
    expect(await pointers()).toEqual({ revision: before!.revision + 1, lastWithdrawal: before!.lastWithdrawal });
  });
});
