import { describe, expect, it } from 'vitest';
import { MAX_FILENAME_BYTES, sanitizeFilename, truncateUtf8, utf8ByteLength } from '#src/domain/media/index';

const bytes = (text: string) => new TextEncoder().encode(text).length;
const hasLoneSurrogate = (text: string) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('sanitizeFilename', () => {
  it.each([
    ['slash', 'a/b.txt', 'a_b.txt'],
    ['question mark', 'what?.txt', 'what_.txt'],
    ['angle brackets', '<tag>.html', '_tag_.html'],
    ['backslash', 'back\\slash.txt', 'back_slash.txt'],
    ['colon', 'report:2024.pdf', 'report_2024.pdf'],
    ['asterisk', 'star*.png', 'star_.png'],
    ['pipe', 'pipe|name.png', 'pipe_name.png'],
    ['double quote', '"quoted".txt', '_quoted_.txt'],
    ['percent sign', '100% done.pdf', '100_ done.pdf'],
    ['several illegal characters each replaced', 'a/b\\c:d', 'a_b_c_d'],
  ])('replaces a %s with an underscore', (_what, input, expected) => {
    expect(sanitizeFilename(input)).toBe(expected);
  });

  it.each([
    ['NUL byte (0x00)', 'nul\u0000byte.txt', 'nul_byte.txt'],
    ['tab (0x09)', 'tab\there.txt', 'tab_here.txt'],
    ['newline (0x0a)', 'line\nbreak.txt', 'line_break.txt'],
    ['unit separator (0x1f)', 'a\u001fb', 'a_b'],
    ['C1 control (0x80)', 'a\u0080b', 'a_b'],
    ['C1 control (0x85)', 'a\u0085b', 'a_b'],
    ['C1 control (0x9f)', 'a\u009fb', 'a_b'],
  ])('replaces a control character: %s', (_what, input, expected) => {
    expect(sanitizeFilename(input)).toBe(expected);
  });

  it.each([
    ['CON', '_'],
    ['con', '_'],
    ['con.txt', '_'],
    ['Con.Tar.Gz', '_'],
    ['PRN', '_'],
    ['prn.pdf', '_'],
    ['AUX', '_'],
    ['aux.log', '_'],
    ['NUL', '_'],
    ['nul.txt', '_'],
    ['COM1', '_'],
    ['com9.txt', '_'],
    ['LPT1', '_'],
    ['lpt9.doc', '_'],
  ])('replaces the reserved device name %j', (input, expected) => {
    expect(sanitizeFilename(input)).toBe(expected);
  });

  it.each([
    ['a longer word that starts with a device name', 'console.txt'],
    ['a device name inside a name', 'my-con.txt'],
    ['COM0, which is not a device', 'COM0.txt'],
    ['COM10, which is not a device', 'COM10'],
    ['a dot file', '.hidden'],
    ['accented letters', 'résumé 2024.pdf'],
    ['CJK characters', '日本語のファイル.txt'],
    ['emoji', 'party 🎉.png'],
  ])('keeps %s unchanged', (_what, input) => {
    expect(sanitizeFilename(input)).toBe(input);
  });

  it.each([
    ['a single dot', '.', '_'],
    ['two dots', '..', '_'],
    ['many dots', '.....', '_'],
    ['a trailing dot', 'name.', 'name_'],
    ['trailing spaces', 'name   ', 'name_'],
    ['mixed trailing dots and spaces', 'name. . ', 'name_'],
  ])('replaces %s', (_what, input, expected) => {
    expect(sanitizeFilename(input)).toBe(expected);
  });

  it.each([
    ['ASCII', 'a'.repeat(300), 'a'.repeat(255)],
    ['ASCII exactly at the limit', 'a'.repeat(255), 'a'.repeat(255)],
    ['2-byte é, cut before a half character', 'é'.repeat(200), 'é'.repeat(127)],
    ['2-byte é filling the limit exactly', 'a' + 'é'.repeat(127), 'a' + 'é'.repeat(127)],
    ['2-byte é one byte over', 'ab' + 'é'.repeat(127), 'ab' + 'é'.repeat(126)],
    ['3-byte CJK filling the limit exactly', '中'.repeat(100), '中'.repeat(85)],
    ['4-byte emoji (surrogate pairs)', '😀'.repeat(70), '😀'.repeat(63)],
    ['4-byte emoji behind an odd prefix', 'ab' + '😀'.repeat(64), 'ab' + '😀'.repeat(63)],
  ])('cuts %s to 255 bytes of UTF-8 without splitting a character', (_what, input, expected) => {
    const result = sanitizeFilename(input);
    expect(result).toBe(expected);
    expect(bytes(result)).toBeLessThanOrEqual(MAX_FILENAME_BYTES);
    expect(hasLoneSurrogate(result)).toBe(false);
  });

  it('measures the limit after replacing, so a 2-byte control character becomes a 1-byte underscore', () => {
    const input = '\u0085' + 'a'.repeat(254);
    expect(sanitizeFilename(input)).toBe('_' + 'a'.repeat(254));
  });

  it.each([
    ['a dot', 'a'.repeat(254) + '. b.txt', 'a'.repeat(254) + '_'],
    ['a space', 'a'.repeat(254) + ' b.txt', 'a'.repeat(254) + '_'],
  ])('replaces %s left at the end by the cut', (_what, input, expected) => {
    expect(sanitizeFilename(input)).toBe(expected);
  });

  it('leaves an empty name empty', () => {
    expect(sanitizeFilename('')).toBe('');
  });
});

describe('utf8ByteLength and truncateUtf8', () => {
  it.each(['', 'abc', 'é', '中文', '😀', 'a😀é中'])('counts %j as UTF-8 does', (text) => {
    expect(utf8ByteLength(text)).toBe(bytes(text));
  });

  it.each([
    ['abc', 2, 'ab'],
    ['é', 1, ''],
    ['😀x', 3, ''],
    ['😀x', 4, '😀'],
    ['😀x', 5, '😀x'],
    ['中文', 5, '中'],
  ])('cuts %j to %i bytes as %j', (text, limit, expected) => {
    expect(truncateUtf8(text, limit)).toBe(expected);
  });
});
