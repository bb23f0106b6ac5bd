// The calendar file of a release under embargo (src/domain/icalendar.ts): UTC times as a table
// (escaping and folding: content-lines.test.ts), and whole files read back by a real iCalendar parser
// (Mozilla's ical.js), which must find the event's start at the exact instant written.
import ICAL from 'ical.js';
import { expect, test } from 'vitest';
import { calendarFile, utcDateTime, type CalendarEvent } from '#src/domain/icalendar';

const octets = (line: string) => new TextEncoder().encode(line).length;

test.each([
  [0, '19700101T000000Z'],
  [1_796_461_200, '20261205T090000Z'],
  [1_796_461_259, '20261205T090059Z'],
])('%i seconds is %s in UTC', (seconds, value) => {
  expect(utcDateTime(seconds)).toBe(value);
});

const EVENT: CalendarEvent = {
  uid: 'a4b4b54c-49ab-4cf1-ba04-481bca01aebf.0123456789abcdef01234567@news.test.example',
  start: 1_796_461_200,
  stamp: 1_780_000_000,
  summary: 'Embargo ends: Wind, sun; and “storage”\\ more',
  description: `Your own link to the story (please do not forward it): https://news.test.example/s/r${'A'.repeat(43)}`,
  url: `https://news.test.example/s/r${'A'.repeat(43)}`,
  language: 'en',
};

function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

test('the file is CRLF throughout, folded at 75 octets, and ends with a line break', () => {
  const text = calendarFile({ ...EVENT, summary: `Embargo ends: ${'Offshore wind farm reaches final investment decision '.repeat(3)}` });
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
  expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
});

test('ical.js reads the event back: UID, the start at the exact instant in UTC, DTSTAMP, summary, description and URL unescaped', () => {
  const { calendar, vevent, event } = parsed(calendarFile(EVENT));
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(event.uid).toBe(EVENT.uid);
  expect(event.startDate.toUnixTime()).toBe(EVENT.start);
  expect(event.startDate.zone.tzid).toBe('UTC');
  expect((vevent.getFirstPropertyValue('dtstamp') as ICAL.Time).toUnixTime()).toBe(EVENT.stamp);
  expect(event.summary).toBe(EVENT.summary);
  expect(event.description).toBe(EVENT.description);
  expect(vevent.getFirstPropertyValue('url')).toBe(EVENT.url);
  expect(vevent.getFirstProperty('summary')!.getParameter('language')).toBe('en');
});

test.each([
  ['Arabic', 'ar', 'ينتهي الحظر: محطة رياح بحرية تصل إلى قرار الاستثمار النهائي في الربع الأول'],
  ['Japanese', 'ja', '報道解禁: 洋上風力発電所が最終投資決定に到達、二〇三〇年に初送電の見込み'],
  ['a newline and commas', 'fr', 'Fin de l’embargo : éolien, solaire\net stockage'],
])('a summary in %s survives folding and escaping whole', (_case, language, summary) => {
  const { event, vevent } = parsed(calendarFile({ ...EVENT, summary, language }));
  expect(event.summary).toBe(summary);
  expect(vevent.getFirstProperty('summary')!.getParameter('language')).toBe(language);
});

test('a language that is not a plain tag is left out rather than written into the parameter', () => {
  const text = calendarFile({ ...EVENT, language: 'en:x;y' });
  expect(text).toContain('\r\nSUMMARY:Embargo');
});
