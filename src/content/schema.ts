/**
 * Schemas of the files in a content folder (docs/content-format.md). Strict objects: an unknown
 * field is an error, because a typo (`visiblity: private`) must never publish a private story.
 * This runs in the Node import CLI only, so it uses classic zod.
 */
import { z } from 'zod';
import { DEFAULT_CONTENT_SIGNALS } from '#src/domain/content-signals';
import { DEFAULT_TRACKING_POLICY, NAVIGATION_LAYOUTS, NOTIFICATION_STYLES, SOCIAL_NETWORKS, TRACKING_POLICIES } from '#src/domain/newsroom';
import { STORY_STATUSES, STORY_VISIBILITIES } from '#src/domain/story';
import { LOGO_HEIGHT_MAX, LOGO_HEIGHT_MIN, THEME_COLOUR_PATTERN, themeContrastProblems } from '#src/domain/theme';
import { isSupportedLocale, LOCALE_PATTERN } from '#src/i18n/locales';

const optionalText = z.string().nullish();
const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
// `photo.jpg`, or `/media/photo.jpg` as the editor's media picker writes it (folder-layout.ts mediaPathOf),
// or a file's Uploadcare CDN address as the editor's uploads write it (uploadcare-files.ts), read by the folder reader.
const mediaFile = z.string().min(1).regex(/^(?:\/media\/)?[^/\\][^\\]*$/, 'must be a path inside media/ (photo.jpg or /media/photo.jpg) or an Uploadcare CDN address');
const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. 2026-10-02T09:30:00Z' });
const uuid = z.uuid();
const localeCode = z
  .string()
  .regex(LOCALE_PATTERN, 'must be a lower-case locale code such as en or pt-br')
  .refine(isSupportedLocale, { error: (issue) => `"${String(issue.input)}" is not a supported locale`, abort: true });
/** Slugs become one URL segment: letters (any script), digits, dashes. */
const slug = z.string().min(1).max(200).regex(/^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u, 'must be lower-case letters, digits and single dashes');
/** A link in a notice: an http(s) address, or a path on this site (never `//host`). */
const linkTarget = z.union([url, z.string().regex(/^\/(?!\/)[^\s\\]*$/, 'must be an http(s) URL or a path starting with /')], { error: 'must be an http(s) URL or a path starting with /' });
const key = z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'must be lower-case letters, digits, dashes or underscores');

