/**
 * The privacy portal `/{locale}/newsroom/{newsroom uuid}/{action}`: subscribe (the default action,
 * double opt-in) and data requests, plus the confirm and unsubscribe links sent by mail. The
 * locale is always in these addresses (they name the portal's language). Forms post back to the
 * same address and redirect after a successful post, so everything works without JavaScript.
 *
 * The feature, read from here: this folder holds its routes and their parts: the pages
 * (./page.tsx, their model src/pages/privacy-portal.ts, their view
 * src/views/screens/privacy-portal-page.tsx), what requests carry (./forms.ts), what every post goes
 * through against abuse (./post.ts: the honeypot, Turnstile, per-client limits), the requests and
 * their mail (./requests.ts), and the mailed links, which only show a page with a button:
 * confirming takes a POST, so mail scanners that open links confirm nothing (./links.ts). Portal
 * pages send no Referer and run no analytics (src/http/private-page.ts): their addresses hold
 * tokens. Below them: subscribers and requests as domain rules (src/domain/subscriber.ts,
 * src/domain/subscription-ports.ts), their D1 store (src/platform/d1/subscription-store.ts), the
 * mail (src/domain/mail-ports.ts, src/jobs/deliver-mail.ts) and the footer's subscribe form in the
 * browser (src/client/subscribe-form.ts). "Privacy" alone names the privacy policy, never this.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { NotFoundError } from '#src/domain/errors';
import { dataRequestForm, inquiryForm, statusQuery, subscribeForm, unsubscribeForm } from './forms';
import { inquiryPost } from './inquiry';
import { inquiryFormModel } from '#src/pages/inquiry-form';
import { urlContextOf, urls } from '#src/i18n/urls';
import { dataRequestLink, subscriptionLink } from './links';
import { portalPage, portalSite } from './page';
import { now } from './post';
import { dataRequestPost, subscribePost } from './requests';
import { redirect } from '#src/http/redirect';

function subscribePage(c: Context<AppEnv>, status: string | undefined) {
  const { site, locale } = portalSite(c);
  return portalPage(c, site, locale, status === 'pending' ? { kind: 'pending' } : { kind: 'subscribe', email: '', error: null, selected: [] });
}

export const privacyPortal = new Hono<AppEnv>()
  .get('/', statusQuery, (c) => subscribePage(c, c.req.valid('query').status))
  .get('/subscribe', statusQuery, (c) => subscribePage(c, c.req.valid('query').status))
  .post('/', subscribeForm, (c) => subscribePost(c, c.req.valid('form')))
  .post('/subscribe', subscribeForm, (c) => subscribePost(c, c.req.valid('form')))
  .get('/subscribe/confirm/:token', subscriptionLink.open)
  .post('/subscribe/confirm/:token', subscriptionLink.press)
  .get('/unsubscribe/:token', statusQuery, async (c) => {
    const { site, locale } = portalSite(c);
    if (c.req.valid('query').status === 'done') return portalPage(c, site, locale, { kind: 'unsubscribed' });
    const subscriber = await c.var.deps.subscriptions.findByToken(c.req.param('token'));
    if (!subscriber) return portalPage(c, site, locale, { kind: 'invalid' }, 404);
    // Once unsubscribed, the link says so and no longer shows whose it was.
    if (subscriber.status === 'unsubscribed') return portalPage(c, site, locale, { kind: 'unsubscribed' });
    return portalPage(c, site, locale, { kind: 'unsubscribe', email: subscriber.email });
  })
  // The form's button, and RFC 8058 one-click unsubscribe: a mail client POSTs
  // `List-Unsubscribe=One-Click` to the address in an alert's List-Unsubscribe header, and is
  // answered directly (no redirect to follow).
  .post('/unsubscribe/:token', unsubscribeForm, async (c) => {
    const { site, locale } = portalSite(c);
    const form = c.req.valid('form');
    const done = await c.var.deps.subscriptions.unsubscribe(c.req.param('token'), now());
    if (!done) return portalPage(c, site, locale, { kind: 'invalid' }, 404);
    if (form['List-Unsubscribe'] === 'One-Click') return portalPage(c, site, locale, { kind: 'unsubscribed' });
    return redirect(c, `${new URL(c.req.url).pathname}?status=done`, 303);
  })
  .get('/data-request', statusQuery, async (c) => {
    const { site, locale } = portalSite(c);
    const status = c.req.valid('query').status;
    if (status === 'pending') return portalPage(c, site, locale, { kind: 'data-request-pending' });
    if (status === 'recorded') return portalPage(c, site, locale, { kind: 'data-request-recorded' });
    return portalPage(c, site, locale, { kind: 'data-request', email: '', error: null, requestKind: 'access', message: '' });
  })
  .post('/data-request', dataRequestForm, (c) => dataRequestPost(c, c.req.valid('form')))
  // "Ask the press office" (./inquiry.ts): posted from a story, gallery or home page; its own
  // page is the form about the newsroom (and where a post with a mistake is shown again).
  .get('/inquiry', (c) => {
    const { site, locale } = portalSite(c);
    const form = { ...inquiryFormModel(site, locale, urls.home(urlContextOf(site), locale)), turnstileSiteKey: c.var.deps.config.turnstile?.siteKey ?? null };
    return portalPage(c, site, locale, { kind: 'inquiry', form });
  })
  .post('/inquiry', inquiryForm, (c) => inquiryPost(c, c.req.valid('form')))
  .get('/data-request/confirm/:token', dataRequestLink.open)
  .post('/data-request/confirm/:token', dataRequestLink.press)
  // Any other action of the portal does not exist (answered here, not by the locale redirect).
  .all('*', () => {
    throw new NotFoundError('Privacy portal action');
  });
