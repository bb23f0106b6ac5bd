/**
 * Secret links of stories: `/s/{token}` and `/s/{token}.json`. What they show and why:
 * src/pages/secret-story.ts. A recipient's opening is counted after the answer.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { agentBit } from '#src/domain/recipient-link';
import { playerOriginsInHtml } from '#src/domain/video-embed';
import { urls } from '#src/i18n/urls';
import { PRIVATE_PAGE_HEADERS } from '#src/http/cache-rules';
import { playerSources } from '#src/http/content-security-policy';
import { quietSite } from '#src/http/private-page';
import { renderPage } from '#src/http/render-page';
import { logEvent } from '#src/log';
import { storyJson } from '#src/pages/json-form';
import { storyLastModified } from '#src/pages/story';
import { jsonAlternate } from '#src/http/json-alternate';
import { loadSharedStory } from '#src/pages/secret-story';
import { StoryPage } from '#src/views/screens/story-page';

/** Counts a recipient's opening after the answer (a failed count never fails the page). */
function countOpening(c: Context<AppEnv>, linkId: number): void {
  const counted = agentBit(c.req.header('User-Agent'))
    .then((bit) => c.var.deps.recipientLinks.recordOpening(linkId, Math.floor(Date.now() / 1000), bit))
    .catch((error: unknown) => logEvent('recipient_opening_not_counted', { error: (error as Error).message }, 'warn'));
  c.executionCtx.waitUntil(counted);
}

export const secretStoryLinks = new Hono<AppEnv>()
  .get('/:file{[^/]+\\.json}', async (c) => {
    const site = quietSite(c);
    const model = await loadSharedStory(c.var.deps, site, c.req.param('file').slice(0, -'.json'.length), urls.storyJson);
    return jsonAlternate(c, storyJson(model, site), { lastModified: storyLastModified(model.story), indexable: false, headers: PRIVATE_PAGE_HEADERS, locale: model.story.locale });
  })
  .get('/:token', async (c) => {
    const site = quietSite(c);
    // Counted: a page a person asked for (GET), not a HEAD from a link checker; the JSON
    // alternate is a machine's and counts nothing either.
    const model = await loadSharedStory(c.var.deps, site, c.req.param('token'), urls.story, c.req.method === 'GET' ? (linkId) => countOpening(c, linkId) : undefined);
    // A player sends only this site's origin (its `referrerpolicy`), never the secret address.
    const cspSources = playerSources(playerOriginsInHtml(model.story.body_html));
    return renderPage(c, { shell: model.layout.shell, document: c.render(<StoryPage model={model} />), headers: PRIVATE_PAGE_HEADERS, cspSources });
  });
