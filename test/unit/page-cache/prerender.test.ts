import { describe, expect, test } from 'vitest';
import { NEWEST_STORIES_PRERENDERED, pagesToPrerender, warmPageCache, type WarmDeps } from '#src/page-cache/prerender';

const languages = (codes: string[]) => codes.map((code, index) => ({ code, is_default: index === 0, public_stories_count: 1 }));

describe('pagesToPrerender', () => {
  test.each([
    [['en'], [], ['/', '/feed', '/feed/atom', '/feed/json']],
    [['en', 'fr'], [{ slug: 'wind' }], ['/', '/feed', '/feed/atom', '/feed/json', '/fr', '/fr/feed', '/fr/feed/atom', '/fr/feed/json', '/wind']],
    [['de', 'en'], [{ slug: 'a' }, { slug: 'b' }], ['/', '/feed', '/feed/atom', '/feed/json', '/en', '/en/feed', '/en/feed/atom', '/en/feed/json', '/a', '/b']],
  ])('languages %j and newest %j', (codes, newest, expected) => {
    expect(pagesToPrerender({ languages: languages(codes) }, newest)).toEqual(expected);
  });
});

function fakeDeps(options: { revision: number | null; marker: string | null; failing?: string[] }) {
  const rendered: string[] = [];
  let marker = options.marker;
  const asked: number[] = [];
  const deps: WarmDeps = {
    content: {
      getSiteContext: async () => ({ newsroom: { url: 'https://news.example' }, languages: languages(['en']) }) as never,
      listRecentStories: async (_since, limit) => {
        asked.push(limit);
        return [{ slug: 'newest' }] as never;
      },
    },
    revision: async () => options.revision,
    marker: { read: async () => marker, write: async (value) => void (marker = value) },
    render: async (url) => {
      rendered.push(url);
      if (options.failing?.some((path) => url.endsWith(path))) throw new Error('render failed');
      return 200;
    },
  };
  return { deps, rendered, asked, marker: () => marker };
}

describe('warmPageCache', () => {
  test('renders every top page on the newsroom origin and records the revision and build', async () => {
    const fake = fakeDeps({ revision: 7, marker: '6:b1' });
    expect(await warmPageCache(fake.deps, 'b1')).toEqual({ revision: 7, rendered: 5, failed: [] });
    expect(fake.rendered).toEqual(['https://news.example/', 'https://news.example/feed', 'https://news.example/feed/atom', 'https://news.example/feed/json', 'https://news.example/newest']);
    expect(fake.asked).toEqual([NEWEST_STORIES_PRERENDERED]);
    expect(fake.marker()).toBe('7:b1');
  });

  test.each([
    ['the same revision and build were pre-rendered', { revision: 7, marker: '7:b1' }],
    ['no revision is known', { revision: null, marker: null }],
  ])('does nothing when %s', async (_name, options) => {
    const fake = fakeDeps(options);
    expect(await warmPageCache(fake.deps, 'b1')).toBeNull();
    expect(fake.rendered).toEqual([]);
  });

  test('a new build pre-renders the same revision again', async () => {
    const fake = fakeDeps({ revision: 7, marker: '7:b1' });
    expect((await warmPageCache(fake.deps, 'b2'))?.rendered).toBe(5);
  });

  test('a page that fails is reported and the others are still rendered', async () => {
    const fake = fakeDeps({ revision: 8, marker: null, failing: ['/feed/atom'] });
    expect(await warmPageCache(fake.deps, 'b1')).toEqual({ revision: 8, rendered: 4, failed: ['/feed/atom'] });
  });
});
