/**
 * Leaving the media list through the link of a press mail (`/press/leave/{token}`,
 * src/press-desk/press-release-mail.ts): the page asks with one button (mail scanners open links, they
 * do not press buttons); the button's POST, or a mail client's RFC 8058 one-click POST, deletes
 * the journalist: their record, lists, links with their openings, and press mail not sent yet
 * (docs/decisions/0043-media-list-and-recipient-links.md). A token that is malformed or no one's
 * is the 404 page. The page is in the journalist's language when the newsroom has it.
 */
import type { Deps } from '#src/deps';
import { NotFoundError } from '#src/domain/errors';
import type { LeavingJournalist } from '#src/domain/distribution';
import { defaultLanguage, siteNameFor } from '#src/domain/newsroom';
import type { SiteContext } from '#src/domain/ports';
import { hashLinkToken, isWellFormedLinkToken, tokensEqual } from '#src/domain/story-link';
import { formatMessage, messagesFor } from '#src/i18n/translate';
import { urls } from '#src/i18n/urls';
import type { PortalPageModel, PortalView } from './privacy-portal';
import { buildLayout, pageTitle } from './layout';

/** The journalist a leave token belongs to, with its hash; a NotFoundError for any other token. */
async function findLeaving(deps: Deps, token: string): Promise<{ journalist: LeavingJournalist; tokenHash: string }> {
  if (!isWellFormedLinkToken(token)) throw new NotFoundError('Leave link');
  const tokenHash = await hashLinkToken(token);
  const journalist = await deps.pressList.findByLeaveToken(tokenHash);
  if (!journalist || !tokensEqual(journalist.leaveToken, token)) throw new NotFoundError('Leave link');
  return { journalist, tokenHash };
}

/** The journalist's language when the newsroom has it, else the newsroom's default (their pages' language). */
export function journalistLocale(site: SiteContext, language: string): string {
  return site.languages.some((candidate) => candidate.code === language) ? language : defaultLanguage(site.languages).code;
}

function leavePageModel(deps: Deps, site: SiteContext, locale: string, token: string, view: PortalView): PortalPageModel {
  const title = formatMessage(locale, messagesFor(locale), 'press_leave.title');
  const path = urls.pressLeave(token);
  return {
    layout: buildLayout({ site, config: deps.config, locale, path, title: pageTitle(site, locale, title), description: '', pageTranslations: [], indexable: false }),
    title,
    view,
    action: path,
    categories: [],
    companyName: siteNameFor(site, locale),
    turnstileSiteKey: null,
  };
}

/** GET: the question and its button. */
export async function loadLeavePage(deps: Deps, site: SiteContext, token: string): Promise<PortalPageModel> {
  const { journalist } = await findLeaving(deps, token);
  return leavePageModel(deps, site, journalistLocale(site, journalist.language), token, { kind: 'leave-media-list', email: journalist.email });
}

/** POST: the journalist deleted, and the page saying so in their language. */
export async function leaveMediaList(deps: Deps, site: SiteContext, token: string): Promise<PortalPageModel> {
  const { journalist, tokenHash } = await findLeaving(deps, token);
  // Two posts at once (a mail client and a person): the second finds nobody left to delete.
  if (!(await deps.pressList.leave(tokenHash))) throw new NotFoundError('Leave link');
  return leavePageModel(deps, site, journalistLocale(site, journalist.language), token, { kind: 'left-media-list' });
}
