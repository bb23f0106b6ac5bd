// The theme: WCAG contrast, the checks an import runs, the stylesheet it serves, and the
// stylesheet's own defaults (public/styles/site.css) held equal to the domain's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  contrastRatio,
  DARK_PAGE,
  DEFAULT_THEME,
  deriveDarkAccent,
  formatRatio,
  LIGHT_PAGE,
  MIN_CONTRAST,
  relativeLuminance,
  resolveTheme,
  stylesheetHash,
  themeContrastProblems,
  themeStylesheet,
  type NewsroomTheme,
} from '#src/domain/theme';

describe('relative luminance and contrast (WCAG 2)', () => {
  test.each([
    ['#000000', 0],
    ['#ffffff', 1],
    ['#ff0000', 0.2126],
    ['#00ff00', 0.7152],
    ['#0000ff', 0.0722],
    ['#808080', 0.2159],
    ['#FFFFFF', 1],
  ])('the luminance of %s is %d', (colour, luminance) => {
    expect(relativeLuminance(colour)).toBeCloseTo(luminance, 4);
  });

  test.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#000000', 21],
    ['#0b5c4b', '#0b5c4b', 1],
    ['#767676', '#ffffff', 4.54],
    ['#777777', '#ffffff', 4.48],
    ['#0b5c4b', '#ffffff', 7.93],
    ['#e2e8f0', '#14213d', 12.96],
    ['#ff0000', '#ffffff', 4],
  ])('%s against %s is %d:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
  });

  test.each([
    [4.4999, '4.49:1'],
    [4.5, '4.50:1'],
    [21, '21.00:1'],
    [1, '1.00:1'],
  ])('%d prints as %s (cut, never rounded up to the threshold)', (ratio, text) => {
    expect(formatRatio(ratio)).toBe(text);
  });
});

