/**
 * The newsroom's theme (newsroom.yaml `theme:`): its brand colours and logo height, checked for
 * contrast at import and delivered as CSS custom properties in a stylesheet of their own,
 * `/theme-{hash}.css`, linked after /styles/site.css. Pages keep `style-src 'self'`: no inline
 * style, no per-page policy change.
 *
 * The stylesheet (public/styles/site.css) is the default theme: its `:root` variables hold the
 * values of DEFAULT_THEME and DARK_PAGE (a unit test keeps them equal), so a newsroom without a
 * `theme:` block links no theme stylesheet at all. A theme sets only the groups it names (accent,
 * header, footer, logo), so an unnamed group keeps the stylesheet's look exactly.
 *
 * Header and footer are brand surfaces: they keep the newsroom's colours in dark mode (a logo is
 * drawn for the header's background). The page itself (background, text, lines, soft boxes) turns
 * dark, so the accent, which colours links and buttons on the page, gets a dark-mode variant: the
 * newsroom's `accent_dark`, or the accent lightened until it reads on the dark page.
 */

/** The colours a theme names: `#rrggbb`, six hex digits. */
export const THEME_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** The header logo's height in CSS pixels. */
export const LOGO_HEIGHT_MIN = 24;
export const LOGO_HEIGHT_MAX = 96;
/** WCAG 2 AA for normal text. */
export const MIN_CONTRAST = 4.5;

/** A theme as newsroom.yaml gives it: every field optional, colours as `#rrggbb`. */
export interface NewsroomTheme {
  /** Links, buttons, and the box of a card without a cover. */
  readonly accent?: string;
  /** Text on the accent (buttons, a card's name without a logo). */
  readonly accent_ink?: string;
  /** The accent in dark mode, on the dark page; derived from `accent` when absent. */
  readonly accent_dark?: string;
  readonly header_background?: string;
  /** The header's links and text (the name when there is no logo). */
  readonly header_link?: string;
  readonly footer_background?: string;
  /** The footer's text and links. */
  readonly footer_text?: string;
  /** The header logo's height in pixels. */
  readonly logo_height?: number;
}

export type ThemeColourField = Exclude<keyof NewsroomTheme, 'logo_height'>;

export const THEME_COLOUR_FIELDS: readonly ThemeColourField[] = ['accent', 'accent_ink', 'accent_dark', 'header_background', 'header_link', 'footer_background', 'footer_text'];

/** Today's look, as public/styles/site.css sets it (the dark accent is derived from the accent). */
export const DEFAULT_THEME = {
  accent: '#0b5c4b',
  accent_ink: '#ffffff',
  header_background: '#ffffff',
  header_link: '#14213d',
  footer_background: '#14213d',
  footer_text: '#e2e8f0',
  logo_height: 40,
} as const;

/** The light page's backgrounds links sit on (soft: contact cards, callouts). */
export const LIGHT_PAGE = { paper: '#ffffff', paper_soft: '#f4f6f8' } as const;
/** The dark-mode page palette of public/styles/site.css. */
export const DARK_PAGE = { ink: '#e6eaf0', ink_soft: '#a8b3c2', paper: '#0f141c', paper_soft: '#1a212c', line: '#2f3a4a' } as const;

// ---------------------------------------------------------------------------------------------
// Colour arithmetic (WCAG 2.x)

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance of a `#rrggbb` colour: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, from 1 (same) to 21 (black on white); order does not matter. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** "4.49:1": cut, never rounded up, so a failing ratio never prints as the threshold. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/** `colour` mixed with white by `amount` (0: itself, 1: white). */
function towardsWhite(colour: string, amount: number): string {
  return toHex(channels(colour).map((c) => c + (255 - c) * amount));
}

/**
 * The accent for dark mode: the accent lightened in 5 % steps towards white until it reads on
 * the dark page's soft background (the lightest one links sit on). White always does.
 */
