/**
 * Content lines as vCard (RFC 6350 section 3.2) and iCalendar (RFC 5545 section 3.1) share them:
 * TEXT values escaped the same way, and lines folded at 75 octets, each continuation starting
 * with one space that counts towards its 75, no UTF-8 character split across two lines.
 */

/** The longest a line may be, in octets, before its line break. */
const MAX_LINE_OCTETS = 75;
const CRLF = '\r\n';
const encoder = new TextEncoder();

/** A TEXT value escaped: backslash, semicolon, comma and newlines. */
export function escapeContentText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** One content line folded into lines of at most 75 octets. */
export function foldContentLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).byteLength;
    const limit = lines.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      lines.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join(`${CRLF} `);
}

/** Content lines as one file: each folded, each ended by CRLF. */
export function contentLines(lines: readonly string[]): string {
  return lines.map(foldContentLine).join(CRLF) + CRLF;
}
