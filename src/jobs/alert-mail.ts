/**
 * The alert a subscriber gets when a story goes live: subject the title; body the summary, the
 * story's link and the unsubscribe link; and the RFC 8058 one-click unsubscribe headers, whose
 * target is the portal's unsubscribe address (it accepts the one-click POST).
 */
import type { SiteContext } from '#src/domain/ports';
import type { MailMessage } from '#src/domain/mail-ports';
import type { AlertRecipient, AnnouncedStory } from '#src/domain/publishing-ports';
import { formatMessage, messagesFor } from '#src/i18n/translate';
import { urls } from '#src/i18n/urls';
import { siteNameFor } from '#src/domain/newsroom';

export function alertMail(site: SiteContext, story: AnnouncedStory, recipient: AlertRecipient): MailMessage {
  const locale = story.locale;
  const messages = messagesFor(locale);
  const origin = site.newsroom.url;
  const name = siteNameFor(site, locale);
  const link = urls.absolute(origin, urls.story(story.slug));
  const unsubscribe = urls.absolute(origin, urls.unsubscribe(locale, site.newsroom.uuid, recipient.token));
  const text = [story.summary.trim(), formatMessage(locale, messages, 'alert.mail_read', { link }), formatMessage(locale, messages, 'alert.mail_footer', { name, unsubscribe })]
    .filter(Boolean)
    .join('\n\n');
  return {
    to: { email: recipient.email },
    subject: story.title,
    text,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