export function deriveDarkAccent(accent: string): string {
  for (let step = 0; step <= 20; step++) {
    const candidate = towardsWhite(accent, step / 20);
    if (contrastRatio(candidate, DARK_PAGE.paper_soft) >= MIN_CONTRAST) return candidate;
  }
  return '#ffffff';
}

// ---------------------------------------------------------------------------------------------
// The resolved theme and its checks

export interface ResolvedTheme {
  readonly accent: string;
  readonly accent_ink: string;
  readonly accent_dark: string;
  /** Text on the dark-mode accent: the accent's own ink, or the dark page colour, whichever reads better. */
  readonly accent_dark_ink: string;
  readonly header_background: string;
  readonly header_link: string;
  /** The current and hovered header link: the accent where it reads on the header, else the link colour. */
  readonly header_link_active: string;
  readonly footer_background: string;
  readonly footer_text: string;
  readonly logo_height: number;
}

const lower = (colour: string | undefined) => colour?.toLowerCase();

/** The theme with every field filled: the newsroom's values over DEFAULT_THEME. */
export function resolveTheme(theme: NewsroomTheme | null | undefined): ResolvedTheme {
  const given = theme ?? {};
  const accent = lower(given.accent) ?? DEFAULT_THEME.accent;
  const accent_ink = lower(given.accent_ink) ?? DEFAULT_THEME.accent_ink;
  const accent_dark = lower(given.accent_dark) ?? deriveDarkAccent(accent);
  const header_background = lower(given.header_background) ?? DEFAULT_THEME.header_background;
  const header_link = lower(given.header_link) ?? DEFAULT_THEME.header_link;
  const readsBetter = (a: string, b: string, against: string) => (contrastRatio(a, against) >= contrastRatio(b, against) ? a : b);
  return {
    accent,
    accent_ink,
    accent_dark,
    accent_dark_ink: readsBetter(accent_ink, DARK_PAGE.paper, accent_dark),
    header_background,
    header_link,
    header_link_active: contrastRatio(accent, header_background) >= MIN_CONTRAST ? accent : header_link,
    footer_background: lower(given.footer_background) ?? DEFAULT_THEME.footer_background,
    footer_text: lower(given.footer_text) ?? DEFAULT_THEME.footer_text,
    logo_height: given.logo_height ?? DEFAULT_THEME.logo_height,
  };
}

/** A pair below 4.5:1: the field to name (as `theme.<field>`) and what was found. */
export interface ContrastProblem {
  readonly field: ThemeColourField;
  readonly message: string;
}

interface PairCheck {
  /** The text colour and what it is set on; a field name, or a fixed page colour. */
  readonly text: ThemeColourField;
  readonly background: ThemeColourField | { readonly name: string; readonly colour: string };
  readonly what: string;
}

/** Every pair a theme must pass: text on its background, at 4.5:1. */
const PAIR_CHECKS: readonly PairCheck[] = [
  { text: 'accent_ink', background: 'accent', what: 'text on the accent' },
  { text: 'accent', background: { name: 'the page’s soft background', colour: LIGHT_PAGE.paper_soft }, what: 'links on the page' },
  { text: 'accent_dark', background: { name: 'the dark page’s soft background', colour: DARK_PAGE.paper_soft }, what: 'links on the dark page' },
  { text: 'header_link', background: 'header_background', what: 'header links' },
  { text: 'footer_text', background: 'footer_background', what: 'footer text' },
];

/**
 * The pairs of a theme below 4.5:1, each naming a field the newsroom set (the text colour when it
 * set that, else the background), both colours, where each came from, and the ratio found. A
 * pair the newsroom left alone is the default, which passes.
 */