/** newsroom.yaml `theme:` (src/domain/theme.ts): colours as #rrggbb, every text/background pair at 4.5:1. */
const themeColour = z.string().regex(THEME_COLOUR_PATTERN, 'must be a colour as #rrggbb, e.g. #0b5c4b');
const ThemeSchema = z
  .strictObject({
    accent: themeColour.optional(),
    accent_ink: themeColour.optional(),
    accent_dark: themeColour.optional(),
    header_background: themeColour.optional(),
    header_link: themeColour.optional(),
    footer_background: themeColour.optional(),
    footer_text: themeColour.optional(),
    logo_height: z
      .number()
      .int('must be a whole number of pixels')
      .min(LOGO_HEIGHT_MIN, `must be at least ${LOGO_HEIGHT_MIN} (pixels)`)
      .max(LOGO_HEIGHT_MAX, `must be at most ${LOGO_HEIGHT_MAX} (pixels)`)
      .optional(),
  })
  .superRefine((theme, ctx) => {
    // Contrast is measured between well-formed colours only: a malformed one is its own problem.
    const { logo_height: _height, ...colours } = theme;
    if (Object.values(colours).some((colour) => !THEME_COLOUR_PATTERN.test(colour))) return;
    for (const problem of themeContrastProblems(theme)) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

/** A content signal: `true` (yes) or `false` (no), never a word a reader could take either way. */
const signal = z.boolean({ error: 'must be true or false' });

/**
 * newsroom.yaml. The keys' order is the editor's form and the order it writes them in
 * (src/admin/config/editor-config.ts), which is the demo file's.
 */
export const NewsroomFileSchema = z.strictObject({
  uuid,
  url,
  display_name: z.string().min(1),
  is_indexable: z.boolean().default(true),
  is_plausible_enabled: z.boolean().default(false),
  plausible_site_id: optionalText,
  tracking_policy: z.enum(TRACKING_POLICIES).default(DEFAULT_TRACKING_POLICY),
  segment_analytics_id: optionalText,
  google_analytics_id: optionalText,
  google_search_console_key: optionalText,
  theme_color: z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a hex colour such as #0b5c4b').nullish(),
  /** The homepage shows the categories marked `featured` in categories.yaml as tiles. */
  show_featured_categories: z.boolean().default(false),
  /** How wide screens show the categories in the header: a bar (the rest under "More") or a dropdown. */
  navigation: z.enum(NAVIGATION_LAYOUTS).default('bar'),
  /** robots.txt's Content-Signal line (src/domain/content-signals.ts), unless `enabled: false`; a use left out keeps its default. */
  content_signals: z
    .strictObject({
      enabled: z.boolean().default(DEFAULT_CONTENT_SIGNALS.enabled),
      search: signal.default(DEFAULT_CONTENT_SIGNALS.search),
      ai_input: signal.default(DEFAULT_CONTENT_SIGNALS.ai_input),
      ai_train: signal.default(DEFAULT_CONTENT_SIGNALS.ai_train),
    })
    .default(DEFAULT_CONTENT_SIGNALS),
  theme: ThemeSchema.nullish(),
  timezone: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Europe/Amsterdam')
    .default('UTC'),
  /** false: no story alerts subscribers when it goes live. */
  notify_subscribers: z.boolean().default(true),
  /** The credit and licence of every image that names none of its own. */
  image_credit: optionalText,
  image_licence: optionalText,
  onetrust_cookie_consent: z
    .strictObject({ is_enabled: z.boolean(), category: z.string().default(''), script: z.string().default('') })
    .default({ is_enabled: false, category: '', script: '' }),
  logo: mediaFile.nullish(),
  icon: mediaFile.nullish(),
  square_logo: mediaFile.nullish(),
  thumbnail: mediaFile.nullish(),
  languages: z
    .array(z.strictObject({ code: localeCode, is_default: z.boolean().default(false) }))
    .min(1, 'needs at least one language')
    .refine((list) => list.filter((l) => l.is_default).length <= 1, 'only one language may be the default')
    .refine((list) => new Set(list.map((l) => l.code)).size === list.length, 'a language is listed twice'),
});

export const CompanyFileSchema = z.strictObject({
  name: z.string().min(1),
  about: z.string().default(''),
  address: optionalText,
  phone: optionalText,
  email: z.email().nullish(),
  website: url.nullish(),
  social: z.partialRecord(z.enum(SOCIAL_NETWORKS), url).default({}),
  seo_settings: z
    .strictObject({
      meta_title: optionalText,
      default_meta_title: optionalText,
      meta_description: optionalText,
      default_meta_description: optionalText,
    })
    .default({}),
  custom_data_request_link: url.nullish(),
  /** Notices shown above the header on every page of this language. */
  notifications: z
    .array(
      z.strictObject({
        style: z.enum(NOTIFICATION_STYLES).default('info'),
        title: z.string().min(1),
        description: z.string().default(''),
        actions: z.array(z.strictObject({ name: z.string().min(1), target: linkTarget })).default([]),
      }),
    )
    .default([]),
  /** The organisation's own policies, linked when policies/ in the content folder has none. */
  privacy_policy_url: url.nullish(),
  cookie_policy_url: url.nullish(),
});

export const CategoriesFileSchema = z.array(
  z.strictObject({
    key,
    i18n: z.record(localeCode, z.strictObject({ name: z.string().min(1), slug, description: z.string().default('') })),
    /** A tile on the homepage when newsroom.yaml has `show_featured_categories: true`. */
    featured: z.boolean().default(false),
    image: mediaFile.nullish(),
  }),
);

/** `policies/{privacy-policy|cookie-policy}/index.{locale}.md`: a title, an optional date, Markdown. */
export const PolicyFrontMatterSchema = z.strictObject({
  title: z.string().min(1),
  updated_at: isoDate.optional(),
});

export const ContactsFileSchema = z.array(
  z.strictObject({
    key,
    name: z.string().min(1),
    description: z.string().default(''),
    company: z.string().default(''),
    email: z.email().nullish(),
    phone: optionalText,
    mobile: optionalText,
    website: url.nullish(),
    avatar: mediaFile.nullish(),
    locales: z.array(localeCode).min(1),
    /** The inquiries this contact answers: by the story's language and category (each list empty or absent: any). */
    responsible_for: z.strictObject({ languages: z.array(localeCode).default([]), categories: z.array(key).default([]) }).nullish(),
  }),
);

export const GalleryFileSchema = z.strictObject({
  uuid,
  title: z.string().min(1),
  description: z.string().default(''),
  published_at: isoDate,
  images: z.array(z.strictObject({ file: mediaFile, caption: z.string().default(''), credit: optionalText, licence: optionalText })).default([]),
  videos: z.array(z.strictObject({ url, title: z.string().min(1), thumbnail: mediaFile.nullish() })).default([]),
});

export const StoryFrontMatterSchema = z.strictObject({
  uuid: uuid.optional(),
  slug,
  title: z.string().min(1),
  subtitle: z.string().default(''),
  summary: z.string().default(''),
  status: z.enum(STORY_STATUSES),
  visibility: z.enum(STORY_VISIBILITIES),
  published_at: isoDate,
  updated_at: isoDate.optional(),
  author: z.strictObject({ display_name: z.string().min(1), email: z.email().nullish() }).nullish(),
  categories: z.array(key).default([]),
  tags: z.array(z.string().min(1)).default([]),
  cover: mediaFile.nullish(),
  cover_caption: z.string().default(''),
  cover_credit: optionalText,
  cover_licence: optionalText,
  pinned: z.boolean().default(false),
  /** false: no alert mail to subscribers when this story goes live. */
  notify: z.boolean().default(true),
  /** The story's own press contacts (contacts.yaml keys), shown as "Media contacts" on its page. */
  contacts: z.array(key).default([]),
  seo_settings: z
    .strictObject({ meta_title: optionalText, meta_description: optionalText, canonical_url: url.nullish() })
    .default({}),
});

export type NewsroomFile = z.infer<typeof NewsroomFileSchema>;
export type CompanyFile = z.infer<typeof CompanyFileSchema>;
export type CategoriesFile = z.infer<typeof CategoriesFileSchema>;
export type ContactsFile = z.infer<typeof ContactsFileSchema>;
export type GalleryFile = z.infer<typeof GalleryFileSchema>;
export type StoryFrontMatter = z.infer<typeof StoryFrontMatterSchema>;
export type PolicyFrontMatter = z.infer<typeof PolicyFrontMatterSchema>;

/** One problem in a content folder, printed as `file: field: message`. */
export interface ContentProblem {
  readonly file: string;
  readonly field: string;
  readonly message: string;
}

/** A field's path as a reader writes it: `languages[2].code`, `[0].i18n.fr`, `images[1].file`. */
export function fieldPath(...segments: readonly PropertyKey[]): string {
  return segments.map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : `${index > 0 ? '.' : ''}${String(segment)}`)).join('');
}

export function formatProblem(problem: ContentProblem): string {
  return `${problem.file}: ${problem.field || '(file)'}: ${problem.message}`;
}

/** Validates `data` and turns zod issues into problems naming the file and the field path. */
export function check<T>(schema: z.ZodType<T>, data: unknown, file: string, problems: ContentProblem[]): T | null {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    problems.push({ file, field: fieldPath(...issue.path), message: issue.message });
  }
  return null;
}
