/** Media galleries: the index `[/{locale}]/media` (6 per page) and a gallery `[/{locale}]/media/album/{uuid}`. */
import { Hono } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { NotFoundError } from '#src/domain/errors';
import { playerOriginsOf, videoEmbedOf } from '#src/domain/video-embed';
import { jsonAlternate } from '#src/http/json-alternate';
import { requireSite } from '#src/http/require-site';
import { checkGalleryIndexPage, findGallery, loadGallery, loadGalleryIndex, loadGalleryJson } from '#src/pages/galleries';
import { documentShell } from '#src/pages/layout';
import { GalleryIndexPage, GalleryPage } from '#src/views/screens/gallery-pages';
import { archiveResponse } from '#src/http/archive-response';
import { pageQuery } from '#src/http/page-param';
import { playerSources } from '#src/http/content-security-policy';
import { renderPage } from '#src/http/render-page';

export const galleries = new Hono<AppEnv>()
  .get('/media', pageQuery, async (c) => {
    const site = requireSite(c);
    const { page } = c.req.valid('query');
    // Its status is known from the newsroom's gallery count: the page streams (src/http/render-page.ts).
    checkGalleryIndexPage(site, page);
    const document = loadGalleryIndex(c.var.deps, site, c.var.locale, page).then((model) => c.render(<GalleryIndexPage model={model} />));
    return renderPage(c, { shell: documentShell(site, c.var.locale), document, streamable: true });
  })
  // The JSON alternate: the gallery as docs/spec-coverage.md section 3 shapes it.
  .get('/media/album/:file{[0-9a-f-]{36}\\.json}', async (c) => {
    const { json, lastModified } = await loadGalleryJson(c.var.deps, requireSite(c), c.var.locale, c.req.param('file').slice(0, -'.json'.length));
    return jsonAlternate(c, json, { lastModified, indexable: true });
  })
  .get('/media/album/:uuid', async (c) => {
    const model = await loadGallery(c.var.deps, requireSite(c), c.var.locale, c.req.param('uuid'));
    const cspSources = playerSources(playerOriginsOf(model.gallery.videos.flatMap((video) => videoEmbedOf(video.url) ?? [])));
    return renderPage(c, { shell: model.layout.shell, document: c.render(<GalleryPage model={model} />), cspSources });
  })
  // Every image of the gallery, originals, in one ZIP.
  .get('/media/album/:uuid/download', async (c) => {
    const uuid = c.req.param('uuid');
    const gallery = await findGallery(c.var.deps, uuid);
    if (gallery.images.length === 0) throw new NotFoundError(`Gallery ${uuid} archive`);
    return archiveResponse(c, gallery.title, gallery.images);
  });
