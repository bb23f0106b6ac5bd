/**
 * The privacy portal `/{locale}/newsroom/{newsroom uuid}/{action}`: subscribe (the default action,
 * double opt-in) and data requests, plus the confirm and unsubscribe links sent by mail. The
 * locale is always in these addresses (they name the portal's language). Forms post back to the
 * same address and redirect after a successful post, so everything works without JavaScript.
 *
 * Against abuse (docs/decisions/0017-abuse-limits.md, 0018-token-lifecycle.md): posts from other
 * sites are refused before this (middleware/request-limits.ts); each client has a rate limit;
 * a filled honeypot field is answered as success and does nothing; each mailbox gets at most a few
 * confirmation mails a day; the answer to a subscribe is the same whether the address is new,
 * pending or confirmed, and its mail goes through the outbox, so neither the page nor its timing
 * tells who is on the list. A mailed link only shows a page with a button: confirming takes a
 * POST, so mail scanners that open links confirm nothing. Portal pages send no Referer and run no
 * analytics (./private-page.ts): their addresses hold tokens.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, Deps } from '#src/env';
import { requireSite } from '#src/middleware/require-site';
import { NotFoundError } from '#src/domain/errors';
import { limitClient } from '#src/middleware/request-limits';
import { categoriesForLocale } from '#src/domain/category';
import type { SiteContext } from '#src/domain/ports';
import {
  canonicalMailbox,
  CONFIRM_TOKEN_TTL_SECONDS,
  DATA_REQUEST_KINDS,
  FORM_MESSAGES,
  HONEYPOT_FIELD,
  newMailToken,
  normaliseEmail,
  validateSubscriberEmail,
} from '#src/domain/subscriber';
import { formatMessage, messagesFor, type MessageId } from '#src/i18n/translate';
import { urls } from '#src/i18n/urls';
import type { PrivacyPageModel, PrivacyView } from '#src/views/page-model';
import { PrivacyPage } from '#src/views/pages/privacy-page';
import { renderPage } from './render-page';
import { buildLayout, pageTitle } from './layout-model';
import { TURNSTILE_SOURCES } from '#src/middleware/security';
import { TURNSTILE_RESPONSE_FIELD } from '#src/domain/turnstile';
import { verifyTurnstile } from '#src/platform/turnstile/verify';
import { PRIVATE_PAGE_HEADERS, quietSite } from './private-page';
import { redirect } from './redirect';
import { firstValue, formBody, formText, validate, wrongAddress } from './validate';
import * as z from 'zod/mini';

const MAX_MESSAGE_LENGTH = 5000;

function portalSite(c: Context<AppEnv>): { site: SiteContext; locale: string } {
  const locale = c.req.param('locale') ?? '';
  const site = requireSite(c);
  if (site.newsroom.uuid !== c.req.param('uuid') || !site.languages.some((language) => language.code === locale)) throw new NotFoundError('Privacy portal');
  c.set('locale', locale);
  return { site: quietSite(c), locale };
}

const DATA_REQUEST_VIEWS: ReadonlySet<PrivacyView['kind']> = new Set(['data-request', 'data-request-pending', 'confirm-data-request', 'received']);
/** The views with a form a stranger fills in: the only ones with Turnstile (when configured). */
const FORM_VIEWS: ReadonlySet<PrivacyView['kind']> = new Set(['subscribe', 'data-request']);

function buildModel(deps: Deps, site: SiteContext, locale: string, path: string, view: PrivacyView): PrivacyPageModel {
  const t = (id: MessageId) => formatMessage(locale, messagesFor(locale), id);
  const isDataRequest = DATA_REQUEST_VIEWS.has(view.kind);
  const title = isDataRequest ? t('data_request.title') : view.kind.startsWith('unsubscribe') ? t('unsubscribe.title') : t('subscribe.title');
  return {
    layout: buildLayout({
      site,
      config: deps.config,
      locale,
      path,
      title: pageTitle(site, locale, title),
      description: '',
      pageTranslations: site.languages.map((language) => ({ code: language.code, href: urls.privacy(language.code, site.newsroom.uuid, isDataRequest ? 'data-request' : 'subscribe') })),
      // Portal pages are per visitor and say nothing worth indexing.
      indexable: false,
    }),
    title,
    view,
    action: path,
    categories: categoriesForLocale(site.categories, locale).map((category) => ({ id: category.id, name: category.i18n[locale]!.name })),
    companyName: site.companies[locale]?.name ?? site.newsroom.display_name,
    turnstileSiteKey: FORM_VIEWS.has(view.kind) ? (deps.config.turnstile?.siteKey ?? null) : null,
  };
}

