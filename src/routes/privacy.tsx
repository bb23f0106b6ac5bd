/**
 * The privacy portal `/{locale}/newsroom/{newsroom uuid}/{action}`: subscribe (the default action,
 * double opt-in) and data requests, plus the confirm and unsubscribe links sent by mail. The
 * locale is always in these addresses (they name the portal's language). Forms post back to the
 * same address and redirect after a successful post, so everything works without JavaScript.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, Deps } from '#src/env';
import { NotFoundError } from '#src/domain/errors';
import { categoriesForLocale } from '#src/domain/category';
import type { SiteContext } from '#src/domain/ports';
import { DATA_REQUEST_KINDS, FORM_MESSAGES, normaliseEmail, validateSubscriberEmail, type DataRequestKind } from '#src/domain/subscriber';
import { formatMessage, messagesFor, type MessageId } from '#src/i18n/translate';
import { urls } from '#src/i18n/urls';
import { cacheRules } from '#src/middleware/cache-rules';
import type { PrivacyPageModel, PrivacyView } from '#src/views/page-model';
import { PrivacyPage } from '#src/views/pages/privacy-page';
import { renderHtml } from '#src/views/render';
import { buildLayout, pageTitle } from './layout-model';
import { redirect } from './redirect';

const MAX_MESSAGE_LENGTH = 5000;

function portalSite(c: Context<AppEnv>): { site: SiteContext; locale: string } {
  const site = c.var.site;
  const locale = c.req.param('locale') ?? '';
  if (!site || site.newsroom.uuid !== c.req.param('uuid') || !site.languages.some((language) => language.code === locale)) {
    throw new NotFoundError('Privacy portal');
  }
  c.set('locale', locale);
  return { site, locale };
}

function buildModel(deps: Deps, site: SiteContext, locale: string, path: string, view: PrivacyView): PrivacyPageModel {
  const t = (id: MessageId) => formatMessage(locale, messagesFor(locale), id);
  const title = view.kind === 'data-request' || view.kind === 'received' ? t('data_request.title') : view.kind.startsWith('unsubscribe') ? t('unsubscribe.title') : t('subscribe.title');
  return {
    layout: buildLayout({
      site,
      config: deps.config,
      locale,
      path,
      title: pageTitle(site, locale, title),
      description: '',
      pageTranslations: site.languages.map((language) => ({ code: language.code, href: urls.privacy(language.code, site.newsroom.uuid, view.kind === 'data-request' || view.kind === 'received' ? 'data-request' : 'subscribe') })),
      // Portal pages are per visitor and say nothing worth indexing.
      indexable: false,
    }),
    title,
    view,
    action: path,
    categories: categoriesForLocale(site.categories, locale).map((category) => ({ id: category.id, name: category.i18n[locale]!.name })),
  };
}

async function page(c: Context<AppEnv>, site: SiteContext, locale: string, view: PrivacyView, status = 200) {
  const path = new URL(c.req.url).pathname;
  return renderHtml(<PrivacyPage model={buildModel(c.var.deps, site, locale, path, view)} />, {
    status,
    // Private to the visitor: never stored by a shared cache.
    headers: { 'Cache-Control': cacheRules.private },
    waitForAll: true,
  });
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const now = () => Math.floor(Date.now() / 1000);

/** The posted form; a body that is not a readable form counts as an empty one (a 400, not a 500). */
async function readForm(c: Context<AppEnv>): Promise<Record<string, string | File | (string | File)[]>> {
  try {
    return await c.req.parseBody({ all: true });
  } catch {
    return {};
  }
}

async function subscribeForm(c: Context<AppEnv>) {
  const { site, locale } = portalSite(c);
  const status = c.req.query('status');
  return page(c, site, locale, status === 'pending' ? { kind: 'pending' } : { kind: 'subscribe', email: '', error: null, selected: [] });
}

