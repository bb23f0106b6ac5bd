// The site's configured origin (SITE_URL) as the worker reads it (src/env.ts).
import { expect, test } from 'vitest';
import { configFingerprint, isLocalDevelopment, readConfig } from '#src/env';
import { editorContentDirOf, editorLoginOf, editorUploadsOf, adminAccessOf } from '#src/admin/admin-env';

const configWith = (vars: Record<string, string>) => readConfig(vars as unknown as CloudflareBindings);

test.each([
  [undefined, null],
  ['', null],
  ['https://news.example.com', 'https://news.example.com'],
  ['https://news.example.com/', 'https://news.example.com'],
  ['HTTPS://News.Example.COM', 'https://news.example.com'],
  ['http://localhost:8787', 'http://localhost:8787'],
  ['https://bücher.example', 'https://xn--bcher-kva.example'],
])('SITE_URL %j is the origin %j', (value, origin) => {
  expect(configWith(value === undefined ? {} : { SITE_URL: value }).siteUrl).toBe(origin);
});

test.each(['news.example.com', 'ftp://news.example.com', 'https://news.example.com/newsroom', 'https://news.example.com/?x=1', 'https://user:pw@news.example.com', 'https://news.example.com/#top'])(
  'SITE_URL %j is refused with the field named',
  (value) => {
    expect(() => configWith({ SITE_URL: value })).toThrow(/Invalid worker configuration: SITE_URL/);
  },
);

test.each([
  [undefined, 90],
  ['', 90],
  ['1', 1],
  ['30', 30],
  ['3650', 3650],
])('RECIPIENT_RECORDS_DAYS %j keeps recipients’ records %j days after the story went public', (value, days) => {
  expect(configWith(value === undefined ? {} : { RECIPIENT_RECORDS_DAYS: value }).recipientRecordsDays).toBe(days);
});

test.each(['0', '-5', '1.5', 'ninety', '3651', '99999'])('RECIPIENT_RECORDS_DAYS %j is refused with the field named', (value) => {
  expect(() => configWith({ RECIPIENT_RECORDS_DAYS: value })).toThrow(/Invalid worker configuration: RECIPIENT_RECORDS_DAYS/);
});

test.each([
  [undefined, 'every'],
  ['', 'every'],
  ['every', 'every'],
  ['errors-and-slow', 'errors-and-slow'],
])('REQUEST_LOG %j logs %s', (value, mode) => {
  expect(configWith(value === undefined ? {} : { REQUEST_LOG: value }).requestLog).toBe(mode);
});

test.each(['all', 'errors', 'EVERY'])('REQUEST_LOG %j is refused with the field named', (value) => {
  expect(() => configWith({ REQUEST_LOG: value })).toThrow(/Invalid worker configuration: REQUEST_LOG/);
});

test('the request log mode is not part of the page-cache fingerprint: pages do not depend on it', () => {
  expect(configFingerprint(configWith({ REQUEST_LOG: 'errors-and-slow' }))).toBe(configFingerprint(configWith({})));
  expect(configFingerprint(configWith({ RECIPIENT_RECORDS_DAYS: '30' }))).toBe(configFingerprint(configWith({})));
  expect(configFingerprint(configWith({ ANALYTICS_HOST: 'https://a.example' }))).not.toBe(configFingerprint(configWith({})));
});

// The editor's GitHub login: on only when every part is set; a missing or malformed part turns
// it off (with the reason) and never stops the readers' site.
const LOGIN = { SITE_URL: 'https://news.example.com', GITHUB_OAUTH_CLIENT_ID: 'Ov23liAbc123', GITHUB_OAUTH_CLIENT_SECRET: '0123456789abcdef0123456789abcdef01234567', EDITOR_REPOSITORY: 'acme/newsroom' };
const loginWith = (vars: Record<string, string>) => editorLoginOf(vars as unknown as CloudflareBindings);

test('every part set: the login is on, calling back to the site origin, for the named repository', () => {
  expect(loginWith(LOGIN)).toEqual({
    enabled: true,
    app: { clientId: LOGIN.GITHUB_OAUTH_CLIENT_ID, clientSecret: LOGIN.GITHUB_OAUTH_CLIENT_SECRET },
    repository: { owner: 'acme', name: 'newsroom' },
    siteOrigin: 'https://news.example.com',
    publishMode: 'editorial_workflow',
  });
});

// Where the content folder is in the repository the editor opens, with or without the login.
const contentDirWith = (vars: Record<string, string>) => editorContentDirOf(vars as unknown as CloudflareBindings);

test.each([
  ['unset: the publish workflow\'s default', {}, 'content/demo'],
  ['empty: the same', { EDITOR_CONTENT_DIR: '' }, 'content/demo'],
  ['a folder', { EDITOR_CONTENT_DIR: 'content/acme' }, 'content/acme'],
  ['one level', { EDITOR_CONTENT_DIR: 'newsroom' }, 'newsroom'],
  ['. : the repository itself', { EDITOR_CONTENT_DIR: '.' }, null],
] as const)('EDITOR_CONTENT_DIR %s', (_name, vars, expected) => {
  expect(contentDirWith(vars)).toEqual({ ok: true, contentDir: expected });
});

