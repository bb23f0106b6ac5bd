/**
 * The press office view's words, in English, in one place (docs/decisions/0044-press-office-view.md
 * says why English: the view is the office's own tool, beside the `npm run share` and `npm run
 * press` it mirrors, not a page for readers). Content keeps its own language: story titles are
 * shown as written, marked with their `lang`.
 */
import type { FieldFault, JournalistField, MediaListNotice } from './media-list-model';
import type { DownloadFigures, LinkFigures, Notice, OfficeState, OpenedFigures } from './press-office-model';

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
  downloadsColumn: 'Files downloaded',
  downloadsHelp:
    'Files downloaded: through the recipient’s own file addresses (their photos, attachments and ZIP, every translation together; the ZIP counts as one file), what npm run share -- SLUG --list prints per link. A file address found elsewhere names its recipient: npm run share -- --whose ADDRESS.',
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
  noLists: 'No media list yet: add journalists to one on the media list page (or npm run press -- add EMAIL --name NAME --list LIST).',
  mediaListLink: 'Media list: add, update and remove journalists',
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

  // The proof of a lift (docs/decisions/0052-a-lift-that-proves-itself.md): what npm run share -- SLUG --list prints.
  liftsHeading: 'Proof of the latest lifts',
  noLifts: 'No story has been lifted by the clock yet: when the minute cron makes a scheduled or embargoed story live, the worker checks every public surface it should be on within 60 seconds, and the times show here.',
  liftCaption: (slug: string, locale: string, at: string, missing: number, total: number) =>
    `${slug} (${locale}), lifted ${at}: ${missing === 0 ? `seen on all ${total} surfaces` : `${missing} of ${total} surfaces missing`}`,
  surface: 'Surface',
  firstSeen: 'First seen',
  afterLift: 'After the lift',
  secondsAfter: (seconds: number) => `${seconds} s`,
  missing: (late: boolean) => (late ? 'Missing (reported after 60 s)' : 'Not seen yet'),

  mailsHeading: 'Latest mails',
  noMails: 'The outbox is empty.',
  mailTo: 'To',
  mailSubject: 'Subject',
  mailWritten: 'Written',
  noEmailApi: 'No email API is configured: mail stays in the outbox and is not sent (see Mail in docs/operations.md).',
  mailState: (state: 'sent' | 'waiting' | 'failed', at: string | null) => (state === 'waiting' ? 'Waiting' : `${state === 'sent' ? 'Sent' : 'Failed'} ${at ?? ''}`.trim()),

  // The media list page: what npm run press does.
  mediaListTitle: 'Press office: media list',
  backToOffice: 'Back to the press office',
  mediaListIntro:
    'The journalists a release can be sent to, in named lists (what npm run press -- list shows). A journalist deleted here is deleted, not hidden: their record, their lists, their links and their press mail not sent yet (what npm run press -- remove EMAIL does).',
  csvByCli: 'Importing and exporting CSV files is left to the command line: npm run press -- import FILE.csv [--list LIST] and npm run press -- export [--list LIST] (add --remote for the deployed newsroom).',
  filterLegend: 'Show',
  filterList: 'List',
  filterEveryone: 'Everyone',
  filterButton: 'Show',
  journalistsCaption: (filter: string | null, count: number) => `${count} ${count === 1 ? 'journalist' : 'journalists'}${filter === null ? '' : ` on ${filter}`}`,
  unknownFilter: 'There is no media list by that name.',
  noJournalists: 'Nobody on the media list yet.',
  timeZone: 'Time zone',
  lists: 'Lists',
  newsroomZone: 'The newsroom’s',
  noList: 'None',
  takeOff: (list: string) => `Take off ${list}`,
  edit: (name: string) => `Edit ${name}`,
  deleteButton: (name: string) => `Delete ${name}`,
  deleteHelp: 'Deletes the record, every list membership, every link of theirs to a story with its openings, and press mail to them not sent yet. It cannot be undone.',
  saveHeading: 'Add a journalist, or update one',
  saveHelp: 'An address already on the media list updates that journalist: every field here replaces theirs. Lists are only added to; take someone off a list with its button.',
  saveButton: 'Save',
  updateButton: 'Save changes',
  required: '(required)',
  listsField: 'Put on lists',
  listsHelp: 'List names separated by ; (a list is made when it is new): letters, digits, spaces, dots, dashes and underscores, at most 80 each.',
  languageHelp: 'The language their mail is in when the story has it.',
  timeZoneHelp: 'For the embargo time in their mail, such as Europe/Paris; empty: the newsroom’s.',

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

export function downloadsText(downloads: DownloadFigures | null): string {
  if (!downloads) return 'No downloads';
  const { count, files } = downloads;
  return `${count} ${count === 1 ? 'download' : 'downloads'} of ${files} ${files === 1 ? 'file' : 'files'}, first ${downloads.first}, last ${downloads.last}`;
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

const FIELD_LABELS: Record<JournalistField, string> = { email: 'E-mail', name: 'Name', outlet: 'Outlet', language: 'Language', timeZone: 'Time zone', lists: 'Put on lists' };

/** What a field holds when it is not what it may (the messages of npm run press -- add, without the value typed). */
const INVALID_FIELD: Record<JournalistField, string> = {
  email: 'Introduce a valid email address',
  name: 'at most 200 characters, on one line',
  outlet: 'at most 200 characters, on one line',
  language: 'not a language code the newsroom knows',
  timeZone: 'not a time zone (write one such as Europe/Paris or America/New_York)',
  lists: 'a list’s name has letters, digits, spaces, dots, dashes and underscores, at most 80',
};

export const fieldLabel = (field: JournalistField): string => FIELD_LABELS[field];

export function faultText(fault: FieldFault): string {
  return `${FIELD_LABELS[fault.field]}: ${fault.reason === 'required' ? 'This field is required' : INVALID_FIELD[fault.field]}`;
}

const onLists = (count: number) => (count === 0 ? '' : `, and put on ${count} ${count === 1 ? 'list' : 'lists'}`);

export function mediaListNoticeText(notice: MediaListNotice): string {
  switch (notice.kind) {
    case 'added':
      return `Added the journalist to the media list${onLists(notice.lists)}.`;
    case 'updated':
      return `Updated the journalist’s record${onLists(notice.lists)}.`;
    case 'taken-off':
      return 'Took the journalist off that list; their record and other lists are unchanged.';
    case 'deleted':
      return `Deleted the journalist: their record, lists and links${notice.mails > 0 ? `, and ${notice.mails} press ${notice.mails === 1 ? 'mail' : 'mails'} to them not sent yet` : ''}.`;
    case 'unknown-journalist':
      return 'There is no journalist with that address on the media list. Nothing was changed.';
    case 'unknown-list':
      return 'There is no media list by that name. Nothing was changed.';
    case 'not-on-list':
      return 'That journalist was not on that list. Nothing was changed.';
    case 'bad-request':
      return 'The form was incomplete. Nothing was changed.';
    case 'invalid':
      return `Nothing was saved. ${notice.faults.map(faultText).join('. ')}.`;
  }
}

/** Is this notice the report of a change (else: of a refusal)? */
export const mediaListNoticeChangedSomething = (notice: MediaListNotice): boolean => ['added', 'updated', 'taken-off', 'deleted'].includes(notice.kind);