async function page(c: Context<AppEnv>, site: SiteContext, locale: string, view: PrivacyView, status = 200) {
  const path = new URL(c.req.url).pathname;
  // Turnstile's widget is the one third party a portal form page may load, and only when set up.
  if (c.var.deps.config.turnstile && FORM_VIEWS.has(view.kind)) c.set('cspExtra', TURNSTILE_SOURCES);
  // Private to the visitor, and the address may hold a token: no cache, no Referer, no index.
  return renderPage(<PrivacyPage model={buildModel(c.var.deps, site, locale, path, view)} />, { status, headers: PRIVATE_PAGE_HEADERS });
}

const now = () => Math.floor(Date.now() / 1000);

/** What both portal forms carry besides their own fields: the honeypot and Turnstile's token. */
const GUARD_FIELDS = { [HONEYPOT_FIELD]: formText, [TURNSTILE_RESPONSE_FIELD]: formText };
type Guarded = { readonly [HONEYPOT_FIELD]: string; readonly [TURNSTILE_RESPONSE_FIELD]: string };

const SubscribeFields = z.object({
  email: formText,
  // The chosen ids as numbers: the handler keeps the newsroom's own.
  categories: z.transform((value: unknown) => [value ?? []].flat().map(Number)),
  ...GUARD_FIELDS,
});
const DataRequestFields = z.object({
  email: formText,
  kind: z.catch(firstValue(z.enum(DATA_REQUEST_KINDS)), 'other'),
  message: z.pipe(formText, z.transform((message: string) => message.slice(0, MAX_MESSAGE_LENGTH))),
  ...GUARD_FIELDS,
});

/** The portal's own state after a redirect (`?status=pending`); anything else shows the form. */
const statusQuery = validate('query', z.object({ status: firstValue(z.optional(z.string())) }), wrongAddress);

/** Each client may post to the portal a few times a minute (the mailbox quota applies to everyone). */
const limitPortalPosts = (c: Context<AppEnv>) => limitClient(c.env.PORTAL_LIMITER, 'portal', c.req.raw);

/**
 * With Turnstile set up, a post must carry a token siteverify accepts. A post without one (the
 * footer's form, which has no widget) is not an error: the visitor gets the portal's form back,
 * filled in, with the widget to complete.
 */
async function turnstileAnswer(c: Context<AppEnv>, form: Guarded): Promise<'passed' | 'missing' | 'refused'> {
  const settings = c.var.deps.config.turnstile;
  if (!settings) return 'passed';
  const token = form[TURNSTILE_RESPONSE_FIELD];
  if (!token) return 'missing';
  return (await verifyTurnstile(settings, token, c.req.header('CF-Connecting-IP') ?? null)) ? 'passed' : 'refused';
}

/** Was the field people never see filled in? Then a robot sent the form. */
const isRobot = (form: Guarded) => form[HONEYPOT_FIELD].trim() !== '';

/** Hands outbox mail to the email API, when there is one, after the answer is sent. */
function deliverMailLater(c: Context<AppEnv>): void {
  if (!c.var.deps.config.emailApi) return;
  c.executionCtx.waitUntil(
    c.env.JOBS.send({ kind: 'deliver-mail' }).catch((failure: unknown) => {
      // The minute cron delivers what is still waiting.
      console.error(JSON.stringify({ message: 'Mail delivery not queued', error: String(failure) }));
    }),
  );
}

function confirmationRequest(email: string) {
  const at = now();
  return { mailbox: canonicalMailbox(email), requestId: crypto.randomUUID(), now: at, confirmToken: newMailToken(), confirmExpiresAt: at + CONFIRM_TOKEN_TTL_SECONDS };
}

function subscribePage(c: Context<AppEnv>, status: string | undefined) {
  const { site, locale } = portalSite(c);
  return page(c, site, locale, status === 'pending' ? { kind: 'pending' } : { kind: 'subscribe', email: '', error: null, selected: [] });
}

/** A portal form as posted: the address, the form's own fields, how to show it again. */
interface PostedForm<T> {
  readonly email: string;
  readonly fields: T;
  readonly again: (error: MessageId | null) => PrivacyView;
}

interface Submission<T> {
  readonly site: SiteContext;
  readonly locale: string;
  readonly address: string;
  readonly fields: T;
  readonly request: ReturnType<typeof confirmationRequest>;
  /** The newsroom's name in the portal's language. */
  readonly name: string;
  /** The origin mailed links point at (`mailOrigin`). */
  readonly origin: string;
}

