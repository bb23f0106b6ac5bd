/**
 * A calendar file (RFC 5545 iCalendar) holding one event: the moment an embargo lifts, offered
 * on a journalist's own page (src/pages/journalist-page.ts) so their calendar reminds them.
 *
 * Written by hand rather than by a library: one event, a handful of properties, and the three
 * rules that matter: lines end in CRLF and are folded at 75 octets (never inside a UTF-8
 * character), TEXT values escape `\`, `;`, `,` and newlines, and times are UTC (`…Z`), so no
 * VTIMEZONE is needed. The event's UID is the caller's and must be stable (the same release for
 * the same journalist gives the same UID on every download), so a calendar that imports the file
 * twice updates one event rather than adding a second.
 */
import { contentLines, escapeContentText } from './content-lines';

export interface CalendarEvent {
  /** Stable per event: a calendar recognises a re-import by it. */
  readonly uid: string;
  /** The event's moment, epoch seconds. */
  readonly start: number;
  /** When this file was made, epoch seconds (DTSTAMP). */
  readonly stamp: number;
  readonly summary: string;
  readonly description: string;
  /** An absolute address the event links (URL). */
  readonly url: string;
  /** The language of summary and description (a BCP 47 tag), when known. */
  readonly language?: string;
}

/** The product that wrote the file (PRODID): a fixed identifier, never shown to a reader. */
const PRODUCT_ID = '-//Edge newsroom//Press releases//EN';
/** A UTC DATE-TIME value: `20261205T090000Z`. */
export function utcDateTime(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** A language parameter only when it is a plain tag (nothing that could end the parameter). */
function languageParam(language: string | undefined): string {
  return language && /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(language) ? `;LANGUAGE=${language}` : '';
}

/** The whole file: one VCALENDAR with one VEVENT, CRLF after every line, the last included. */
export function calendarFile(event: CalendarEvent): string {
  const language = languageParam(event.language);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeContentText(event.uid)}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `SUMMARY${language}:${escapeContentText(event.summary)}`,
    `DESCRIPTION${language}:${escapeContentText(event.description)}`,
    // A URI value is not TEXT: written as it is (an address built by src/i18n/urls.ts).
    `URL:${event.url}`,
    // The event is the journalist's alone, and takes no time in their day.
    'CLASS:CONFIDENTIAL',
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return contentLines(lines);
}
