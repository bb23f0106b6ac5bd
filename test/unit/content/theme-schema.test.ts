// newsroom.yaml `theme:`: what passes, and how each mistake is reported (file, field, message).
import { expect, test } from 'vitest';
import { check, formatProblem, NewsroomFileSchema, type ContentProblem } from '#src/content/schema';

const newsroom = (theme: unknown) => ({
  uuid: '11111111-2222-4333-8444-555555555555',
  url: 'https://news.test.example',
  display_name: 'Test Newsroom',
  languages: [{ code: 'en', is_default: true }],
  theme,
});

function problemsOf(theme: unknown): string[] {
  const problems: ContentProblem[] = [];
  check(NewsroomFileSchema, newsroom(theme), 'newsroom.yaml', problems);
  return problems.map(formatProblem);
}

test.each([
  ['no theme', undefined],
  ['an empty theme', null],
  ['only a logo height', { logo_height: 56 }],
  ['upper-case hex', { accent: '#0B5C4B' }],
  ['the smallest and largest logo', { logo_height: 24 }],
  ['a full theme', { accent: '#8a1c4a', accent_ink: '#ffffff', accent_dark: '#e58fb3', header_background: '#fffaf0', header_link: '#1a1a2e', footer_background: '#243b53', footer_text: '#ffffff', logo_height: 96 }],
])('%s is accepted', (_name, theme) => {
  expect(problemsOf(theme)).toEqual([]);
});

test('the theme is kept as given', () => {
  const parsed = NewsroomFileSchema.parse(newsroom({ accent: '#8a1c4a', logo_height: 48 }));
  expect(parsed.theme).toEqual({ accent: '#8a1c4a', logo_height: 48 });
});

test.each([
  ['a three-digit colour', { accent: '#abc' }, 'newsroom.yaml: theme.accent: must be a colour as #rrggbb, e.g. #0b5c4b'],
  ['a colour name', { header_background: 'white' }, 'newsroom.yaml: theme.header_background: must be a colour as #rrggbb, e.g. #0b5c4b'],
  ['a colour with alpha', { footer_text: '#ffffff80' }, 'newsroom.yaml: theme.footer_text: must be a colour as #rrggbb, e.g. #0b5c4b'],
  ['a logo too small', { logo_height: 10 }, 'newsroom.yaml: theme.logo_height: must be at least 24 (pixels)'],
  ['a logo too large', { logo_height: 400 }, 'newsroom.yaml: theme.logo_height: must be at most 96 (pixels)'],
  ['a fractional logo height', { logo_height: 40.5 }, 'newsroom.yaml: theme.logo_height: must be a whole number of pixels'],
  [
    'header links that do not read on the header',
    { header_background: '#ffffff', header_link: '#999999' },
    'newsroom.yaml: theme.header_link: header links: #999999 (theme.header_link) on #ffffff (theme.header_background) has a contrast of 2.84:1; needs at least 4.5:1',
  ],
  [
    'a dark footer with dark text',
    { footer_background: '#14213d', footer_text: '#4a5568' },
    'newsroom.yaml: theme.footer_text: footer text: #4a5568 (theme.footer_text) on #14213d (theme.footer_background) has a contrast of 2.12:1; needs at least 4.5:1',
  ],
])('%s is one problem naming the field', (_name, theme, expected) => {
  expect(problemsOf(theme)).toEqual([expected]);
});

test('an unknown theme field is an error (a typo must not pass)', () => {
  expect(problemsOf({ acent: '#0b5c4b' })).toEqual([expect.stringMatching(/^newsroom\.yaml: theme: Unrecognized key: "acent"/)]);
});

test('contrast is not checked while a colour is malformed (one problem, not two)', () => {
  expect(problemsOf({ header_background: '#fffff', header_link: '#eeeeee' })).toEqual(['newsroom.yaml: theme.header_background: must be a colour as #rrggbb, e.g. #0b5c4b']);
});
