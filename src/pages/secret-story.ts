/**
 * Secret links `/s/{token}` (and `/s/{token}.json`): a story that is not public, for the
 * journalists it was sent to (docs/decisions/0016-secret-story-links.md).
 *
 * The page is the story page with a notice on top, and everything that could carry the token
 * elsewhere turned off (src/http/private-page.ts; the page cache also skips `/s/`). Its
 * translation switcher follows SPEC section 5's table: translations released to the same audience,
 * embargoed ones through their own secret links, public ones at their public address. Once the
 * story is live the link answers 301 to the public address, so links already sent keep working.
 * An unknown or malformed token is the ordinary 404 page.
 *
 * A recipient's own link (`/s/r…`, src/domain/recipient-link.ts) opens the same page; its
 * translation switcher offers that recipient's links, and each opening before go-live is counted
 * on the link (never who or from where). A revoked one is the 404 page. Its notice links the
 * recipient's own page (src/pages/journalist-page.ts) once they have one. Its files (cover, body
 * media, the ZIP) are served under that recipient's own file addresses (./recipient-files.ts).
 */
import type { Deps } from '#src/deps';
import { MovedError, NotFoundError } from '#src/domain/errors';
import type { SharedStory, SiteContext } from '#src/domain/ports';
import { isReleasedToAudience, sharedStoryNotice } from '#src/domain/publishing';
import { isAllowedTranslationVisibility, isPubliclyVisible } from '#src/domain/story';
import { hashLinkToken, isWellFormedLinkToken, tokensEqual } from '#src/domain/story-link';
import { isWellFormedRecipientLinkToken } from '#src/domain/recipient-link';
import { hashRecipientFileKey, recipientFileKey } from '#src/domain/recipient-files';
import { formatDate, formatTime } from '#src/i18n/translate';
import { urls } from '#src/i18n/urls';
import { storyPageModel, type StoryPageModel } from './story';
import { withSecretGalleryCards } from './secret-gallery';

/** What reading a secret link found: the story, and the recipient's link when it was one. */
export async function findSharedStory(deps: Deps, token: string): Promise<SharedStory & { recipientLinkId?: number; journalistToken?: string | null; fileKeyHash?: string | null }> {
  const recipient = isWellFormedRecipientLinkToken(token);
  if (!recipient && !isWellFormedLinkToken(token)) throw new NotFoundError('Secret link');
  const tokenHash = await hashLinkToken(token);
  if (recipient) {
    const found = await deps.content.getRecipientStory(tokenHash);
    if (!found || !tokensEqual(found.token, token)) throw new NotFoundError('Secret link');
    return { ...found, recipientLinkId: found.linkId, journalistToken: found.journalistToken, fileKeyHash: found.fileKeyHash ?? null };
  }
  const found = await deps.content.getSharedStory(tokenHash);
  if (!found || !tokensEqual(found.token, token)) throw new NotFoundError('Secret link');
  return found;
}

/**
 * A recipient's file addresses (src/domain/recipient-files.ts). Their key's hash is kept the
 * first time their page is shown (awaited: the page's images are asked for right after it), so a
 * file address exists only once D1 can tell whose it is.
 */
async function recipientFilesOf(deps: Deps, token: string, linkId: number, keptHash: string | null): Promise<{ root: string; archive: string }> {
  const fileKey = await recipientFileKey(token);
  const fileKeyHash = await hashRecipientFileKey(fileKey);
  if (keptHash !== fileKeyHash) await deps.recipientFiles.keepFileKey(linkId, fileKeyHash);
  return { root: urls.recipientFiles(fileKey), archive: urls.recipientArchive(fileKey) };
}

/**
 * The story behind a token, as a page model; a 301 once it is public, a 404 when unknown.
 * `opened` is told of a recipient's link whose page is about to be shown (before go-live only).
 */
export async function loadSharedStory(deps: Deps, site: SiteContext, token: string, publicPath: (slug: string) => string, opened: (linkId: number) => void = () => {}): Promise<StoryPageModel> {
  const shared = await findSharedStory(deps, token);
  const { story } = shared;
  if (isPubliclyVisible(story)) throw new MovedError(publicPath(story.slug));
  const translations = story.translations.flatMap((translation) => {
    if (!isReleasedToAudience(translation) || !isAllowedTranslationVisibility(story, translation)) return [];
    if (isPubliclyVisible(translation)) return [{ code: translation.locale, href: urls.story(translation.slug) }];
    const linkToken = shared.translationTokens[translation.uuid];
    return linkToken ? [{ code: translation.locale, href: urls.sharedStory(linkToken) }] : [];
  });
  const timeZone = site.newsroom.timezone;
  const files = shared.recipientLinkId === undefined ? undefined : await recipientFilesOf(deps, token, shared.recipientLinkId, shared.fileKeyHash ?? null);
  // A gallery card in the body links to the gallery's own secret link until its release.
  const model = await storyPageModel(deps, site, await withSecretGalleryCards(deps, site, story), {
    path: urls.sharedStory(token),
    jsonPath: urls.sharedStoryJson(token),
    translations,
    related: [],
    ...(files ? { files } : {}),
    notice: {
      kind: sharedStoryNotice(story) ?? 'not-for-publication',
      date: formatDate(story.locale, story.published_at, timeZone),
      ...formatTime(story.locale, story.published_at, timeZone),
      // A recipient's page links their own page, every release shared with them.
      journalistPage: shared.journalistToken ? urls.journalistPage(shared.journalistToken) : null,
    },
  });
  if (shared.recipientLinkId !== undefined) opened(shared.recipientLinkId);
  return model;
}