test.each(['/content/acme', 'content/acme/', '../acme', 'content/../acme', './content/acme', 'content//acme', 'content/acme files', '..'])('EDITOR_CONTENT_DIR %j is refused, naming the variable', (folder) => {
  expect(contentDirWith({ EDITOR_CONTENT_DIR: folder })).toEqual({ ok: false, problem: expect.stringMatching(/^EDITOR_CONTENT_DIR must be a folder inside the repository/) });
  // The login does not depend on it.
  expect(loginWith({ ...LOGIN, EDITOR_CONTENT_DIR: folder }).enabled).toBe(true);
});

test.each([
  ['unset: a pull request per entry', undefined, 'editorial_workflow'],
  ['empty: the same', '', 'editorial_workflow'],
  ['simple: each save commits to main', 'simple', 'simple'],
  ['editorial_workflow', 'editorial_workflow', 'editorial_workflow'],
] as const)('EDITOR_PUBLISH_MODE %s', (_name, mode, expected) => {
  const login = loginWith(mode === undefined ? LOGIN : { ...LOGIN, EDITOR_PUBLISH_MODE: mode });
  expect(login.enabled && login.publishMode).toBe(expected);
});

test.each([
  ['nothing set', { SITE_URL: LOGIN.SITE_URL }, null],
  ['both secrets empty', { ...LOGIN, GITHUB_OAUTH_CLIENT_ID: '', GITHUB_OAUTH_CLIENT_SECRET: '' }, null],
  ['the client id alone', { ...LOGIN, GITHUB_OAUTH_CLIENT_SECRET: '' }, /go together/],
  ['the secret alone', { ...LOGIN, GITHUB_OAUTH_CLIENT_ID: '' }, /go together/],
  ['no repository', { ...LOGIN, EDITOR_REPOSITORY: '' }, /EDITOR_REPOSITORY/],
  ['a repository that is not owner/name', { ...LOGIN, EDITOR_REPOSITORY: 'https://github.com/acme/newsroom' }, /EDITOR_REPOSITORY: must be owner\/name/],
  ['a repository with a path after it', { ...LOGIN, EDITOR_REPOSITORY: 'acme/newsroom/tree' }, /EDITOR_REPOSITORY/],
  ['a client id with a space', { ...LOGIN, GITHUB_OAUTH_CLIENT_ID: 'Ov23 li' }, /GITHUB_OAUTH_CLIENT_ID/],
  ['no SITE_URL', { ...LOGIN, SITE_URL: '' }, /SITE_URL/],
  ['a publish mode the editor does not know', { ...LOGIN, EDITOR_PUBLISH_MODE: 'pull_request' }, /EDITOR_PUBLISH_MODE/],
] as const)('%s: the login is off (%s)', (_name, vars, problem) => {
  const login = loginWith(vars);
  expect(login.enabled).toBe(false);
  if (problem === null) expect(login).toEqual({ enabled: false, problem: null });
  else expect(login.enabled === false && login.problem).toMatch(problem);
  // Never the secret's value in the reason.
  expect(JSON.stringify(login)).not.toContain(LOGIN.GITHUB_OAUTH_CLIENT_SECRET);
  // The readers' site reads its configuration as before.
  expect(() => configWith(vars)).not.toThrow();
});

// The editor's uploads to Uploadcare: on only with both keys and a CDN media root; anything less
// turns them off with the reason, never a key in it.
const UPLOADS = { UPLOADCARE_PUBLIC_KEY: 'demopublickey', UPLOADCARE_SECRET_KEY: 'demosecretkey0123', MEDIA_CDN_URL: 'https://ucarecdn.com/' };
const uploadsWith = (vars: Record<string, string>) => editorUploadsOf(vars as unknown as CloudflareBindings);

test('both keys and the CDN: uploads on, to Uploadcare’s Upload API, with addresses on the CDN', () => {
  expect(uploadsWith(UPLOADS)).toEqual({ enabled: true, publicKey: 'demopublickey', secretKey: 'demosecretkey0123', uploadUrl: 'https://upload.uploadcare.com', cdnRoot: 'https://ucarecdn.com' });
  expect(uploadsWith({ ...UPLOADS, UPLOADCARE_UPLOAD_URL: 'http://127.0.0.1:9000/' })).toMatchObject({ enabled: true, uploadUrl: 'http://127.0.0.1:9000' });
});