describe('the dark-mode accent', () => {
  test.each(['#0b5c4b', '#8a1c4a', '#000000', '#1d4ed8', '#14213d', '#c2410c'])('%s lightened reads on the dark page', (accent) => {
    const dark = deriveDarkAccent(accent);
    expect(contrastRatio(dark, DARK_PAGE.paper_soft)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(dark, resolveTheme({ accent }).accent_dark_ink)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  test('an accent that already reads on the dark page is kept', () => {
    expect(deriveDarkAccent('#7dd3c0')).toBe('#7dd3c0');
  });

  test('a given accent_dark wins over the derived one', () => {
    expect(resolveTheme({ accent: '#0b5c4b', accent_dark: '#9ad9c8' }).accent_dark).toBe('#9ad9c8');
  });
});

describe('contrast checks of a theme', () => {
  test('no theme and every default pass', () => {
    expect(themeContrastProblems({})).toEqual([]);
    expect(themeContrastProblems({ ...DEFAULT_THEME })).toEqual([]);
  });

  test.each<[string, NewsroomTheme, { field: string; ratio: string }[]]>([
    ['a good full theme', { accent: '#8a1c4a', accent_ink: '#ffffff', header_background: '#102a43', header_link: '#f0f4f8', footer_background: '#243b53', footer_text: '#ffffff' }, []],
    ['header links too light on the header', { header_background: '#ffffff', header_link: '#999999' }, [{ field: 'header_link', ratio: '2.84:1' }]],
    ['a dark header with the default (dark) links', { header_background: '#0b5c4b' }, [{ field: 'header_background', ratio: '2.01:1' }]],
    ['footer text on its footer', { footer_background: '#14213d', footer_text: '#4a5568' }, [{ field: 'footer_text', ratio: '2.12:1' }]],
    ['text on a light accent', { accent: '#0b5c4b', accent_ink: '#777777' }, [{ field: 'accent_ink', ratio: '1.77:1' }]],
    ['a light accent: white text and links on the page both fail', { accent: '#77aa99' }, [{ field: 'accent', ratio: '2.62:1' }, { field: 'accent', ratio: '2.42:1' }]],
    ['a light accent with dark text still fails as a link colour', { accent: '#77aa99', accent_ink: '#000000' }, [{ field: 'accent', ratio: '2.42:1' }]],
    ['a dark-mode accent too dark for the dark page', { accent_dark: '#0b5c4b' }, [{ field: 'accent_dark', ratio: '2.03:1' }]],
    ['exactly at the threshold passes', { header_background: '#ffffff', header_link: '#767676' }, []],
  ])('%s', (_name, theme, expected) => {
    const problems = themeContrastProblems(theme);
    expect(problems.map((problem) => problem.field)).toEqual(expected.map((e) => e.field));
    problems.forEach((problem, index) => {
      expect(problem.message).toContain(`contrast of ${expected[index]!.ratio}`);
      expect(problem.message).toContain(`needs at least ${MIN_CONTRAST}:1`);
    });
  });

  test('a problem names both colours and where each came from', () => {
    const [problem] = themeContrastProblems({ header_background: '#0b5c4b' });
    expect(problem!.message).toBe('header links: #14213d (theme.header_link, default) on #0b5c4b (theme.header_background) has a contrast of 2.01:1; needs at least 4.5:1');
  });
});

describe('the theme stylesheet', () => {
  test.each([null, undefined, {}])('%s sets nothing, so no stylesheet is linked', (theme) => {
    expect(themeStylesheet(theme)).toBeNull();
  });

  test('only the groups the newsroom names are set', () => {
    expect(themeStylesheet({ logo_height: 56 })).toBe(':root {\n  --logo-height: 56px;\n}\n');
    const footer = themeStylesheet({ footer_background: '#243b53', footer_text: '#FFFFFF' })!;
    expect(footer).toContain('--footer-bg: #243b53;');
    expect(footer).toContain('--footer-text: #ffffff;');
    expect(footer).not.toContain('--accent');
    expect(footer).not.toContain('--header-bg');
    expect(footer).not.toContain('prefers-color-scheme');
  });

  test('an accent comes with its dark-mode variant, on screens only', () => {
    const css = themeStylesheet({ accent: '#1d4ed8' })!;
    expect(css).toContain('--accent: #1d4ed8;');
    expect(css).toContain(`@media screen and (prefers-color-scheme: dark) {\n  :root {\n    --accent: ${deriveDarkAccent('#1d4ed8')};`);
  });

  test('the current header link takes the accent where it reads on the header, else the link colour', () => {
    expect(resolveTheme({ header_background: '#fffaf0', header_link: '#1a1a2e', accent: '#8a1c4a' }).header_link_active).toBe('#8a1c4a');
    expect(resolveTheme({ header_background: '#102a43', header_link: '#f0f4f8', accent: '#8a1c4a' }).header_link_active).toBe('#f0f4f8');
  });

  test('its hash is stable, short, and changes with the text', () => {
    const css = themeStylesheet({ accent: '#8a1c4a' })!;
    expect(stylesheetHash(css)).toBe(stylesheetHash(css));
    expect(stylesheetHash(css)).toMatch(/^[0-9a-z]{1,16}$/);
    expect(stylesheetHash(themeStylesheet({ accent: '#8a1c4b' })!)).not.toBe(stylesheetHash(css));
  });
});

describe('public/styles/site.css is the default theme', () => {
  const css = readFileSync(join(import.meta.dirname, '../../../public/styles/site.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const variables = (block: string) => Object.fromEntries([...block.matchAll(/(--[a-z-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]!.trim()]));
  const light = variables(css.slice(css.indexOf(':root {'), css.indexOf('}', css.indexOf(':root {'))));
  const darkStart = css.indexOf('@media screen and (prefers-color-scheme: dark)');
  const dark = variables(css.slice(css.indexOf(':root {', darkStart), css.indexOf('}', css.indexOf(':root {', darkStart))));
  const defaults = resolveTheme(null);

  test('its light variables hold DEFAULT_THEME and the light page', () => {
    expect(light).toMatchObject({
      '--accent': defaults.accent,
      '--accent-ink': defaults.accent_ink,
      '--header-bg': defaults.header_background,
      '--header-link': defaults.header_link,
      '--header-link-active': defaults.header_link_active,
      '--footer-bg': defaults.footer_background,
      '--footer-text': defaults.footer_text,
      '--logo-height': `${defaults.logo_height}px`,
      '--paper': LIGHT_PAGE.paper,
      '--paper-soft': LIGHT_PAGE.paper_soft,
    });
  });

  test('its dark variables hold DARK_PAGE and the derived dark accent', () => {
    expect(darkStart).toBeGreaterThan(0);
    expect(dark).toEqual({
      '--ink': DARK_PAGE.ink,
      '--ink-soft': DARK_PAGE.ink_soft,
      '--paper': DARK_PAGE.paper,
      '--paper-soft': DARK_PAGE.paper_soft,
      '--line': DARK_PAGE.line,
      '--accent': defaults.accent_dark,
      '--accent-ink': defaults.accent_dark_ink,
    });
  });

  test.each([
    ['text', DARK_PAGE.ink, DARK_PAGE.paper],
    ['text on soft boxes', DARK_PAGE.ink, DARK_PAGE.paper_soft],
    ['secondary text', DARK_PAGE.ink_soft, DARK_PAGE.paper],
    ['secondary text on soft boxes', DARK_PAGE.ink_soft, DARK_PAGE.paper_soft],
    ['links', deriveDarkAccent(DEFAULT_THEME.accent), DARK_PAGE.paper],
    ['links on soft boxes', deriveDarkAccent(DEFAULT_THEME.accent), DARK_PAGE.paper_soft],
    ['button text', defaults.accent_dark_ink, defaults.accent_dark],
  ])('in dark mode, %s read at 4.5:1 or more', (_name, text, background) => {
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });
});
