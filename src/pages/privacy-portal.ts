/**
 * The privacy portal's page model (subscribe, data requests, the mailed links' pages): one model
 * for every view the portal shows. The portal's routes and their parts: src/routes/privacy-portal/.
 */
import type { Deps } from '#src/deps';
import { categoriesForLocale } from '#src/domain/category';
import { siteNameFor } from '#src/domain/newsroom';
import type { SiteContext } from '#src/domain/ports';
import { formatMessage, messagesFor, type MessageId } from '#src/i18n/translate';
import { urls } from '#src/i18n/urls';
import { buildLayout, pageTitle } from './layout';
import type { LayoutModel } from './model';
import type { InquiryFormModel } from './inquiry-form';

/** What the privacy portal shows: a form (with the visitor's values and error) or an outcome. */
export type PortalView =
  | { kind: 'subscribe'; email: string; error: MessageId | null; selected: readonly number[] }
  | { kind: 'pending' }
  | { kind: 'confirm-subscription' }
  | { kind: 'confirmed' }
  | { kind: 'invalid' }
  | { kind: 'unsubscribe'; email: string }
  | { kind: 'unsubscribed' }
  | { kind: 'data-request'; email: string; error: MessageId | null; requestKind: string; message: string }
  | { kind: 'data-request-pending' }
  /** Kept for the operators without a confirmation mail (its mailbox had already had its mails for the day). */
  | { kind: 'data-request-recorded' }
  | { kind: 'confirm-data-request' }
  | { kind: 'received' }
  /** A journalist's link to leave the media list (src/pages/press-leave.ts): the question, then the outcome. */
  | { kind: 'leave-media-list'; email: string }
  | { kind: 'left-media-list' }
  /** "Ask the press office" (docs/decisions/0054-the-inquiry-inbox.md): the form again, with what was wrong. */
  | { kind: 'inquiry'; form: InquiryFormModel };

export interface PortalPageModel {
  readonly layout: LayoutModel;
  readonly title: string;
  readonly view: PortalView;
  /** Where the page's form posts: the page itself. */
  readonly action: string;
  readonly categories: readonly { id: number; name: string }[];
  /** The newsroom's name in the page's language (what a subscription is to). */
  readonly companyName: string;
  /** Cloudflare Turnstile's site key for this page's form; null: no widget. */
  readonly turnstileSiteKey: string | null;
}

const DATA_REQUEST_VIEWS: ReadonlySet<PortalView['kind']> = new Set(['data-request', 'data-request-pending', 'data-request-recorded', 'confirm-data-request', 'received']);
/** The views with a form a stranger fills in: the only ones with Turnstile (when configured). */
export const FORM_VIEWS: ReadonlySet<PortalView['kind']> = new Set(['subscribe', 'data-request', 'inquiry']);

export function portalPageModel(deps: Deps, site: SiteContext, locale: string, path: string, view: PortalView): PortalPageModel {
  const t = (id: MessageId) => formatMessage(locale, messagesFor(locale), id);
  const isDataRequest = DATA_REQUEST_VIEWS.has(view.kind);
  const title = view.kind === 'inquiry' ? t('inquiry.page_title') : isDataRequest ? t('data_request.title') : view.kind.startsWith('unsubscribe') ? t('unsubscribe.title') : t('subscribe.title');
  return {
    layout: buildLayout({
      site,
      config: deps.config,
      locale,
      path,
      title: pageTitle(site, locale, title),
      description: '',
      pageTranslations: site.languages.map((language) => ({ code: language.code, href: urls.privacyPortal(language.code, site.newsroom.uuid, isDataRequest ? 'data-request' : 'subscribe') })),
      // Portal pages are per visitor and say nothing worth indexing.
      indexable: false,
    }),
    title,
    view,
    action: path,
    categories: categoriesForLocale(site.categories, locale).map((category) => ({ id: category.id, name: category.i18n[locale]!.name })),
    companyName: siteNameFor(site, locale),
    turnstileSiteKey: FORM_VIEWS.has(view.kind) ? (deps.config.turnstile?.siteKey ?? null) : null,
  };
}

