/**
 * `/press/leave/{token}`: a journalist leaves the media list from a press mail (src/pages/press-leave.ts).
 * GET shows the button; POST (the button, or a mail client's `List-Unsubscribe=One-Click`, which
 * needs no redirect to follow) deletes them. Private like every page whose address is a secret.
 */
import { Hono } from 'hono';
import type { AppEnv } from '#src/env';
import { PRIVATE_PAGE_HEADERS } from '#src/middleware/cache-rules';
import { loadLeavePage, leaveMediaList } from '#src/pages/press-leave';
import { PrivacyPage } from '#src/views/pages/privacy-page';
import { quietSite } from './private-page';
import { renderPage } from './render-page';
import { unsubscribeForm } from './portal-forms';

export const pressLeave = new Hono<AppEnv>()
  .get('/:token', async (c) => {
    const model = await loadLeavePage(c.var.deps, quietSite(c), c.req.param('token'));
    c.set('locale', model.layout.context.localeCode);
    return renderPage(<PrivacyPage model={model} />, { headers: PRIVATE_PAGE_HEADERS });
  })
  .post('/:token', unsubscribeForm, async (c) => {
    const model = await leaveMediaList(c.var.deps, quietSite(c), c.req.param('token'));
    c.set('locale', model.layout.context.localeCode);
    return renderPage(<PrivacyPage model={model} />, { headers: PRIVATE_PAGE_HEADERS });
  });