async function subscribePost(c: Context<AppEnv>) {
  const { site, locale } = portalSite(c);
  const form = await readForm(c);
  const email = typeof form.email === 'string' ? form.email : '';
  const known = new Set(site.categories.map((category) => category.id));
  const selected = [form.categories ?? []].flat().map(Number).filter((id) => known.has(id));
  const error = validateSubscriberEmail(email);
  if (error) return page(c, site, locale, { kind: 'subscribe', email, error, selected }, 400);
  const { subscriptions, mailer } = c.var.deps;
  try {
    const result = await subscriptions.subscribe({ email: normaliseEmail(email), locale, categories: selected, token: randomToken(), now: now() });
    // An address that is already subscribed gets the same answer (no mail): the page must not
    // tell a stranger who is on the list.
    if (result.created && result.token) {
      const origin = new URL(c.req.url).origin;
      const name = site.companies[locale]?.name ?? site.newsroom.display_name;
      const messages = messagesFor(locale);
      await mailer.send({
        to: normaliseEmail(email),
        subject: formatMessage(locale, messages, 'subscribe.mail_subject', { name }),
        text: formatMessage(locale, messages, 'subscribe.mail_body', {
          name,
          link: urls.absolute(origin, urls.confirmSubscription(locale, site.newsroom.uuid, result.token)),
          unsubscribe: urls.absolute(origin, urls.unsubscribe(locale, site.newsroom.uuid, result.token)),
        }),
      });
    }
  } catch (failure) {
    console.error(JSON.stringify({ message: 'Subscription failed', error: String(failure), locale }));
    return page(c, site, locale, { kind: 'subscribe', email, error: FORM_MESSAGES.failed, selected }, 503);
  }
  return redirect(c, `${new URL(c.req.url).pathname}?status=pending`, 303);
}

export const privacy = new Hono<AppEnv>()
  .get('/', subscribeForm)
  .get('/subscribe', subscribeForm)
  .post('/', subscribePost)
  .post('/subscribe', subscribePost)
  .get('/subscribe/confirm/:token', async (c) => {
    const { site, locale } = portalSite(c);
    const confirmed = await c.var.deps.subscriptions.confirm(c.req.param('token'), now());
    return page(c, site, locale, { kind: confirmed ? 'confirmed' : 'invalid' }, confirmed ? 200 : 404);
  })
  .get('/unsubscribe/:token', async (c) => {
    const { site, locale } = portalSite(c);
    if (c.req.query('status') === 'done') return page(c, site, locale, { kind: 'unsubscribed' });
    const subscriber = await c.var.deps.subscriptions.findByToken(c.req.param('token'));
    if (!subscriber) return page(c, site, locale, { kind: 'invalid' }, 404);
    // Once unsubscribed, the link says so and no longer shows whose it was.
    if (subscriber.status === 'unsubscribed') return page(c, site, locale, { kind: 'unsubscribed' });
    return page(c, site, locale, { kind: 'unsubscribe', email: subscriber.email });
  })
  // The form's button, and RFC 8058 one-click unsubscribe: a mail client POSTs
  // `List-Unsubscribe=One-Click` to the address in an alert's List-Unsubscribe header, and is
  // answered directly (no redirect to follow).
  .post('/unsubscribe/:token', async (c) => {
    const { site, locale } = portalSite(c);
    const form = await readForm(c);
    const done = await c.var.deps.subscriptions.unsubscribe(c.req.param('token'), now());
    if (!done) return page(c, site, locale, { kind: 'invalid' }, 404);
    if (form['List-Unsubscribe'] === 'One-Click') return page(c, site, locale, { kind: 'unsubscribed' });
    return redirect(c, `${new URL(c.req.url).pathname}?status=done`, 303);
  })
  .get('/data-request', async (c) => {
    const { site, locale } = portalSite(c);
    if (c.req.query('status') === 'received') return page(c, site, locale, { kind: 'received' });
    return page(c, site, locale, { kind: 'data-request', email: '', error: null, requestKind: 'access', message: '' });
  })
  .post('/data-request', async (c) => {
    const { site, locale } = portalSite(c);
    const form = await readForm(c);
    const email = typeof form.email === 'string' ? form.email : '';
    const kind = [form.kind].flat()[0];
    const requestKind = typeof kind === 'string' && (DATA_REQUEST_KINDS as readonly string[]).includes(kind) ? (kind as DataRequestKind) : 'other';
    const message = typeof form.message === 'string' ? form.message.slice(0, MAX_MESSAGE_LENGTH) : '';
    const error = validateSubscriberEmail(email);
    if (error) return page(c, site, locale, { kind: 'data-request', email, error, requestKind, message }, 400);
    try {
      await c.var.deps.subscriptions.recordDataRequest({ email: normaliseEmail(email), locale, kind: requestKind, message, now: now() });
    } catch (failure) {
      console.error(JSON.stringify({ message: 'Data request failed', error: String(failure), locale }));
      return page(c, site, locale, { kind: 'data-request', email, error: FORM_MESSAGES.failed, requestKind, message }, 503);
    }
    return redirect(c, `${new URL(c.req.url).pathname}?status=received`, 303);
  })
  // Any other action of the portal does not exist (answered here, not by the locale redirect).
  .all('*', () => {
    throw new NotFoundError('Privacy portal action');
  });
