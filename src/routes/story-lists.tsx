/**
 * The paged story lists (the homepage, a category, a tag), each at its address and its `.md`
 * twin, with `?page=N` as load more without JavaScript. The HTML address negotiates Markdown.
 * A list whose page can be checked from the newsroom's counts (`check`) streams: the start of the
 * document leaves before its stories are read (src/http/render-page.ts).
 */
import { Hono, type Context } from 'hono';
import type { ReactElement } from 'react';
import type { AppEnv } from '#src/http/app-env';
import type { Deps } from '#src/deps';
import type { SiteContext } from '#src/domain/ports';
import { requireSite } from '#src/http/require-site';
import { categoryMarkdown, checkCategory, loadCategory } from '#src/pages/category';
import { checkHomepage, homeMarkdown, loadHomepage } from '#src/pages/home';
import { documentShell } from '#src/pages/layout';
import type { LayoutModel } from '#src/pages/model';
import { loadTag, tagMarkdown } from '#src/pages/tag';
import { CategoryPage } from '#src/views/screens/category-page';
import { HomePage } from '#src/views/screens/home-page';
import { TagPage } from '#src/views/screens/tag-page';
import { markdownResponse, negotiatedPage } from '#src/http/negotiation';
import { pageQuery } from '#src/http/page-param';

interface StoryList<Model extends { layout: LayoutModel }> {
  /** The HTML address, and its Markdown twin (`{key}` is the list's own part of the address). */
  readonly html: string;
  readonly markdown: string;
  /** The list's own part of the address (a slug, a tag), from the matched route. */
  readonly key: (c: Context<AppEnv>, markdown: boolean) => string;
  readonly load: (deps: Deps, site: SiteContext, locale: string, key: string, page: number) => Promise<Model>;
  /** Throws NotFoundError for a page that does not exist, from the newsroom alone (no query). */
  readonly check?: (site: SiteContext, locale: string, key: string, page: number) => void;
  readonly view: (model: Model) => ReactElement;
  readonly markdownOf: (model: Model) => string;
}

function storyListRoutes<Model extends { layout: LayoutModel }>(list: StoryList<Model>) {
  return new Hono<AppEnv>()
    .get(list.markdown, pageQuery, async (c) => {
      const model = await list.load(c.var.deps, requireSite(c), c.var.locale, list.key(c, true), c.req.valid('query').page);
      return markdownResponse(c, list.markdownOf(model), model.layout.head, { negotiated: false });
    })
    .get(list.html, pageQuery, async (c) => {
      const site = requireSite(c);
      const { locale } = c.var;
      const key = list.key(c, false);
      const { page } = c.req.valid('query');
      const load = () => list.load(c.var.deps, site, locale, key, page);
      return negotiatedPage(c, {
        html: async () => {
          if (!list.check) {
            const model = await load();
            return { shell: model.layout.shell, document: c.render(list.view(model)) };
          }
          list.check(site, locale, key, page);
          return { shell: documentShell(site, locale), document: load().then((model) => c.render(list.view(model))), streamable: true };
        },
        markdown: async () => {
          const model = await load();
          return { text: list.markdownOf(model), head: model.layout.head };
        },
      });
    });
}

/** The `.md` file's name without its extension, or the HTML route's parameter. */
const segment = (param: string) => (c: Context<AppEnv>, markdown: boolean) => (markdown ? c.req.param('file')!.slice(0, -'.md'.length) : c.req.param(param)!);

export const home = storyListRoutes({
  html: '/',
  markdown: '/index.md',
  key: () => '',
  load: (deps, site, locale, _key, page) => loadHomepage(deps, site, locale, page),
  check: (site, locale, _key, page) => checkHomepage(site, locale, page),
  view: (model) => <HomePage model={model} />,
  markdownOf: homeMarkdown,
});

export const category = storyListRoutes({
  html: '/category/:slug',
  markdown: '/category/:file{[^/]+\\.md}',
  key: segment('slug'),
  load: loadCategory,
  check: checkCategory,
  view: (model) => <CategoryPage model={model} />,
  markdownOf: categoryMarkdown,
});

// A tag that itself ends in ".md" is read as the Markdown form of the shorter tag.
export const tag = storyListRoutes({
  html: '/tag/:tag',
  markdown: '/tag/:file{[^/]+\\.md}',
  key: segment('tag'),
  load: loadTag,
  view: (model) => <TagPage model={model} />,
  markdownOf: tagMarkdown,
});
