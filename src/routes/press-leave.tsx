/**
 * `/press/leave/{token}`: a journalist leaves the media list from a press mail (src/pages/press-leave.ts).
 * GET shows the button; POST (the button, or a mail client's `List-Unsubscribe=One-Click`, which
 * needs no redirect to follow) deletes them. Private like every page whose address is a secret.
 */
import { Hono } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { PRIVATE_PAGE_HEADERS } from '#src/http/cache-rules';
import { loadLeavePage, leaveMediaList } from '#src/pages/press-leave';
import { PrivacyPortalPage } from '#src/views/screens/privacy-portal-page';
import { quietSite } from '#src/http/private-page';
import { renderPage } from '#src/http/render-page';
import { unsubscribeForm } from '#src/routes/privacy-portal/forms';

export const pressLeave = new Hono<AppEnv>()
  .get('/:token', async (c) => {
    const model = await loadLeavePage(c.var.deps, quietSite(c), c.req.param('token'));
    return renderPage(c, { shell: model.layout.shell, document: c.render(<PrivacyPortalPage model={model} />), headers: PRIVATE_PAGE_HEADERS });
  })
  .post('/:token', unsubscribeForm, async (c) => {
    const model = await leaveMediaList(c.var.deps, quietSite(c), c.req.param('token'));
    return renderPage(c, { shell: model.layout.shell, document: c.render(<PrivacyPortalPage model={model} />), headers: PRIVATE_PAGE_HEADERS });
  });
