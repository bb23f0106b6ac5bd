/**
 * "Ask the press office" (docs/decisions/0054-the-inquiry-inbox.md): the model of the inquiry
 * form a story page, a gallery page and the home page's contacts carry, and that the portal's
 * inquiry page shows again with the journalist's values and SPEC's messages. The form names the
 * page it is on (`from`): the post reads that page again, with the page's own visibility rules,
 * to learn what the inquiry is about, and a successful post goes back to it, at `#inquiry-sent`.
 */
import type { SiteContext } from '#src/domain/ports';
import { INQUIRY_FIELDS, INQUIRY_LIMITS, type InquiryErrors, type InquiryValues } from '#src/domain/inquiry';
import { urls } from '#src/i18n/urls';

/** The fragment a successful post is sent back to: the page's thank-you notice. */
export const INQUIRY_SENT_FRAGMENT = 'inquiry-sent';

export interface InquiryFormModel {
  /** Where the form posts: the portal's inquiry address in the page's language. */
  readonly action: string;
  /** The page the form is on (site-relative). */
  readonly from: string;
  readonly values: InquiryValues;
  readonly errors: InquiryErrors;
  /** The post failed as a whole (storage, Turnstile, the sender's daily quota). */
  readonly failed: boolean;
  /** Turnstile's widget (the portal's inquiry page only, when set up); null: none. */
  readonly turnstileSiteKey: string | null;
  readonly limits: typeof INQUIRY_LIMITS;
}

export const EMPTY_INQUIRY: InquiryValues = Object.fromEntries(INQUIRY_FIELDS.map((field) => [field, ''])) as unknown as InquiryValues;

/** The address inquiries in `locale` are posted to. */
export const inquiryAction = (site: SiteContext, locale: string): string => urls.privacyPortal(locale, site.newsroom.uuid, 'inquiry');

/** An empty form on the page at `from`, in `locale`. */
export function inquiryFormModel(site: SiteContext, locale: string, from: string): InquiryFormModel {
  return { action: inquiryAction(site, locale), from, values: EMPTY_INQUIRY, errors: {}, failed: false, turnstileSiteKey: null, limits: INQUIRY_LIMITS };
}
