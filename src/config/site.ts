/**
 * The public site's variables and secrets (wrangler.toml [vars], Worker secrets), checked with
 * zod: the origin, media, analytics, mail, IndexNow, WebSub, Turnstile, retention, the request
 * log, with the search engine's (./search.ts) and error reporting's (./error-reporting.ts) parts.
 * A bad value throws, naming the variable: the site cannot run on a guess. Read through src/env.ts,
 * the configuration's one entry, which parses it once per isolate.
 */
import * as z from 'zod/mini';
import { readSearchSettings, type ResolvedSearchSettings } from './search';
import { DEFAULT_RELEASE, readErrorReportingConfig, type ErrorReportingConfig } from './error-reporting';

/** How long recipients' links and opening records outlive the story's release unless RECIPIENT_RECORDS_DAYS says otherwise. */
export const DEFAULT_RECIPIENT_RECORDS_DAYS = 90;
const MAX_RECORDS_DAYS = 3650;
/** A number of days personal records are kept: 1 to 3650, empty for the default. */
const RecordsDays = z.optional(
  z.union([z.literal(''), z.string().check(z.regex(/^[1-9][0-9]{0,3}$/, 'must be a number of days'), z.refine((days) => Number(days) <= MAX_RECORDS_DAYS, 'must be at most 3650 days'))]),
);

/** `REQUEST_LOG`: `every` request's line (production), or only `errors-and-slow` ones (npm start; src/middleware/request-log.ts). */
export const REQUEST_LOG_MODES = ['every', 'errors-and-slow'] as const;
export type RequestLogMode = (typeof REQUEST_LOG_MODES)[number];

const VarsSchema = z.object({
  SITE_URL: z.optional(z.union([z.literal(''), z.url({ protocol: /^https?$/ })])),
  MEDIA_CDN_URL: z.optional(z.string()),
  ANALYTICS_ROLLUP_DOMAIN: z.optional(z.string()),
  ANALYTICS_HOST: z.optional(z.union([z.literal(''), z.url({ protocol: /^https?$/ })])),
  EMAIL_API_URL: z.optional(z.string()),
  EMAIL_API_KEY: z.optional(z.string()),
  EMAIL_FROM: z.optional(z.string()),
  SHOW_OUTBOX: z.optional(z.string()),
  INDEXNOW_KEY: z.optional(z.union([z.literal(''), z.string().check(z.regex(/^[A-Za-z0-9-]{8,128}$/, 'must be 8 to 128 letters, digits or dashes'))])),
  INDEXNOW_ENDPOINT: z.optional(z.union([z.literal(''), z.url({ protocol: /^https?$/ })])),
  WEBSUB_HUB: z.optional(z.union([z.literal(''), z.url({ protocol: /^https?$/ })])),
  TURNSTILE_SITE_KEY: z.optional(z.string()),
  TURNSTILE_SECRET_KEY: z.optional(z.string()),
  TURNSTILE_VERIFY_URL: z.optional(z.union([z.literal(''), z.url({ protocol: /^https?$/ })])),
  RECIPIENT_RECORDS_DAYS: RecordsDays,
  REQUEST_LOG: z.optional(z.union([z.literal(''), z.enum(REQUEST_LOG_MODES)])),
  INQUIRY_INBOX: z.optional(z.union([z.literal(''), z.email()])),
  INQUIRY_RETENTION_DAYS: RecordsDays,
});

/** Days an inquiry (a journalist's question, personal data) is kept unless INQUIRY_RETENTION_DAYS says otherwise. */
export const DEFAULT_INQUIRY_RETENTION_DAYS = 180;

/** Cloudflare Turnstile's server-side check (siteverify). */
export const DEFAULT_TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** Where IndexNow submissions go unless INDEXNOW_ENDPOINT says otherwise (it shares them with every participating engine). */
export const DEFAULT_INDEXNOW_ENDPOINT = 'https://api.indexnow.org/indexnow';

