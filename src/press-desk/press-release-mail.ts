/**
 * The mail a journalist of a media list gets with a release under embargo (./distribute.ts), in
 * the language of the story it links: their own link to it; the embargo time in their time zone
 * (when they have one) and the newsroom's, each zone named; what they may not do with it; the
 * story's press contacts (the newsroom's for that language when the story names none); and a
 * one-click way to leave the media list (RFC 8058 headers, and the link in the text); and a link
 * to their own page, every release shared with them (src/pages/journalist-page.ts), whose token is
 * the same press token as the leave link's. It goes to that journalist alone and names nobody else.
 */
import { contactsByKeys, contactsForLocale, type Contact } from '#src/domain/contact';
import type { DistributedStory, PressSite } from '#src/domain/distribution';
import type { MailMessage } from '#src/domain/mail-ports';
import { siteNameFor } from '#src/domain/newsroom';
import { sharedStoryNotice } from '#src/domain/publishing';
import { formatMessage, formatMoment, messagesFor, type MessageId, type Messages } from '#src/i18n/translate';
import { urls } from '#src/i18n/urls';

export interface PressReleaseMailInput {
  readonly site: PressSite;
  /** The origin links are built on (the site's public address). */
  readonly origin: string;
  /** The story the mail links: the journalist's language when the group has it. */
  readonly story: DistributedStory;
  readonly journalist: { readonly email: string; readonly name: string; readonly timeZone: string | null };
  /** The journalist's own link token to `story`. */
  readonly linkToken: string;
  readonly leaveToken: string;
}

function contactLines(locale: string, messages: Messages, contact: Contact): string[] {
  const line = (label: MessageId, value: string | null) => (value ? [formatMessage(locale, messages, 'press_mail.contact_line', { label: formatMessage(locale, messages, label), value })] : []);
  return [
    [contact.name, contact.description, contact.company].filter(Boolean).join(', '),
    ...line('contacts.email', contact.email),
    ...line('contacts.phone', contact.phone),
    ...line('contacts.mobile', contact.mobile),
    ...line('contacts.website', contact.website),
  ];
}

/** The release time in the journalist's zone, and in the newsroom's when that reads differently. */
function embargoLines(locale: string, messages: Messages, story: DistributedStory, journalistZone: string | null, newsroomZone: string): string[] {
  const newsroom = formatMoment(locale, story.published_at, newsroomZone);
  const own = journalistZone ? formatMoment(locale, story.published_at, journalistZone) : newsroom;
  const lines = [formatMessage(locale, messages, 'shared.embargo_title', own)];
  if (own.date !== newsroom.date || own.time !== newsroom.time || own.zone !== newsroom.zone) lines.push(formatMessage(locale, messages, 'press_mail.newsroom_time', newsroom));
  return lines;
}

export function pressReleaseMail({ site, origin, story, journalist, linkToken, leaveToken }: PressReleaseMailInput): MailMessage {
  const locale = story.locale;
  const messages = messagesFor(locale);
  const t = (id: MessageId, values?: Record<string, string>) => formatMessage(locale, messages, id, values);
  const name = siteNameFor(site, locale);
  const link = urls.absolute(origin, urls.sharedStory(linkToken));
  const leave = urls.absolute(origin, urls.pressLeave(leaveToken));
  const page = urls.absolute(origin, urls.journalistPage(leaveToken));
  const embargoed = sharedStoryNotice(story) === 'embargo';
  const named = contactsByKeys(site.contacts, story.contact_keys);
  const contacts = named.length > 0 ? named : contactsForLocale(site.contacts, locale);
  const paragraphs = [
    t('press_mail.greeting', { name: journalist.name }),
    story.summary.trim(),
    `${t('press_mail.read', { link })}\n${t('press_mail.page', { page })}`,
    (embargoed ? [...embargoLines(locale, messages, story, journalist.timeZone, site.newsroom.timezone), t('shared.embargo_body')] : [t('shared.private_title'), t('shared.private_body')]).join('\n'),
    contacts.length > 0 ? `${t('contacts.media_title')}\n${contacts.map((contact) => contactLines(locale, messages, contact).join('\n')).join('\n\n')}` : '',
    t('press_mail.footer', { name, leave }),
  ];
  return {
    to: { email: journalist.email, name: journalist.name },
    subject: t(embargoed ? 'press_mail.subject_embargo' : 'press_mail.subject_private', { title: story.title }),
    text: paragraphs.filter(Boolean).join('\n\n'),
    headers: { 'List-Unsubscribe': `<${leave}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
