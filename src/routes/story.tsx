/** A story at the root path `/{slug}`, in its own language, with its JSON, Markdown and ZIP forms. */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { NotFoundError } from '#src/domain/errors';
import { isPubliclyVisible } from '#src/domain/story';
import { playerOriginsInHtml } from '#src/domain/video-embed';
import { jsonAlternate } from '#src/http/json-alternate';
import { requireSite } from '#src/http/require-site';
import { storyJson } from '#src/pages/json-form';
import { storyMarkdown } from '#src/pages/markdown-form';
import { loadStory, storyLastModified } from '#src/pages/story';
import { StoryPage } from '#src/views/screens/story-page';
import { archiveResponse } from '#src/http/archive-response';
import { markdownResponse, negotiatedPage } from '#src/http/negotiation';
import { playerSources } from '#src/http/content-security-policy';

/** The story routes' patterns: readership counts the requests they answer (src/middleware/readership.ts). */
export const STORY_ROUTES = { json: '/:file{[^/]+\\.json}', md: '/:file{[^/]+\\.md}', page: '/:slug' } as const;

export const story = new Hono<AppEnv>()
  // The JSON alternate `/{slug}.json`: the same visibility rules as the page.
  .get(STORY_ROUTES.json, async (c) => {
    const site = requireSite(c);
    const model = await loadStory(c.var.deps, site, c.req.param('file').slice(0, -'.json'.length));
    return jsonAlternate(c, storyJson(model, site), { lastModified: storyLastModified(model.story), indexable: model.layout.head.indexable, locale: model.story.locale });
  })
  // The Markdown alternate `/{slug}.md`: the same visibility rules as the page.
  .get(STORY_ROUTES.md, async (c) => {
    const { text, head, lastModified, locale } = await storyMarkdownForm(c, c.req.param('file').slice(0, -'.md'.length));
    return markdownResponse(c, text, head, { negotiated: false, lastModified, locale });
  })
  // The story's media, originals, in one ZIP (public stories only).
  .get('/:slug/download', async (c) => {
    const page = await c.var.deps.content.getStoryPage(c.req.param('slug'), 0);
    const found = page?.story;
    if (!found || !isPubliclyVisible(found) || found.media_files.length === 0) throw new NotFoundError(`Story ${c.req.param('slug')} archive`);
    return archiveResponse(c, found.title, found.media_files);
  })
  .get(STORY_ROUTES.page, (c) =>
    negotiatedPage(c, {
      html: async () => {
        const model = await loadStory(c.var.deps, requireSite(c), c.req.param('slug'));
        const headers: Record<string, string> = model.layout.head.indexable ? {} : { 'X-Robots-Tag': 'noindex' };
        // Its shell is in the story's language; its policy frames exactly its players.
        return { shell: model.layout.shell, document: c.render(<StoryPage model={model} />), headers, cspSources: playerSources(playerOriginsInHtml(model.story.body_html)) };
      },
      markdown: () => storyMarkdownForm(c, c.req.param('slug')),
    }),
  );

/** The story's Markdown form (its body loaded as Markdown), naming its page as canonical, in the story's language. */
async function storyMarkdownForm(c: Context<AppEnv>, slug: string) {
  const model = await loadStory(c.var.deps, requireSite(c), slug, 'markdown');
  return { text: storyMarkdown(model), head: model.layout.head, lastModified: storyLastModified(model.story), locale: model.story.locale };
}