export interface AppConfig {
  /**
   * The site's public origin (`SITE_URL`, e.g. `https://news.example.com`): every absolute link
   * the site writes or mails is built on it, never on the request's Host. null: the newsroom's
   * own `url` (newsroom.yaml). See siteServedAt (domain/site-origin.ts).
   */
  readonly siteUrl: string | null;
  /** Root of media addresses: the Uploadcare CDN, or `/media` served by this worker. */
  readonly mediaRoot: string;
  readonly analyticsRollupDomain: string | null;
  /** Event tracking host (`{host}/track/p`, `{host}/recipients`); null sends no events. */
  readonly analyticsHost: string | null;
  /** HTTP email API; null sends mail to the D1 outbox. */
  readonly emailApi: { url: string; apiKey: string; from: string } | null;
  /** Serve /_dev/outbox: `npm start` sets it; the route also wants LOCAL_DEVELOPMENT on a loopback host (src/app.tsx). */
  readonly showOutbox: boolean;
  /** Search backend settings (D1 unless an engine is configured); never the admin key. */
  readonly search: ResolvedSearchSettings;
  /** IndexNow on go-live: the key (served at /{key}.txt) and where URLs are sent; null: off. */
  readonly indexNow: { key: string; endpoint: string } | null;
  /** WebSub hub told of changed feeds (and named in them); null: off. */
  readonly webSubHub: string | null;
  /** Cloudflare Turnstile on the portal's forms; null: off (the honeypot and limits still apply). */
  readonly turnstile: { siteKey: string; secretKey: string; verifyUrl: string } | null;
  /** The deployed release (`RELEASE`, the commit at deploy; `dev` locally): part of page-cache keys. */
  readonly release: string;
  /** Error reporting and tracing (worker and browser); null without `SENTRY_DSN`. */
  readonly errorReporting: ErrorReportingConfig | null;
  /** Days a journalist's links and their opening records are kept after the story went public. */
  readonly recipientRecordsDays: number;
  /** Which requests write a log line (`REQUEST_LOG`): `every` unless set (src/middleware/request-log.ts). */
  readonly requestLog: RequestLogMode;
  /**
   * The inquiry inbox (docs/decisions/0054-the-inquiry-inbox.md): where an inquiry no contact is
   * responsible for goes (`INQUIRY_INBOX`; null: it is only listed in the office view), and the
   * days inquiries are kept (`INQUIRY_RETENTION_DAYS`).
   */
  readonly inquiries: { readonly inbox: string | null; readonly retentionDays: number };
}

/**
 * SITE_URL as an origin (`https://news.example.com`, no trailing slash). Anything more (a path,
 * a query, credentials) would be a site somewhere else than at the root: refused.
 */
function siteOrigin(value: string): string {
  const url = new URL(value);
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    throw new Error(`Invalid worker configuration: SITE_URL: must be an origin such as https://news.example.com, not ${value}`);
  }
  return url.origin;
}

/** Parses the site's variables; the worker uses configOf() (src/env.ts), which does it once per isolate. */
export function readConfig(env: CloudflareBindings): AppConfig {
  const parsed = VarsSchema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid worker configuration: ${fields}`);
  }
  const vars = parsed.data;
  if (vars.EMAIL_API_URL && !(vars.EMAIL_API_KEY && vars.EMAIL_FROM)) {
    throw new Error('Invalid worker configuration: EMAIL_API_URL needs EMAIL_API_KEY and EMAIL_FROM');
  }
  if (Boolean(vars.TURNSTILE_SITE_KEY) !== Boolean(vars.TURNSTILE_SECRET_KEY)) {
    throw new Error('Invalid worker configuration: TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY go together');
  }
  return {
    siteUrl: vars.SITE_URL ? siteOrigin(vars.SITE_URL) : null,
    release: env.RELEASE?.trim() || DEFAULT_RELEASE,
    errorReporting: readErrorReportingConfig(env),
    mediaRoot: mediaRootOf(vars.MEDIA_CDN_URL),
    analyticsRollupDomain: vars.ANALYTICS_ROLLUP_DOMAIN || null,
    analyticsHost: vars.ANALYTICS_HOST ? vars.ANALYTICS_HOST.replace(/\/+$/, '') : null,
    emailApi: vars.EMAIL_API_URL ? { url: vars.EMAIL_API_URL, apiKey: vars.EMAIL_API_KEY!, from: vars.EMAIL_FROM! } : null,
    showOutbox: vars.SHOW_OUTBOX === 'true',
    search: readSearchSettings(env),
    indexNow: vars.INDEXNOW_KEY ? { key: vars.INDEXNOW_KEY, endpoint: vars.INDEXNOW_ENDPOINT || DEFAULT_INDEXNOW_ENDPOINT } : null,
    webSubHub: vars.WEBSUB_HUB || null,
    recipientRecordsDays: vars.RECIPIENT_RECORDS_DAYS ? Number(vars.RECIPIENT_RECORDS_DAYS) : DEFAULT_RECIPIENT_RECORDS_DAYS,
    requestLog: vars.REQUEST_LOG || 'every',
    inquiries: { inbox: vars.INQUIRY_INBOX || null, retentionDays: vars.INQUIRY_RETENTION_DAYS ? Number(vars.INQUIRY_RETENTION_DAYS) : DEFAULT_INQUIRY_RETENTION_DAYS },
    turnstile: vars.TURNSTILE_SITE_KEY
      ? { siteKey: vars.TURNSTILE_SITE_KEY, secretKey: vars.TURNSTILE_SECRET_KEY!, verifyUrl: vars.TURNSTILE_VERIFY_URL || DEFAULT_TURNSTILE_VERIFY_URL }
      : null,
  };
}

/** The root of media addresses from MEDIA_CDN_URL: the CDN without its trailing slash, or this worker's `/media`. */
export function mediaRootOf(mediaCdnUrl: string | undefined): string {
  return (mediaCdnUrl || '/media').replace(/\/$/, '');
}
