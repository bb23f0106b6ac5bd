/**
 * Pre-rendering: after the content revision moves (an import, a go-live), the cron
 * renders the pages most visitors ask for first into the page cache, so they find a HIT rather
 * than wait for a render: each language's homepage and feeds, and the newest stories. It runs
 * once per revision and build (a marker in KV); a page it cannot render is left to the first
 * visitor, who then gets the previous revision's copy while it renders (page-cache/page-cache.ts).
 */
import { depsOf, pageCacheStoreOf } from '#src/adapters';
import { describeError } from '#src/domain/errors';
import type { ContentRepository, SiteContext, SitemapStory } from '#src/domain/ports';
import { urls, urlContextOf, type FeedFormat } from '#src/i18n/urls';
import { logEvent } from '#src/log';
import { cacheFillRequest } from './page-cache';

/** The app's fetch handler, which renders a request into the page cache. */
type AppFetch = (request: Request, env: CloudflareBindings, ctx: ExecutionContext) => Response | Promise<Response>;

/** How many of the newest public stories (all languages) are rendered ahead of visitors. */
export const NEWEST_STORIES_PRERENDERED = 5;
const FEED_FORMATS: readonly FeedFormat[] = ['rss', 'atom', 'json'];

/** The addresses rendered ahead of visitors: homepage and feeds per language, then the newest stories. */
export function pagesToPrerender(site: Pick<SiteContext, 'languages'>, newest: readonly Pick<SitemapStory, 'slug'>[]): string[] {
  const ctx = urlContextOf(site);
  const perLanguage = site.languages.flatMap((language) => [urls.home(ctx, language.code), ...FEED_FORMATS.map((format) => urls.feed(ctx, language.code, format))]);
  return [...perLanguage, ...newest.map((story) => urls.story(story.slug))];
}

export interface WarmDeps {
  readonly content: Pick<ContentRepository, 'getSiteContext' | 'listRecentStories'>;
  /** The revision the page cache keys on now (KV's), or null. */
  readonly revision: () => Promise<number | null>;
  /** The KV marker of the last revision and build pre-rendered. */
  readonly marker: { read(): Promise<string | null>; write(value: string): Promise<void> };
  /** Renders one absolute address through the app into the page cache; its status. */
  readonly render: (url: string) => Promise<number>;
}

export interface WarmReport {
  readonly revision: number;
  readonly rendered: number;
  readonly failed: readonly string[];
}

/** Pre-renders the top pages of the current revision, unless this revision and build already were. */
export async function warmPageCache(deps: WarmDeps, build: string): Promise<WarmReport | null> {
  const revision = await deps.revision();
  if (revision === null) return null;
  const marker = `${revision}:${build}`;
  if ((await deps.marker.read()) === marker) return null;
  const site = await deps.content.getSiteContext();
  if (!site) return null;
  const newest = await deps.content.listRecentStories(0, NEWEST_STORIES_PRERENDERED);
  const failed: string[] = [];
  let rendered = 0;
  for (const path of pagesToPrerender(site, newest)) {
    const url = new URL(path, site.newsroom.url).toString();
    try {
      if ((await deps.render(url)) === 200) rendered += 1;
      else failed.push(path);
    } catch {
      failed.push(path);
    }
  }
  await deps.marker.write(marker);
  return { revision, rendered, failed };
}

/** Renders an address through the app into the page cache, waiting for the copy to be stored. */
async function renderIntoCache(appFetch: AppFetch, env: CloudflareBindings, url: string): Promise<number> {
  const stored: Promise<unknown>[] = [];
  const ctx = { waitUntil: (work: Promise<unknown>) => void stored.push(work), passThroughOnException: () => undefined, props: {} } as unknown as ExecutionContext;
  const response = await appFetch(cacheFillRequest(url), env, ctx);
  await response.arrayBuffer();
  await Promise.all(stored);
  return response.status;
}

/**
 * The cron's step after go-live: pre-renders through the app (`appFetch`) for this build, and logs
 * what it did. A cold cache is slower, not broken: a failure waits for the next run.
 */
export async function prerender(env: CloudflareBindings, appFetch: AppFetch, build: string): Promise<void> {
  const startedAt = Date.now();
  const store = pageCacheStoreOf(env);
  try {
    const report = await warmPageCache(
      {
        content: depsOf(env).content,
        revision: () => store.readRevision(),
        marker: { read: () => store.readPrerendered(), write: (value) => store.writePrerendered(value) },
        render: (url) => renderIntoCache(appFetch, env, url),
      },
      build,
    );
    if (report) logEvent('prerender', { ...report, durationMs: Date.now() - startedAt });
  } catch (error) {
    // A cold cache is slower, not broken: the next run tries again.
    logEvent('prerender_failed', { error: describeError(error) }, 'warn');
  }
}