/**
 * The origin of a portal mail's links: the newsroom's own `url`, never the Host a request named
 * (anyone can send any Host, and the mail would carry it into a real inbox). Local development
 * (SHOW_OUTBOX) is the exception: its mail stays in the outbox, read on the machine that serves
 * the newsroom at another address than its `url`, so the links point at that server.
 */
function mailOrigin(c: Context<AppEnv>, site: SiteContext): string {
  return c.var.deps.config.showOutbox ? new URL(c.req.url).origin : site.newsroom.url;
}

/**
 * What both portal forms do with a post: the client's limit, the honeypot (a robot is answered as
 * if all went well), the address's check, Turnstile when set up, then `submit` with a new
 * confirmation request. Every outcome that reaches the store gets the same answer, so nobody
 * learns who is on the list.
 */
async function handlePortalPost<F extends Guarded, T>(
  c: Context<AppEnv>,
  form: F,
  read: (form: F, site: SiteContext) => PostedForm<T>,
  submit: (submission: Submission<T>) => Promise<void>,
): Promise<Response> {
  const { site, locale } = portalSite(c);
  await limitPortalPosts(c);
  const pending = () => redirect(c, `${new URL(c.req.url).pathname}?status=pending`, 303);
  if (isRobot(form)) return pending();
  const { email, fields, again } = read(form, site);
  const error = validateSubscriberEmail(email);
  if (error) return page(c, site, locale, again(error), 400);
  const challenge = await turnstileAnswer(c, form);
  if (challenge === 'missing') return page(c, site, locale, again(null));
  if (challenge === 'refused') return page(c, site, locale, again(FORM_MESSAGES.failed), 400);
  const address = normaliseEmail(email);
  try {
    const name = site.companies[locale]?.name ?? site.newsroom.display_name;
    await submit({ site, locale, address, fields, request: confirmationRequest(address), name, origin: mailOrigin(c, site) });
    deliverMailLater(c);
  } catch (failure) {
    console.error(JSON.stringify({ message: 'Portal request failed', error: String(failure), locale, path: new URL(c.req.url).pathname }));
    return page(c, site, locale, again(FORM_MESSAGES.failed), 503);
  }
  // The same answer for a new, pending or confirmed address, and for a spent mailbox quota.
  return pending();
}

const subscribePost = (c: Context<AppEnv>, form: z.output<typeof SubscribeFields>) =>
  handlePortalPost(
    c,
    form,
    ({ email, categories }, site) => {
      const known = new Set(site.categories.map((category) => category.id));
      const selected = categories.filter((id) => known.has(id));
      return { email, fields: selected, again: (error) => ({ kind: 'subscribe', email, error, selected }) };
    },
    async ({ site, locale, address, fields: categories, request, name, origin }) => {
      const { subscriptions } = c.var.deps;
      // A returning subscriber keeps the unsubscribe link earlier mail gave them.
      const unsubscribeToken = (await subscriptions.unsubscribeTokenOf(address, locale)) ?? newMailToken();
      const messages = messagesFor(locale);
      await subscriptions.requestSubscription({
        ...request,
        email: address,
        locale,
        categories,
        unsubscribeToken,
        mail: {
          to: address,
          subject: formatMessage(locale, messages, 'subscribe.mail_subject', { name }),
          text: formatMessage(locale, messages, 'subscribe.mail_body', {
            name,
            link: urls.absolute(origin, urls.confirmSubscription(locale, site.newsroom.uuid, request.confirmToken)),
            unsubscribe: urls.absolute(origin, urls.unsubscribe(locale, site.newsroom.uuid, unsubscribeToken)),
          }),
        },
      });
    },
  );

const dataRequestPost = (c: Context<AppEnv>, form: z.output<typeof DataRequestFields>) =>
  handlePortalPost(
    c,
    form,
    ({ email, kind: requestKind, message }) => ({ email, fields: { requestKind, message }, again: (error) => ({ kind: 'data-request', email, error, requestKind, message }) }),
    async ({ site, locale, address, fields, request, name, origin }) => {
      const messages = messagesFor(locale);
      await c.var.deps.subscriptions.requestDataRequest({
        ...request,
        email: address,
        locale,
        kind: fields.requestKind,
        message: fields.message,
        mail: {
          to: address,
          subject: formatMessage(locale, messages, 'data_request.mail_subject', { name }),
          text: formatMessage(locale, messages, 'data_request.mail_body', {
            name,
            link: urls.absolute(origin, urls.confirmDataRequest(locale, site.newsroom.uuid, request.confirmToken)),
          }),
        },
      });
    },
  );