export function themeContrastProblems(theme: NewsroomTheme): ContrastProblem[] {
  const resolved = resolveTheme(theme);
  const problems: ContrastProblem[] = [];
  for (const check of PAIR_CHECKS) {
    const backgroundField = typeof check.background === 'string' ? check.background : null;
    const textGiven = theme[check.text] !== undefined;
    const backgroundGiven = backgroundField !== null && theme[backgroundField] !== undefined;
    if (!textGiven && !backgroundGiven) continue;
    const text = resolved[check.text];
    const background = backgroundField ? resolved[backgroundField] : (check.background as { colour: string }).colour;
    const ratio = contrastRatio(text, background);
    if (ratio >= MIN_CONTRAST) continue;
    const source = (field: ThemeColourField, given: boolean) => `theme.${field}${given ? '' : ', default'}`;
    const backgroundSource = backgroundField ? source(backgroundField, backgroundGiven) : (check.background as { name: string }).name;
    problems.push({
      field: textGiven ? check.text : backgroundField!,
      message: `${check.what}: ${text} (${source(check.text, textGiven)}) on ${background} (${backgroundSource}) has a contrast of ${formatRatio(ratio)}; needs at least ${MIN_CONTRAST}:1`,
    });
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The theme stylesheet

/**
 * The custom properties a theme sets, by group: a group is written only when the newsroom names
 * one of its fields, so the others keep the stylesheet's defaults.
 */
export function themeProperties(theme: NewsroomTheme): { light: [string, string][]; dark: [string, string][] } {
  const resolved = resolveTheme(theme);
  const named = (...fields: (keyof NewsroomTheme)[]) => fields.some((field) => theme[field] !== undefined);
  const light: [string, string][] = [];
  const dark: [string, string][] = [];
  const accent = named('accent', 'accent_ink', 'accent_dark');
  const header = named('header_background', 'header_link');
  if (accent) {
    light.push(['--accent', resolved.accent], ['--accent-ink', resolved.accent_ink]);
    dark.push(['--accent', resolved.accent_dark], ['--accent-ink', resolved.accent_dark_ink]);
  }
  if (header) light.push(['--header-bg', resolved.header_background], ['--header-link', resolved.header_link]);
  if (accent || header) light.push(['--header-link-active', resolved.header_link_active]);
  if (named('footer_background', 'footer_text')) {
    light.push(
      ['--footer-bg', resolved.footer_background],
      ['--footer-text', resolved.footer_text],
      ['--footer-link', resolved.footer_text],
      ['--footer-muted', resolved.footer_text],
    );
  }
  if (named('logo_height')) light.push(['--logo-height', `${resolved.logo_height}px`]);
  return { light, dark };
}

/** The theme stylesheet's text; null when the theme changes nothing (no stylesheet is linked). */
export function themeStylesheet(theme: NewsroomTheme | null | undefined): string | null {
  if (!theme) return null;
  const { light, dark } = themeProperties(theme);
  if (light.length === 0) return null;
  const block = (properties: [string, string][], indent: string) => properties.map(([name, value]) => `${indent}${name}: ${value};`).join('\n');
  const css = [`:root {\n${block(light, '  ')}\n}`];
  // Screen only: print stays light (public/styles/site.css's print rules).
  if (dark.length > 0) css.push(`@media screen and (prefers-color-scheme: dark) {\n  :root {\n${block(dark, '    ')}\n  }\n}`);
  return `${css.join('\n')}\n`;
}

/**
 * A short hash of a stylesheet's text (cyrb53, 53 bits, base 36), for its immutable address. Not
 * a security hash: it only has to change when the text does. Synchronous, so a page can name the
 * address while it renders; taken of the text, not of newsroom.yaml, so a release that writes
 * the properties differently gets a new address too.
 */
export function stylesheetHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const themeAssets = new WeakMap<NewsroomTheme, { css: string; hash: string } | null>();

/**
 * The theme stylesheet and its hash, or null when there is nothing to link; worked out once per
 * theme object (the isolate keeps the site context, and its theme, across requests).
 */
export function themeAsset(theme: NewsroomTheme | null | undefined): { css: string; hash: string } | null {
  if (!theme) return null;
  let asset = themeAssets.get(theme);
  if (asset === undefined) {
    const css = themeStylesheet(theme);
    asset = css === null ? null : { css, hash: stylesheetHash(css) };
    themeAssets.set(theme, asset);
  }
  return asset;
}
