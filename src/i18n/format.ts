/**
 * Message templates filled with values: `{name}` arguments and `{count, plural, one {…} other {…}}`
 * forms chosen by Intl plural rules. No catalogue is imported here, so the browser bundle can
 * format the templates a page hands it without downloading every language.
 */
import { dateTimeFormat, numberFormat, pluralRules } from './intl';

export type MessageValues = Readonly<Record<string, string | number>>;

const PLURAL = /\{(\w+),\s*plural,\s*((?:[^{}]*\{[^{}]*\})+)\s*\}/g;
const PLURAL_CASE = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;
const ARGUMENT = /\{(\w+)\}/g;

/** `bcp47` is a BCP 47 language tag (`pt-BR`), as Intl wants it. */
export function formatTemplate(template: string, bcp47: string, values: MessageValues = {}): string {
  const withPlurals = template.replace(PLURAL, (_match, name: string, body: string) => {
    const count = Number(values[name] ?? 0);
    const cases = new Map<string, string>();
    for (const [, key, text] of body.matchAll(PLURAL_CASE)) cases.set(key!, text!);
    const text = cases.get(`=${count}`) ?? cases.get(pluralRules(bcp47).select(count)) ?? cases.get('other') ?? '';
    return text.replace(/#/g, numberFormat(bcp47).format(count));
  });
  return withPlurals.replace(ARGUMENT, (match, name: string) => (name in values ? String(values[name]) : match));
}

/** A date in the visitor's language, e.g. "2 October 2026" / "2 octobre 2026". */
export function formatLongDate(bcp47: string, date: Date, timeZone = 'UTC'): string {
  return dateTimeFormat(bcp47, { dateStyle: 'long', timeZone }).format(date);
}

/** A time of day in the visitor's language and its zone's short name, e.g. "08:00" and "CET". */
export function formatTimeOfDay(bcp47: string, date: Date, timeZone = 'UTC'): { time: string; zone: string } {
  const time = dateTimeFormat(bcp47, { timeStyle: 'short', timeZone }).format(date);
  const zone = dateTimeFormat(bcp47, { timeZoneName: 'short', timeZone }).formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  return { time, zone };
}

/**
 * A moment as a reader in `timeZone` sees it, in their language, with the zone named in full
 * (mail read far from the newsroom): "December 5, 2026", "1:00 PM", "Gulf Standard Time".
 */
export function formatZonedMoment(bcp47: string, date: Date, timeZone: string): { date: string; time: string; zone: string } {
  const zone = dateTimeFormat(bcp47, { timeZoneName: 'long', timeZone }).formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  return { date: formatLongDate(bcp47, date, timeZone), time: dateTimeFormat(bcp47, { timeStyle: 'short', timeZone }).format(date), zone };
}

/** A file size in the visitor's language, e.g. "12.4 MB" / "12,4 Mo" (decimal units, as file managers show). */
export function formatFileSize(bcp47: string, bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return numberFormat(bcp47, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}
