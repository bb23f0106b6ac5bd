/**
 * Telling the world: IndexNow (one POST of the changed addresses, RFC-style JSON body with the key
 * and its location) and WebSub (one `hub.mode=publish` POST per changed feed). A failure the
 * other side may recover from (network, 429, 5xx) throws, and the queue retries with back-off; a
 * refusal that no retry can change (another 4xx: a wrong key, a host the engine will not take) is
 * logged and dropped.
 */
import { isPermanentRefusal } from '#src/domain/errors';
import type { SiteContext } from '#src/domain/ports';
import type { AnnouncedStory } from '#src/domain/publishing-ports';
import { urls } from '#src/i18n/urls';
import { changedFeeds, changedPages } from './changed-addresses';
import type { JobDeps } from '#src/deps';
import { logFailure } from '#src/log';

/** IndexNow takes up to 10,000 addresses per submission. */
export const INDEXNOW_MAX_URLS = 10_000;
const REQUEST_TIMEOUT_MS = 10_000;


async function post(deps: JobDeps, what: string, url: string, init: RequestInit): Promise<void> {
  const response = await deps.fetch(url, { ...init, method: 'POST', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (response.ok) return;
  if (isPermanentRefusal(response.status)) {
    logFailure(`${what} refused`, { status: response.status, url, body: (await response.text()).slice(0, 500) });
    return;
  }
  throw new Error(`${what} answered ${response.status}`);
}

async function liveStories(deps: JobDeps, uuids: readonly string[]): Promise<{ site: SiteContext; stories: AnnouncedStory[] } | null> {
  const stories = (await deps.publishing.announcedStories(uuids)).filter((story) => story.is_public);
  const site = stories.length > 0 ? await deps.content.getSiteContext() : null;
  return site ? { site, stories } : null;
}

export async function submitIndexNow(deps: JobDeps, storyUuids: readonly string[]): Promise<{ urls: number }> {
  const settings = deps.config.indexNow;
  const found = settings ? await liveStories(deps, storyUuids) : null;
  if (!settings || !found) return { urls: 0 };
  const origin = found.site.newsroom.url;
  const pages = changedPages(found.site, found.stories);
  for (let start = 0; start < pages.length; start += INDEXNOW_MAX_URLS) {
    await post(deps, 'IndexNow', settings.endpoint, {
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({
        host: new URL(origin).host,
        key: settings.key,
        keyLocation: urls.absolute(origin, urls.indexNowKeyFile(settings.key)),
        urlList: pages.slice(start, start + INDEXNOW_MAX_URLS),
      }),
    });
  }
  return { urls: pages.length };
}

export async function publishToWebSub(deps: JobDeps, storyUuids: readonly string[]): Promise<{ feeds: number }> {
  const hub = deps.config.webSubHub;
  const found = hub ? await liveStories(deps, storyUuids) : null;
  if (!hub || !found) return { feeds: 0 };
  const feeds = changedFeeds(found.site, found.stories);
  for (const feed of feeds) {
    await post(deps, 'WebSub hub', hub, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ 'hub.mode': 'publish', 'hub.url': feed }).toString(),
    });
  }
  return { feeds: feeds.length };
}