/**
 * A mailed confirmation link: opening it (GET) shows a page with one button if the token still
 * works; only the button's POST confirms (mail scanners open links, they do not press buttons).
 */
function confirmationLink(
  find: (deps: Deps, token: string) => Promise<unknown>,
  confirm: (deps: Deps, token: string) => Promise<boolean>,
  views: { ask: PrivacyView; done: PrivacyView },
) {
  const open = async (c: Context<AppEnv>) => {
    const { site, locale } = portalSite(c);
    const found = await find(c.var.deps, c.req.param('token') ?? '');
    return found ? page(c, site, locale, views.ask) : page(c, site, locale, { kind: 'invalid' }, 404);
  };
  const press = async (c: Context<AppEnv>) => {
    const { site, locale } = portalSite(c);
    const confirmed = await confirm(c.var.deps, c.req.param('token') ?? '');
    return confirmed ? page(c, site, locale, views.done) : page(c, site, locale, { kind: 'invalid' }, 404);
  };
  return { open, press };
}

const subscriptionLink = confirmationLink(
  (deps, token) => deps.subscriptions.findPendingSubscription(token, now()),
  (deps, token) => deps.subscriptions.confirm(token, now()),
  { ask: { kind: 'confirm-subscription' }, done: { kind: 'confirmed' } },
);
const dataRequestLink = confirmationLink(
  (deps, token) => deps.subscriptions.findPendingDataRequest(token, now()),
  (deps, token) => deps.subscriptions.confirmDataRequest(token, now()),
  { ask: { kind: 'confirm-data-request' }, done: { kind: 'received' } },
);

export const privacy = new Hono<AppEnv>()
  .get('/', statusQuery, (c) => subscribePage(c, c.req.valid('query').status))
  .get('/subscribe', statusQuery, (c) => subscribePage(c, c.req.valid('query').status))
  .post('/', formBody(SubscribeFields), (c) => subscribePost(c, c.req.valid('form')))
  .post('/subscribe', formBody(SubscribeFields), (c) => subscribePost(c, c.req.valid('form')))
  .get('/subscribe/confirm/:token', subscriptionLink.open)
  .post('/subscribe/confirm/:token', subscriptionLink.press)
  .get('/unsubscribe/:token', statusQuery, async (c) => {
    const { site, locale } = portalSite(c);
    if (c.req.valid('query').status === 'done') return page(c, site, locale, { kind: 'unsubscribed' });
    const subscriber = await c.var.deps.subscriptions.findByToken(c.req.param('token'));
    if (!subscriber) return page(c, site, locale, { kind: 'invalid' }, 404);
    // Once unsubscribed, the link says so and no longer shows whose it was.
    if (subscriber.status === 'unsubscribed') return page(c, site, locale, { kind: 'unsubscribed' });
    return page(c, site, locale, { kind: 'unsubscribe', email: subscriber.email });
  })
  // The form's button, and RFC 8058 one-click unsubscribe: a mail client POSTs
  // `List-Unsubscribe=One-Click` to the address in an alert's List-Unsubscribe header, and is
  // answered directly (no redirect to follow).
  .post('/unsubscribe/:token', formBody(z.object({ 'List-Unsubscribe': formText })), async (c) => {
    const { site, locale } = portalSite(c);
    const form = c.req.valid('form');
    const done = await c.var.deps.subscriptions.unsubscribe(c.req.param('token'), now());
    if (!done) return page(c, site, locale, { kind: 'invalid' }, 404);
    if (form['List-Unsubscribe'] === 'One-Click') return page(c, site, locale, { kind: 'unsubscribed' });
    return redirect(c, `${new URL(c.req.url).pathname}?status=done`, 303);
  })
  .get('/data-request', statusQuery, async (c) => {
    const { site, locale } = portalSite(c);
    if (c.req.valid('query').status === 'pending') return page(c, site, locale, { kind: 'data-request-pending' });
    return page(c, site, locale, { kind: 'data-request', email: '', error: null, requestKind: 'access', message: '' });
  })
  .post('/data-request', formBody(DataRequestFields), (c) => dataRequestPost(c, c.req.valid('form')))
  .get('/data-request/confirm/:token', dataRequestLink.open)
  .post('/data-request/confirm/:token', dataRequestLink.press)
  // Any other action of the portal does not exist (answered here, not by the locale redirect).
  .all('*', () => {
    throw new NotFoundError('Privacy portal action');
  });
