/**
 * Message lookup and formatting. Views never hold English literals: they ask for a message id,
 * and this module finds it in the visitor's catalogue (English when the language has none) and
 * fills in `{name}` arguments and `{count, plural, one {…} other {…}}` forms with Intl rules.
 */
import en from './messages/en.json';
import { CATALOGUE_ALIASES, CATALOGUES } from './messages/index';
import { formatFileSize, formatLongDate, formatTemplate, formatTimeOfDay, formatZonedMoment, type MessageValues } from './format';
import { languageOf, servedLocale, toBcp47 } from './locales';
import { numberFormat } from './intl';

/** Intl's tag for a locale we serve (an unsupported code is served as English). */
const intlTag = (locale: string) => toBcp47(servedLocale(locale));

export type MessageId = keyof typeof en;
export type Messages = Readonly<Record<MessageId, string>>;
export type { MessageValues };

export { CATALOGUES };

export function messagesFor(requested: string): Messages {
  const locale = servedLocale(requested);
  return CATALOGUES[locale] ?? CATALOGUES[CATALOGUE_ALIASES[locale] ?? ''] ?? CATALOGUES[languageOf(locale)] ?? en;
}

/** Formats one message. Unknown ids return the id itself, so a gap is visible, never a crash. */
export function formatMessage(locale: string, messages: Messages, id: MessageId, values: MessageValues = {}): string {
  const template = messages[id] ?? en[id] ?? id;
  return formatTemplate(template, intlTag(locale), values);
}

/** A date in the visitor's language, e.g. "2 October 2026" / "2 octobre 2026". */
export function formatDate(locale: string, epochSeconds: number, timeZone = 'UTC'): string {
  return formatLongDate(intlTag(locale), new Date(epochSeconds * 1000), timeZone);
}

/** A time of day and its zone in the visitor's language, e.g. "08:00" and "CET" (embargo notices). */
export function formatTime(locale: string, epochSeconds: number, timeZone = 'UTC'): { time: string; zone: string } {
  return formatTimeOfDay(intlTag(locale), new Date(epochSeconds * 1000), timeZone);
}

/** A moment in a reader's time zone with the zone named in full (embargo times in mail). */
export function formatMoment(locale: string, epochSeconds: number, timeZone: string): { date: string; time: string; zone: string } {
  return formatZonedMoment(intlTag(locale), new Date(epochSeconds * 1000), timeZone);
}

/** A file size in the visitor's language ("12.4 MB"). */
export function formatSize(locale: string, bytes: number): string {
  return formatFileSize(intlTag(locale), bytes);
}

/** A number in the visitor's language ("4,000", "4 000", "٤٬٠٠٠"). */
export function formatNumber(locale: string, value: number): string {
  return numberFormat(intlTag(locale)).format(value);
}

/** Machine-readable form for `<time datetime>`. */
export function isoDate(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString();
}

/** A page's messages in one language and time zone: what views and the text forms write with. */
export interface Translator {
  readonly locale: string;
  t(id: MessageId, values?: MessageValues): string;
  /** The unformatted template, for browser code that formats it itself (plurals, arguments). */
  template(id: MessageId): string;
  date(epochSeconds: number): string;
}

export function createTranslator(locale: string, timeZone = 'UTC'): Translator {
  const messages = messagesFor(locale);
  return {
    locale,
    t: (id, values) => formatMessage(locale, messages, id, values),
    template: (id) => messages[id],
    date: (epochSeconds) => formatDate(locale, epochSeconds, timeZone),
  };
}
