/**
 * The worker's configuration, its one entry: every variable and secret the worker reads is parsed
 * in src/config/, one part per concern, with zod, and reached from here. The public site's part
 * (`configOf`: origin, media, mail, search, error reporting, …) throws on a bad value, naming the
 * variable, and is parsed once per isolate; the press team's tools (the /admin door, the editor's
 * GitHub App, content folder, roles and uploads) never throw: a missing or malformed part turns
 * that tool off with a `problem` (src/config/press-tools.ts). Bindings come from `wrangler types`
 * (worker-configuration.d.ts).
 */
import { readConfig, type AppConfig } from '#src/config/site';
import { assertServerOnly } from './server-only';

// Reads the worker's secrets and bindings: never in a browser bundle.
assertServerOnly('src/env.ts (worker configuration)');

export type { AppConfig, RequestLogMode } from '#src/config/site';
// The adapters' own readers: error reporting before the site's part could be parsed, and the
// search engine's documents-only key, which no settings object that might reach a page holds.
export { readErrorReportingConfig } from '#src/config/error-reporting';
export { readSearchWriterSettings } from '#src/config/search';
export {
  adminAccessOf,
  DEFAULT_EDITOR_CONTENT_DIR,
  EDITOR_BRANCH,
  editorContentDirOf,
  editorGitHubOf,
  editorRolesFor,
  editorUploadsOf,
  type EditorGitHubConfig,
  type EditorPublishMode,
  type EditorUploadsConfig,
  type GitHubRepository,
} from '#src/config/press-tools';

/**
 * The configuration of these bindings, parsed once per isolate: the bindings object is the same
 * for every request an isolate serves, so later requests (cache misses, error pages, cron runs)
 * reuse the first parse. A bad configuration fails the first request loudly and every later one
 * the same way (the error is remembered too).
 */
const parsedConfigs = new WeakMap<object, AppConfig | Error>();

export function configOf(env: CloudflareBindings): AppConfig {
  let parsed = parsedConfigs.get(env);
  if (parsed === undefined) {
    try {
      parsed = readConfig(env);
    } catch (error) {
      parsed = error instanceof Error ? error : new Error(String(error));
    }
    parsedConfigs.set(env, parsed);
  }
  if (parsed instanceof Error) throw parsed;
  return parsed;
}

const fingerprints = new WeakMap<AppConfig, string>();

/**
 * A short fingerprint of what the configuration puts into pages (media root, analytics, search,
 * hubs, site keys) and of the release, secrets left out: part of the page-cache key, so a deploy
 * (which sets RELEASE to the commit) or a changed variable never serves pages rendered before.
 */
export function configFingerprint(config: AppConfig): string {
  let fingerprint = fingerprints.get(config);
  if (fingerprint === undefined) {
    // Settings that never reach a page: changing them keeps the cached pages.
    const { requestLog: _notInPages, recipientRecordsDays: _notInPagesEither, inquiries: _neverInPages, ...shown } = config;
    const visible = { ...shown, emailApi: config.emailApi ? { url: config.emailApi.url, from: config.emailApi.from } : null, turnstile: config.turnstile?.siteKey ?? null, errorReporting: config.errorReporting !== null };
    // FNV-1a, 32 bits: a cheap, stable tag (not a security boundary).
    let hash = 0x811c9dc5;
    for (const char of JSON.stringify(visible)) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
    fingerprint = hash.toString(36);
    fingerprints.set(config, fingerprint);
  }
  return fingerprint;
}

/**
 * Does this worker run on a developer's machine? Only when `npm start` says so
 * (`LOCAL_DEVELOPMENT=true`, never in wrangler.toml) and the request names a loopback host: a
 * deployed worker that somehow had the variable still answers no for its public host names. The
 * host is the client's word, so `npm start` listens on loopback only (scripts/dev/start.mjs).
 */
export function isLocalDevelopment(env: CloudflareBindings, requestUrl: string): boolean {
  if ((env as unknown as Record<string, unknown>).LOCAL_DEVELOPMENT !== 'true') return false;
  const { hostname } = new URL(requestUrl);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}