test.each([
  ['nothing set', { MEDIA_CDN_URL: 'https://ucarecdn.com' }, null],
  ['the public key alone', { ...UPLOADS, UPLOADCARE_SECRET_KEY: '' }, /go together/],
  ['the secret key alone', { ...UPLOADS, UPLOADCARE_PUBLIC_KEY: '' }, /go together/],
  ['no MEDIA_CDN_URL (media served by the worker)', { ...UPLOADS, MEDIA_CDN_URL: '' }, /MEDIA_CDN_URL/],
  ['a key with a space', { ...UPLOADS, UPLOADCARE_PUBLIC_KEY: 'demo key' }, /UPLOADCARE_PUBLIC_KEY/],
  ['an upload address that is not a URL', { ...UPLOADS, UPLOADCARE_UPLOAD_URL: 'upload.uploadcare.com' }, /UPLOADCARE_UPLOAD_URL/],
] as const)('%s: uploads off (%s)', (_name, vars, problem) => {
  const uploads = uploadsWith(vars);
  if (problem === null) expect(uploads).toEqual({ enabled: false, problem: null });
  else expect(uploads.enabled === false && uploads.problem).toMatch(problem);
  expect(JSON.stringify(uploads)).not.toContain(UPLOADS.UPLOADCARE_SECRET_KEY);
  expect(() => configWith(vars)).not.toThrow();
});

test.each([
  [{ LOCAL_DEVELOPMENT: 'true' }, 'http://localhost:8787/admin/uploads/signature', true],
  [{ LOCAL_DEVELOPMENT: 'true' }, 'http://127.0.0.1:8787/admin/uploads/signature', true],
  [{ LOCAL_DEVELOPMENT: 'true' }, 'http://[::1]:8787/admin/uploads/signature', true],
  [{ LOCAL_DEVELOPMENT: 'true' }, 'https://news.example.com/admin/uploads/signature', false],
  [{ LOCAL_DEVELOPMENT: 'true' }, 'https://localhost.example.com/admin/uploads/signature', false],
  [{ LOCAL_DEVELOPMENT: '1' }, 'http://localhost:8787/admin/uploads/signature', false],
  [{}, 'http://localhost:8787/admin/uploads/signature', false],
])('%j at %s is the developer’s machine: %s', (vars, url, expected) => {
  expect(isLocalDevelopment(vars as unknown as CloudflareBindings, url)).toBe(expected);
});

// The press office view's Cloudflare Access: the team domain and the AUD tag go together; the keys
// come from the team domain, and only a loopback stand-in may replace them.
const AUD = 'a'.repeat(64);
const officeAccessWith = (vars: Record<string, string>) => adminAccessOf(vars as unknown as CloudflareBindings);

test.each([
  ['northwind.cloudflareaccess.com', 'https://northwind.cloudflareaccess.com'],
  ['https://Northwind.cloudflareaccess.com/', 'https://northwind.cloudflareaccess.com'],
])('ACCESS_TEAM_DOMAIN %j: tokens issued by %j, keys read from its certs', (teamDomain, issuer) => {
  expect(officeAccessWith({ ACCESS_TEAM_DOMAIN: teamDomain, ACCESS_AUD: AUD.toUpperCase() })).toEqual({ enabled: true, issuer, audience: AUD, certsUrl: `${issuer}/cdn-cgi/access/certs` });
});

test.each(['http://127.0.0.1:9999/certs', 'http://localhost:9999/certs', 'http://[::1]:9999/certs'])('ACCESS_CERTS_URL may name a stand-in on loopback: %j', (certsUrl) => {
  expect(officeAccessWith({ ACCESS_TEAM_DOMAIN: 'northwind.cloudflareaccess.com', ACCESS_AUD: AUD, ACCESS_CERTS_URL: certsUrl })).toMatchObject({ enabled: true, certsUrl });
});

test.each([
  [{}, 'ACCESS_TEAM_DOMAIN and ACCESS_AUD are not set'],
  [{ ACCESS_TEAM_DOMAIN: 'northwind.cloudflareaccess.com' }, 'ACCESS_TEAM_DOMAIN and ACCESS_AUD go together'],
  [{ ACCESS_AUD: AUD }, 'ACCESS_TEAM_DOMAIN and ACCESS_AUD go together'],
  [{ ACCESS_TEAM_DOMAIN: 'login.example.com', ACCESS_AUD: AUD }, 'ACCESS_TEAM_DOMAIN: must be the Access team domain'],
  [{ ACCESS_TEAM_DOMAIN: 'evil.com/x.cloudflareaccess.com', ACCESS_AUD: AUD }, 'ACCESS_TEAM_DOMAIN: must be the Access team domain'],
  [{ ACCESS_TEAM_DOMAIN: 'northwind.cloudflareaccess.com', ACCESS_AUD: 'my-app' }, 'ACCESS_AUD: must be the Access application\'s AUD tag'],
  [{ ACCESS_TEAM_DOMAIN: 'northwind.cloudflareaccess.com', ACCESS_AUD: AUD, ACCESS_CERTS_URL: 'https://keys.example.com/certs' }, 'ACCESS_CERTS_URL: may only name a local stand-in'],
  [{ ACCESS_TEAM_DOMAIN: 'northwind.cloudflareaccess.com', ACCESS_AUD: AUD, ACCESS_CERTS_URL: 'http://127.0.0.1.example.com/certs' }, 'ACCESS_CERTS_URL: may only name a local stand-in'],
])('%j leaves the office view closed: %s', (vars, problem) => {
  const access = officeAccessWith(vars as Record<string, string>);
  expect(access.enabled).toBe(false);
  expect(!access.enabled && access.problem).toContain(problem);
});
