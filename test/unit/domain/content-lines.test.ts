// Content lines as vCard (RFC 6350) and iCalendar (RFC 5545) share them
// (src/domain/content-lines.ts): TEXT escaping, and folding at 75 octets without splitting a
// UTF-8 character, unfolded back to the same line.
import { expect, test } from 'vitest';
import { escapeContentText, foldContentLine } from '#src/domain/content-lines';

test.each([
  ['plain text', 'Wind farm', 'Wind farm'],
  ['a comma', 'Wind, sun', 'Wind\\, sun'],
  ['a semicolon', 'a;b', 'a\\;b'],
  ['a backslash', 'C:\\dir', 'C:\\\\dir'],
  ['a newline', 'one\ntwo', 'one\\ntwo'],
  ['a CRLF', 'one\r\ntwo', 'one\\ntwo'],
  ['a colon (not escaped in TEXT)', 'Embargo ends: now', 'Embargo ends: now'],
])('escaping %s', (_case, text, escaped) => {
  expect(escapeContentText(text)).toBe(escaped);
});

const octets = (line: string) => new TextEncoder().encode(line).length;

test.each([
  ['a short line', 'SUMMARY:Wind', 1],
  ['exactly 75 octets', `SUMMARY:${'a'.repeat(67)}`, 1],
  ['76 octets', `SUMMARY:${'a'.repeat(68)}`, 2],
  ['a long ASCII line', `DESCRIPTION:${'x'.repeat(300)}`, 5],
  ['two-octet letters', `SUMMARY:${'é'.repeat(100)}`, 3],
  ['three-octet letters', `SUMMARY:${'風'.repeat(60)}`, 3],
  ['four-octet emoji', `SUMMARY:${'🌬'.repeat(40)}`, 3],
])('folding %s: lines of at most 75 octets, continuations start with a space, nothing split', (_case, line, count) => {
  const folded = foldContentLine(line);
  const lines = folded.split('\r\n');
  expect(lines).toHaveLength(count);
  for (const part of lines) expect(octets(part)).toBeLessThanOrEqual(75);
  for (const part of lines.slice(1)) expect(part.startsWith(' ')).toBe(true);
  // Unfolding (RFC 5545 section 3.1: CRLF and one space removed) gives the line back.
  expect(folded.replace(/\r\n /g, '')).toBe(line);
  expect(folded).not.toContain('\uFFFD');
});
