/**
 * A journalist's own page, `/press/{token}`, and each embargoed release's calendar file,
 * `/press/{token}/{story uuid}.ics` (src/pages/journalist-page.ts). Private like every page whose
 * address is a secret: never cached (the page cache skips `/press/`), unindexed, no Referer, and
 * rendered for the newsroom with every third party off.
 */
import { Hono } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { PRIVATE_PAGE_HEADERS } from '#src/http/cache-rules';
import { quietSite } from '#src/http/private-page';
import { renderPage } from '#src/http/render-page';
import { loadJournalistPage, loadReleaseCalendar } from '#src/pages/journalist-page';
import { JournalistPage } from '#src/views/screens/journalist-page';

export const journalistPages = new Hono<AppEnv>()
  .get('/:token', async (c) => {
    const model = await loadJournalistPage(c.var.deps, quietSite(c), c.req.param('token'));
    return renderPage(c, { shell: model.layout.shell, document: c.render(<JournalistPage model={model} />), headers: PRIVATE_PAGE_HEADERS });
  })
  .get('/:token/:file{[^/]+\\.ics}', async (c) => {
    const uuid = c.req.param('file').slice(0, -'.ics'.length);
    const calendar = await loadReleaseCalendar(c.var.deps, quietSite(c), c.req.param('token'), uuid, Math.floor(Date.now() / 1000));
    return c.body(calendar.text, 200, {
      ...PRIVATE_PAGE_HEADERS,
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${calendar.fileName}"`,
    });
  });
