/**
 * Intl formatters, made once per isolate for each tag and set of options. Making one costs far
 * more than using it (locale data is looked up and resolved each time), and a page formats dozens
 * of dates, sizes and plurals: made per call, they were a tenth of a story page's render.
 */
const made = new Map<string, unknown>();

function once<T>(key: string, make: () => T): T {
  let formatter = made.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    made.set(key, formatter);
  }
  return formatter;
}

export function dateTimeFormat(bcp47: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return once(`date ${bcp47} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(bcp47, options));
}

export function numberFormat(bcp47: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return once(`number ${bcp47} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(bcp47, options));
}

export function pluralRules(bcp47: string): Intl.PluralRules {
  return once(`plural ${bcp47}`, () => new Intl.PluralRules(bcp47));
}

export function languageNames(bcp47: string): Intl.DisplayNames {
  return once(`language ${bcp47}`, () => new Intl.DisplayNames([bcp47], { type: 'language' }));
}

export function listFormat(bcp47: string, options: Intl.ListFormatOptions): Intl.ListFormat {
  return once(`list ${bcp47} ${JSON.stringify(options)}`, () => new Intl.ListFormat(bcp47, options));
}
