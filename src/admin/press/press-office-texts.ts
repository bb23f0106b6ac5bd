/**
 * The press office view's words, in English, in one place (docs/decisions/0044-press-office-view.md
 * says why English: the view is the office's own tool, beside the `npm run share` and `npm run
 * press` it mirrors, not a page for readers). Content keeps its own language: story titles are
 * shown as written, marked with their `lang`.
 */
import type { LinkFigures, Notice, OfficeState, OpenedFigures } from './press-office-model';

const times = (count: number) => `${count} ${count === 1 ? 'time' : 'times'}`;
const links = (count: number) => `${count} ${count === 1 ? 'link' : 'links'}`;

export const OFFICE_TEXTS = {
  title: 'Press office',
  signedInAs: (email: string) => `Signed in as ${email} through Cloudflare Access.`,
  signedIn: 'Signed in through Cloudflare Access.',
  timesIn: (timeZone: string) => `Times are in ${timeZone}, the newsroom’s time zone.`,
  notImported: 'No newsroom has been imported yet (npm run import -- DIR).',

  storiesHeading: 'Stories not yet public',
  noStories: 'Every story is public: nothing is under embargo, scheduled, private or a draft.',
  translationsCaption: 'Translations',
  language: 'Language',
  storyTitle: 'Title',
  state: 'State',
  address: 'Address',
  recipientsHeading: 'Recipients',
  noRecipients: (slug: string) => `No journalist has a link of their own to this story yet (npm run share -- ${slug} --to EMAIL).`,
  recipientsCaption: 'Who has a link of their own, and what each link saw',
  name: 'Name',
  outlet: 'Outlet',
  email: 'E-mail',
  openedIn: (locale: string) => `Link (${locale})`,
  action: 'Action',
  revoke: (name: string) => `Revoke ${name}`,
  revokeHelp: 'Revoking cuts off that recipient alone: their links open nothing from then on. Everyone else’s, and the story’s own links, keep working.',
  alreadyRevoked: 'Revoked',
  rotate: 'Rotate the story’s own links',
  rotateHelp: (slug: string) =>
    `New links for the story and each of its translations (what npm run share -- ${slug} --rotate does): the previous ones open nothing from then on. Recipients’ own links are not changed; revoke a recipient to cut them off. npm run share -- ${slug} prints the new links.`,

  // Send to a list: what npm run distribute does.
  distributeHeading: 'Send to a list',
  distributeList: 'Media list',
  distributeButton: 'Send to the list',
  distributeHelp: (slug: string) =>
    `Each journalist of the list gets one mail with a link of their own, in their language when the story has it, with the release time in their time zone (what npm run distribute -- ${slug} --list NAME does). Anyone mailed before is not mailed again; a revoked recipient is not mailed.`,
  noLists: 'No media list yet (npm run press -- add EMAIL --name NAME --list LIST).',
  listOption: (name: string, members: number) => `${name} (${members} ${members === 1 ? 'journalist' : 'journalists'})`,

  alertsHeading: 'Latest alerts to subscribers',
  noAlerts: 'No story has gone live with alerts yet.',
  alertStory: 'Story',
  wentLive: 'Went live',
  sent: 'Sent',
  waiting: 'Waiting',
  failed: 'Failed',
  alertProgress: (alert: { alertsOn: boolean; done: boolean }) => (!alert.alertsOn ? 'No alerts (switched off)' : alert.done ? 'Done' : 'Going out'),
  removedStory: '(removed story)',

  mailsHeading: 'Latest mails',
  noMails: 'The outbox is empty.',
  mailTo: 'To',
  mailSubject: 'Subject',
  mailWritten: 'Written',
  noEmailApi: 'No email API is configured: mail stays in the outbox and is not sent (see Mail in docs/operations.md).',
  mailState: (state: 'sent' | 'waiting' | 'failed', at: string | null) => (state === 'waiting' ? 'Waiting' : `${state === 'sent' ? 'Sent' : 'Failed'} ${at ?? ''}`.trim()),

  refusedTitle: 'The press office view needs Cloudflare Access',
  refusedText: 'This page opens only through the newsroom’s Cloudflare Access application, for the people it lets in. Sign in there, then open this page again.',
  keysUnavailableTitle: 'Your sign-in could not be checked',
  keysUnavailableText: 'Cloudflare Access’s keys could not be read to check your sign-in. Please try again in a minute.',
  crossSiteTitle: 'This form was not sent from the press office page',
  crossSiteText: 'The office’s buttons work only on the press office page itself. Nothing was changed.',
} as const;

export function stateText(state: OfficeState): string {
  switch (state.kind) {
    case 'embargo':
      return `Under embargo until ${state.releaseAt}`;
    case 'scheduled':
      return `Scheduled for ${state.releaseAt}`;
    case 'draft':
      return 'Draft';
    case 'private':
      return 'Published, private: behind its secret link, never public';
    case 'confidential':
      return 'Published, confidential: behind its secret link, never public';
    case 'embargoed-published':
      return 'Published under embargo';
    case 'live':
      return 'Live';
  }
}

function openedText(opened: OpenedFigures): string {
  return `Opened ${times(opened.count)}, first ${opened.first}, last ${opened.last}, from about ${opened.browsers} ${opened.browsers === 1 ? 'browser' : 'browsers'}`;
}

export function figuresText(figures: LinkFigures): string {
  switch (figures.kind) {
    case 'no-link':
      return 'No link';
    case 'not-opened':
      return 'Not opened';
    case 'opened':
      return openedText(figures.opened);
    case 'revoked':
      return `Revoked ${figures.at}; ${figures.opened ? `before that: ${openedText(figures.opened).replace(/^O/, 'o')}` : 'never opened'}`;
  }
}

export function noticeText(notice: Notice): string {
  switch (notice.kind) {
    case 'revoked':
      return `Revoked ${links(notice.links)}: that recipient’s links open nothing from now on. Other recipients and the story’s own links are unchanged.`;
    case 'rotated':
      return `Replaced the story’s own ${links(notice.links)} (one per translation): the previous ones open nothing from now on. Recipients’ own links are unchanged.`;
    case 'unknown-story':
      return 'There is no story at that address any more (an import may have removed or renamed it). Nothing was changed.';
    case 'unknown-recipient':
      return 'That person has no link of their own to this story. Nothing was changed.';
    case 'nothing-open':
      return 'That recipient’s links were revoked already. Nothing was changed.';
    case 'bad-request':
      return 'The form was incomplete. Nothing was changed.';
    case 'distributed':
      return notice.links === 0
        ? 'Everyone on that list had been mailed this release already (or was revoked): nobody was mailed again.'
        : `Mailed the release to ${notice.links} ${notice.links === 1 ? 'journalist' : 'journalists'} under embargo, each with a link of their own. The mails leave through the outbox: see the latest mails below.`;
    case 'no-newsroom':
      return 'No newsroom has been imported yet. Nothing was sent.';
    case 'story-public':
      return 'That story is public already: there is no embargo to send it under. Nothing was sent.';
    case 'not-released':
      return 'That story is a draft or scheduled without an embargo: it is not sent to anyone before it goes live. Nothing was sent.';
    case 'unknown-list':
      return 'There is no media list by that name. Nothing was sent.';
    case 'empty-list':
      return 'That media list has nobody on it. Nothing was sent.';
  }
}

/** Is this notice the report of a change (else: of a refusal)? */
export const noticeChangedSomething = (notice: Notice): boolean => notice.kind === 'revoked' || notice.kind === 'rotated' || (notice.kind === 'distributed' && notice.links > 0);
