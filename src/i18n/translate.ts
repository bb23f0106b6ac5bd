/**
 * Message lookup and formatting. Views never hold English literals: they ask for a message id,
 * and this module finds it in the visitor's catalogue (English when the language has none) and
 * fills in `{name}` arguments and `{count, plural, one {…} other {…}}` forms with Intl rules.
 */
import en from './messages/en.json';
import { CATALOGUE_ALIASES, CATALOGUES } from './messages/index';
import { languageOf, toBcp47 } from './locales';

export type MessageId = keyof typeof en;
export type Messages = Readonly<Record<MessageId, string>>;
export type MessageValues = Readonly<Record<string, string | number>>;

export { CATALOGUES };

export function messagesFor(locale: string): Messages {
  return CATALOGUES[locale] ?? CATALOGUES[CATALOGUE_ALIASES[locale] ?? ''] ?? CATALOGUES[languageOf(locale)] ?? en;
}

/** Formats one message. Unknown ids return the id itself, so a gap is visible, never a crash. */
export function formatMessage(locale: string, messages: Messages, id: MessageId, values: MessageValues = {}): string {
  const template = messages[id] ?? en[id] ?? id;
  return formatTemplate(template, toBcp47(locale), values);
}

const PLURAL = /\{(\w+),\s*plural,\s*((?:[^{}]*\{[^{}]*\})+)\s*\}/g;
const PLURAL_CASE = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;
const ARGUMENT = /\{(\w+)\}/g;

function formatTemplate(template: string, bcp47: string, values: MessageValues): string {
  const withPlurals = template.replace(PLURAL, (_match, name: string, body: string) => {
    const count = Number(values[name] ?? 0);
    const cases = new Map<string, string>();
    for (const [, key, text] of body.matchAll(PLURAL_CASE)) cases.set(key!, text!);
    const text = cases.get(`=${count}`) ?? cases.get(new Intl.PluralRules(bcp47).select(count)) ?? cases.get('other') ?? '';
    return text.replace(/#/g, new Intl.NumberFormat(bcp47).format(count));
  });
  return withPlurals.replace(ARGUMENT, (match, name: string) => (name in values ? String(values[name]) : match));
}

/** A date in the visitor's language, e.g. "2 October 2026" / "2 octobre 2026". */
export function formatDate(locale: string, epochSeconds: number, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat(toBcp47(locale), { dateStyle: 'long', timeZone }).format(new Date(epochSeconds * 1000));
}

/** Machine-readable form for `<time datetime>`. */
export function isoDate(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString();
}
