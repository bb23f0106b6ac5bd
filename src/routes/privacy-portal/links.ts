/** The confirmation links of the portal's mail: a subscription's and a data request's. */
import type { Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import type { Deps } from '#src/deps';
import type { PortalView } from '#src/pages/privacy-portal';
import { portalPage, portalSite } from './page';
import { now } from './post';

/**
 * A mailed confirmation link: opening it (GET) shows a page with one button if the token still
 * works; only the button's POST confirms (mail scanners open links, they do not press buttons).
 */
function confirmationLink(
  find: (deps: Deps, token: string) => Promise<unknown>,
  confirm: (deps: Deps, token: string) => Promise<boolean>,
  views: { ask: PortalView; done: PortalView },
) {
  const open = async (c: Context<AppEnv>) => {
    const { site, locale } = portalSite(c);
    const found = await find(c.var.deps, c.req.param('token') ?? '');
    return found ? portalPage(c, site, locale, views.ask) : portalPage(c, site, locale, { kind: 'invalid' }, 404);
  };
  const press = async (c: Context<AppEnv>) => {
    const { site, locale } = portalSite(c);
    const confirmed = await confirm(c.var.deps, c.req.param('token') ?? '');
    return confirmed ? portalPage(c, site, locale, views.done) : portalPage(c, site, locale, { kind: 'invalid' }, 404);
  };
  return { open, press };
}

export const subscriptionLink = confirmationLink(
  (deps, token) => deps.subscriptions.findPendingSubscription(token, now()),
  (deps, token) => deps.subscriptions.confirm(token, now()),
  { ask: { kind: 'confirm-subscription' }, done: { kind: 'confirmed' } },
);
export const dataRequestLink = confirmationLink(
  (deps, token) => deps.subscriptions.findPendingDataRequest(token, now()),
  (deps, token) => deps.subscriptions.confirmDataRequest(token, now()),
  { ask: { kind: 'confirm-data-request' }, done: { kind: 'received' } },
);

