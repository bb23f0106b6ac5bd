/**
 * The press team's tools' part of the worker's configuration (read through src/env.ts): the door
 * in front of all of /admin (Cloudflare Access), the editor's GitHub App, its content folder, its
 * roles and its uploads. None of them throws: the public site does not depend on them, so a
 * missing or malformed part turns the tool off, with `problem` saying why (for the log).
 */
import * as z from 'zod/mini';
import { rolesOf, type EditorRoles } from '#src/domain/content-folder-writes';
import { mediaRootOf } from './site';

/** The content folder the editor writes to when EDITOR_CONTENT_DIR is empty: the publish workflow's default too. */
export const DEFAULT_EDITOR_CONTENT_DIR = 'content/demo';
/** EDITOR_CONTENT_DIR's value for a content folder that is the repository itself. */
export const REPOSITORY_ROOT_CONTENT_DIR = '.';

/** A relative folder path: names of letters, digits, `.`, `_` and `-` joined by `/`, none of them `.` or `..`. */
const CONTENT_DIR_PATTERN = /^(?!\.{1,2}(?:\/|$))(?!.*\/\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

/** The only addresses GITHUB_API_URL and ACCESS_CERTS_URL may name: a stand-in on this machine's loopback (tests, a local trial). */
const LOOPBACK_URL = { protocol: /^https?$/, hostname: /^(127\.0\.0\.1|localhost|\[::1\])$/ } as const;
const EMAIL_LIST_PATTERN = /^\s*(?:(?:[^\s@,]+@|@)[^\s@,]+\.[^\s@,]+\s*(?:,\s*|$))*$/;

const EditorGitHubSchema = z.object({
  GITHUB_APP_ID: z.optional(z.union([z.literal(''), z.string().check(z.regex(/^[0-9]{1,12}$/, 'must be the GitHub App\'s numeric id'))])),
  GITHUB_APP_INSTALLATION_ID: z.optional(z.union([z.literal(''), z.string().check(z.regex(/^[0-9]{1,15}$/, 'must be the numeric id of the App\'s installation on the repository'))])),
  GITHUB_APP_PRIVATE_KEY: z.optional(z.union([z.literal(''), z.string().check(z.regex(/-----BEGIN (?:RSA )?PRIVATE KEY-----/, 'must be the App\'s PEM private key'))])),
  EDITOR_REPOSITORY: z.optional(z.union([z.literal(''), z.string().check(z.regex(/^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/, 'must be owner/name'))])),
  EDITOR_PUBLISH_MODE: z.optional(z.enum(['', 'editorial_workflow', 'simple'])),
  GITHUB_API_URL: z.optional(z.union([z.literal(''), z.url({ ...LOOPBACK_URL, error: 'may only name a local stand-in (http://127.0.0.1:PORT): the worker calls https://api.github.com' })])),
});

/**
 * How a save in the editor reaches the repository: `editorial_workflow` (the default) opens a pull
 * request per entry, moved through draft → in review → ready and merged by "Publish"; `simple`
 * commits each save straight to the branch.
 */
export type EditorPublishMode = 'editorial_workflow' | 'simple';

/** The branch the editor publishes to, the one the publish workflow runs on. */
export const EDITOR_BRANCH = 'main';

/** Where the worker calls GitHub's REST API unless GITHUB_API_URL names a loopback stand-in. */
export const GITHUB_API_ORIGIN = 'https://api.github.com';

/** A repository as `owner/name`, split. */
export interface GitHubRepository {
  readonly owner: string;
  readonly name: string;
}

/** The editor's GitHub App as src/platform/github/ signs in with it. */
export interface GitHubAppSettings {
  readonly appId: string;
  readonly installationId: string;
  readonly privateKeyPem: string;
  /** `https://api.github.com`, or a loopback stand-in in tests. */
  readonly apiUrl: string;
  /** The one repository the tokens are narrowed to (its name, without the owner). */
  readonly repositoryName: string;
}

/**
 * The editor's GitHub App (ADR 0051): the worker holds its key and proxies the editor's GitHub API
 * (src/admin/github-proxy/). On when the App's id, its installation's id, its private key (a
 * Worker secret) and the repository (`EDITOR_REPOSITORY`) are all set. A missing or malformed part never throws: the public site does not depend on
 * the editor, so it only leaves the editor in local mode, with `problem` saying why (for the
 * log; never the values).
 */
export type EditorGitHubConfig =
  | {
      readonly enabled: true;
      readonly app: GitHubAppSettings;
      readonly repository: GitHubRepository;
      readonly branch: string;
      readonly publishMode: EditorPublishMode;
    }
  | { readonly enabled: false; readonly problem: string | null };

const listOf = (value: string | undefined): string[] => (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);

export function editorGitHubOf(env: CloudflareBindings): EditorGitHubConfig {
  const parsed = EditorGitHubSchema.safeParse(env);
  if (!parsed.success) return { enabled: false, problem: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') };
  const { GITHUB_APP_ID: appId, GITHUB_APP_INSTALLATION_ID: installationId, GITHUB_APP_PRIVATE_KEY: privateKeyPem, EDITOR_REPOSITORY: repository, EDITOR_PUBLISH_MODE: publishMode, GITHUB_API_URL: apiUrl } = parsed.data;
  // Nothing set: the editor works on a local folder only.
  if (!appId && !installationId && !privateKeyPem) return { enabled: false, problem: null };
  if (!appId || !installationId || !privateKeyPem) return { enabled: false, problem: 'GITHUB_APP_ID, GITHUB_APP_INSTALLATION_ID and GITHUB_APP_PRIVATE_KEY go together (npm run setup:editor)' };
  if (!repository) return { enabled: false, problem: 'EDITOR_REPOSITORY (owner/name) is not set' };
  const [owner, name] = repository.split('/') as [string, string];
  return {
    enabled: true,
    app: { appId, installationId, privateKeyPem, apiUrl: (apiUrl || GITHUB_API_ORIGIN).replace(/\/+$/, ''), repositoryName: name },
    repository: { owner, name },
    branch: EDITOR_BRANCH,
    publishMode: publishMode || 'editorial_workflow',
  };
}

const RolesSchema = z.object({
  EDITOR_EDITORS: z.optional(z.string().check(z.regex(EMAIL_LIST_PATTERN, 'must be e-mail addresses or @domains, separated by commas'))),
  EDITOR_PUBLISHERS: z.optional(z.string().check(z.regex(EMAIL_LIST_PATTERN, 'must be e-mail addresses or @domains, separated by commas'))),
});

/**
 * What `email` may do in the editor (src/domain/content-folder-writes.ts rolesOf): EDITOR_EDITORS
 * write and propose, EDITOR_PUBLISHERS also publish; both empty, everyone who passed the door is
 * both. A malformed list gives nobody any role (and says why), rather than everyone.
 */
export function editorRolesFor(env: CloudflareBindings, email: string): EditorRoles & { readonly problem: string | null } {
  const parsed = RolesSchema.safeParse(env);
  if (!parsed.success) return { edit: false, publish: false, problem: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') };
  return { ...rolesOf(email, listOf(parsed.data.EDITOR_EDITORS), listOf(parsed.data.EDITOR_PUBLISHERS)), problem: null };
}

const EditorContentDirSchema = z.union([z.literal(''), z.literal(REPOSITORY_ROOT_CONTENT_DIR), z.string().check(z.regex(CONTENT_DIR_PATTERN, 'must be a folder inside the repository, like content/acme (no leading or trailing slash, no . or .. parts), or . for the repository itself'))]);

/**
 * Where the content folder is inside the repository the editor opens (the repository's root
 * folder, locally as on GitHub): `EDITOR_CONTENT_DIR`, content/demo when empty, null when the
 * content folder is the repository itself (`.`). `npm start` sets it for its CONTENT_DIR and
 * `npm run deploy` for the publish workflow's. A malformed value is a problem, never a guess: the
 * editor would write where nothing is imported.
 */
export function editorContentDirOf(env: CloudflareBindings): { readonly ok: true; readonly contentDir: string | null } | { readonly ok: false; readonly problem: string } {
  const parsed = EditorContentDirSchema.safeParse((env as { EDITOR_CONTENT_DIR?: unknown }).EDITOR_CONTENT_DIR ?? '');
  if (!parsed.success) return { ok: false, problem: `EDITOR_CONTENT_DIR ${parsed.error.issues[0]?.message ?? 'is malformed'}` };
  return { ok: true, contentDir: parsed.data === REPOSITORY_ROOT_CONTENT_DIR ? null : parsed.data || DEFAULT_EDITOR_CONTENT_DIR };
}

/** Uploadcare's Upload API, where the editor's browser sends files unless UPLOADCARE_UPLOAD_URL says otherwise. */
export const DEFAULT_UPLOADCARE_UPLOAD_URL = 'https://upload.uploadcare.com';

const UploadcareKey = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be the Uploadcare project\'s key'));
const EditorUploadsSchema = z.object({
  UPLOADCARE_PUBLIC_KEY: z.optional(z.union([z.literal(''), UploadcareKey])),
  UPLOADCARE_SECRET_KEY: z.optional(z.union([z.literal(''), UploadcareKey])),
  UPLOADCARE_UPLOAD_URL: z.optional(z.union([z.literal(''), z.url({ protocol: /^https?$/ })])),
  MEDIA_CDN_URL: z.optional(z.string()),
});

/**
 * The editor's uploads to Uploadcare (docs/decisions/0042-editor-uploads-to-uploadcare.md): on
 * when the project's public key (`UPLOADCARE_PUBLIC_KEY`, a variable), its secret key
 * (`UPLOADCARE_SECRET_KEY`, a Worker secret that signs uploads and never leaves the worker) and
 * the CDN the site serves media from (`MEDIA_CDN_URL`, an absolute address) are all set. Off, the
 * editor keeps its files in the content folder's media/ as before. Like the login, a missing or
 * malformed part never throws: it turns the uploads off, with `problem` saying why (for the log).
 */
export type EditorUploadsConfig =
  | {
      readonly enabled: true;
      readonly publicKey: string;
      readonly secretKey: string;
      /** Where the browser uploads (Uploadcare's Upload API, or a stand-in in tests), no trailing slash. */
      readonly uploadUrl: string;
      /** The CDN root the fields' addresses start with (MEDIA_CDN_URL). */
      readonly cdnRoot: string;
    }
  | { readonly enabled: false; readonly problem: string | null };

export function editorUploadsOf(env: CloudflareBindings): EditorUploadsConfig {
  const parsed = EditorUploadsSchema.safeParse(env);
  if (!parsed.success) return { enabled: false, problem: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') };
  const { UPLOADCARE_PUBLIC_KEY: publicKey, UPLOADCARE_SECRET_KEY: secretKey, UPLOADCARE_UPLOAD_URL: uploadUrl, MEDIA_CDN_URL: mediaCdnUrl } = parsed.data;
  if (!publicKey && !secretKey) return { enabled: false, problem: null };
  if (!publicKey || !secretKey) return { enabled: false, problem: 'UPLOADCARE_PUBLIC_KEY and UPLOADCARE_SECRET_KEY go together' };
  // The media root the site's part reads from the same variable, without its parse, which may throw.
  const cdnRoot = mediaRootOf(mediaCdnUrl);
  if (!/^https?:\/\//.test(cdnRoot)) return { enabled: false, problem: 'MEDIA_CDN_URL is not set: the site must serve media from the Uploadcare CDN the editor uploads to' };
  return { enabled: true, publicKey, secretKey, uploadUrl: (uploadUrl || DEFAULT_UPLOADCARE_UPLOAD_URL).replace(/\/+$/, ''), cdnRoot };
}

/** A Cloudflare Access team domain, `<team>.cloudflareaccess.com` (with or without `https://`). */
const ACCESS_TEAM_DOMAIN_PATTERN = /^(?:https:\/\/)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)\.cloudflareaccess\.com\/?$/i;
/** An Access application's AUD tag: 64 hexadecimal characters. */
const ACCESS_AUD_PATTERN = /^[0-9a-f]{64}$/i;
/** Where Access publishes a team's signing keys, on the team domain. */
export const ACCESS_CERTS_PATH = '/cdn-cgi/access/certs';

const AdminAccessSchema = z.object({
  ACCESS_TEAM_DOMAIN: z.optional(z.union([z.literal(''), z.string().check(z.regex(ACCESS_TEAM_DOMAIN_PATTERN, 'must be the Access team domain, like newsroom.cloudflareaccess.com'))])),
  ACCESS_AUD: z.optional(z.union([z.literal(''), z.string().check(z.regex(ACCESS_AUD_PATTERN, 'must be the Access application\'s AUD tag (64 hexadecimal characters)'))])),
  ACCESS_CERTS_URL: z.optional(z.union([z.literal(''), z.url({ ...LOOPBACK_URL, error: 'may only name a local stand-in (http://127.0.0.1:PORT/…): the keys come from the team domain' })])),
});

/**
 * The door in front of everything under /admin (src/admin/admin-door.tsx, ADR 0051): Cloudflare
 * Access in front of it, and its token checked here against the team's keys. On when
 * the team domain (`ACCESS_TEAM_DOMAIN`) and the application's AUD tag (`ACCESS_AUD`) are set.
 * The keys are always read from the team domain, except that `ACCESS_CERTS_URL` may name a
 * stand-in on this machine's loopback (tests, a local trial): a deployed worker cannot reach a
 * loopback address, so a value left in a deployment opens nothing. No request can choose it.
 * A missing or malformed part never throws (the public site does not depend on /admin): the door
 * stays shut, with `problem` saying why (for the log).
 */
export type AdminAccessConfig =
  | {
      readonly enabled: true;
      /** `https://<team>.cloudflareaccess.com`: the tokens' `iss`. */
      readonly issuer: string;
      /** The application's AUD tag: one of the tokens' `aud`. */
      readonly audience: string;
      /** Where the team's signing keys are read (a JWKS). */
      readonly certsUrl: string;
    }
  | { readonly enabled: false; readonly problem: string };

export function adminAccessOf(env: CloudflareBindings): AdminAccessConfig {
  const parsed = AdminAccessSchema.safeParse(env);
  if (!parsed.success) return { enabled: false, problem: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') };
  const { ACCESS_TEAM_DOMAIN: teamDomain, ACCESS_AUD: audience, ACCESS_CERTS_URL: certsUrl } = parsed.data;
  if (!teamDomain && !audience) return { enabled: false, problem: 'ACCESS_TEAM_DOMAIN and ACCESS_AUD are not set: /admin needs Cloudflare Access (docs/operations.md)' };
  if (!teamDomain || !audience) return { enabled: false, problem: 'ACCESS_TEAM_DOMAIN and ACCESS_AUD go together' };
  const issuer = `https://${ACCESS_TEAM_DOMAIN_PATTERN.exec(teamDomain)![1]!.toLowerCase()}.cloudflareaccess.com`;
  return { enabled: true, issuer, audience: audience.toLowerCase(), certsUrl: certsUrl || `${issuer}${ACCESS_CERTS_PATH}` };
}
