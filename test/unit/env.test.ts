// The worker's configuration as it reads it (src/env.ts, its parts in src/config/): the site's
// part throws on a bad value; the press team's tools' parts turn the tool off with a problem.
import { expect, test } from 'vitest';
import { adminAccessOf, configFingerprint, editorContentDirOf, editorGitHubOf, editorRolesFor, editorUploadsOf, isLocalDevelopment } from '#src/env';
import { readConfig } from '#src/config/site';

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

// The editor's GitHub App (ADR 0051): on only when the App's id, its installation's id, its private
// key and the repository are all set; a missing or malformed part turns it off (with the reason,
// never the key) and never stops the readers' site.
const PRIVATE_KEY = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAtestkeytestkeytestkeytestkey0123456789\n-----END RSA PRIVATE KEY-----\n';
const GITHUB = { GITHUB_APP_ID: '123', GITHUB_APP_INSTALLATION_ID: '456', GITHUB_APP_PRIVATE_KEY: PRIVATE_KEY, EDITOR_REPOSITORY: 'acme/newsroom' };
const githubWith = (vars: Record<string, string>) => editorGitHubOf(vars as unknown as CloudflareBindings);

test('every part set: the App is on, calling GitHub’s API for the named repository, publishing to main', () => {
  expect(githubWith(GITHUB)).toEqual({
    enabled: true,
    app: { appId: '123', installationId: '456', privateKeyPem: PRIVATE_KEY, apiUrl: 'https://api.github.com', repositoryName: 'newsroom' },
    repository: { owner: 'acme', name: 'newsroom' },
    branch: 'main',
    publishMode: 'editorial_workflow',
  });
  // Nothing of it depends on the site's origin.
  expect(githubWith({ ...GITHUB, SITE_URL: '' }).enabled).toBe(true);
  // A PKCS#8 key (what GitHub's keys become once converted) is a private key too.
  const pkcs8 = PRIVATE_KEY.replaceAll('RSA PRIVATE KEY', 'PRIVATE KEY');
  expect(githubWith({ ...GITHUB, GITHUB_APP_PRIVATE_KEY: pkcs8 })).toMatchObject({ enabled: true, app: { privateKeyPem: pkcs8 } });
});

test.each(['http://127.0.0.1:9999', 'http://127.0.0.1:9999/', 'http://localhost:9999', 'http://[::1]:9999'])('GITHUB_API_URL may name a stand-in on loopback: %j', (apiUrl) => {
  expect(githubWith({ ...GITHUB, GITHUB_API_URL: apiUrl })).toMatchObject({ enabled: true, app: { apiUrl: apiUrl.replace(/\/+$/, '') } });
});

test.each(['https://api.github.com', 'https://github.example.com/api/v3', 'http://127.0.0.1.example.com:9999', 'not a url'])('GITHUB_API_URL %j is refused: the worker calls GitHub itself', (apiUrl) => {
  const github = githubWith({ ...GITHUB, GITHUB_API_URL: apiUrl });
  expect(github.enabled).toBe(false);
  expect(!github.enabled && github.problem).toMatch(/^GITHUB_API_URL: may only name a local stand-in/);
  expect(JSON.stringify(github)).not.toContain(PRIVATE_KEY.split('\n')[1]!);
});

// Where the content folder is in the repository the editor opens, with or without the App.
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
  // The App does not depend on it.
  expect(githubWith({ ...GITHUB, EDITOR_CONTENT_DIR: folder }).enabled).toBe(true);
});

test.each([
  ['unset: a pull request per entry', undefined, 'editorial_workflow'],
  ['empty: the same', '', 'editorial_workflow'],
  ['simple: each save commits to main', 'simple', 'simple'],
  ['editorial_workflow', 'editorial_workflow', 'editorial_workflow'],
] as const)('EDITOR_PUBLISH_MODE %s', (_name, mode, expected) => {
  const github = githubWith(mode === undefined ? GITHUB : { ...GITHUB, EDITOR_PUBLISH_MODE: mode });
  expect(github.enabled && github.publishMode).toBe(expected);
});

const ALL_THREE = /^GITHUB_APP_ID, GITHUB_APP_INSTALLATION_ID and GITHUB_APP_PRIVATE_KEY go together/;

test.each([
  ['nothing set', {}, null],
  ['only the repository', { EDITOR_REPOSITORY: GITHUB.EDITOR_REPOSITORY }, null],
  ['all three empty', { ...GITHUB, GITHUB_APP_ID: '', GITHUB_APP_INSTALLATION_ID: '', GITHUB_APP_PRIVATE_KEY: '' }, null],
  ['no App id', { ...GITHUB, GITHUB_APP_ID: '' }, ALL_THREE],
  ['no installation id', { ...GITHUB, GITHUB_APP_INSTALLATION_ID: '' }, ALL_THREE],
  ['no private key', { ...GITHUB, GITHUB_APP_PRIVATE_KEY: '' }, ALL_THREE],
  ['the private key alone', { GITHUB_APP_PRIVATE_KEY: PRIVATE_KEY, EDITOR_REPOSITORY: GITHUB.EDITOR_REPOSITORY }, ALL_THREE],
  ['no repository', { ...GITHUB, EDITOR_REPOSITORY: '' }, /^EDITOR_REPOSITORY \(owner\/name\) is not set/],
  ['an App id that is not a number', { ...GITHUB, GITHUB_APP_ID: 'Iv1.0123abcd' }, /^GITHUB_APP_ID: must be the GitHub App's numeric id/],
  ['an installation id that is not a number', { ...GITHUB, GITHUB_APP_INSTALLATION_ID: '45 6' }, /^GITHUB_APP_INSTALLATION_ID: must be the numeric id/],
  ['a key that is not PEM', { ...GITHUB, GITHUB_APP_PRIVATE_KEY: 'MIIEowIBAAKCAQEAtestkeytestkeytestkeytestkey0123456789' }, /^GITHUB_APP_PRIVATE_KEY: must be the App's PEM private key/],
  ['a public key', { ...GITHUB, GITHUB_APP_PRIVATE_KEY: '-----BEGIN PUBLIC KEY-----\nMIIEowIBAAKCAQEAtestkeytestkeytestkeytestkey0123456789\n-----END PUBLIC KEY-----' }, /^GITHUB_APP_PRIVATE_KEY: must be the App's PEM private key/],
  ['a repository that is not owner/name', { ...GITHUB, EDITOR_REPOSITORY: 'https://github.com/acme/newsroom' }, /^EDITOR_REPOSITORY: must be owner\/name/],
  ['a repository with a path after it', { ...GITHUB, EDITOR_REPOSITORY: 'acme/newsroom/tree' }, /^EDITOR_REPOSITORY: must be owner\/name/],
  ['a repository without an owner', { ...GITHUB, EDITOR_REPOSITORY: 'newsroom' }, /^EDITOR_REPOSITORY: must be owner\/name/],
  ['a publish mode the editor does not know', { ...GITHUB, EDITOR_PUBLISH_MODE: 'pull_request' }, /^EDITOR_PUBLISH_MODE/],
] as const)('%s: the App is off (%s)', (_name, vars, problem) => {
  const github = githubWith(vars);
  expect(github.enabled).toBe(false);
  if (problem === null) expect(github).toEqual({ enabled: false, problem: null });
  else expect(github.enabled === false && github.problem).toMatch(problem);
  // Never the key (nor a part of it) in the reason.
  expect(JSON.stringify(github)).not.toContain('MIIEowIBAAKCAQEAtestkey');
  // The readers' site reads its configuration as before.
  expect(() => configWith(vars)).not.toThrow();
});

// Who may do what in the editor: EDITOR_EDITORS write and propose, EDITOR_PUBLISHERS also publish;
// with both lists empty, everyone the door let in is both. A malformed list gives nobody anything.
const rolesWith = (vars: Record<string, string>, email: string) => editorRolesFor(vars as unknown as CloudflareBindings, email);
const EDITOR_ONLY = { edit: true, publish: false, problem: null };
const BOTH = { edit: true, publish: true, problem: null };
const NONE = { edit: false, publish: false, problem: null };

test.each([
  ['no lists: everyone who passed the door', {}, 'anyone@example.com', BOTH],
  ['empty lists: the same', { EDITOR_EDITORS: '', EDITOR_PUBLISHERS: '' }, 'anyone@example.com', BOTH],
  ['an editor named in the editors list (no publishers list: editors publish)', { EDITOR_EDITORS: 'anna@northwind.example, bob@northwind.example' }, 'bob@northwind.example', BOTH],
  ['someone not in the editors list', { EDITOR_EDITORS: 'anna@northwind.example, bob@northwind.example' }, 'mallory@northwind.example', NONE],
  ['an address that only ends like a listed one', { EDITOR_EDITORS: 'anna@northwind.example' }, 'joanna@northwind.example', NONE],
  ['a publishers list alone: everyone edits', { EDITOR_PUBLISHERS: 'chief@northwind.example' }, 'anna@northwind.example', EDITOR_ONLY],
  ['a publishers list alone: its people publish', { EDITOR_PUBLISHERS: 'chief@northwind.example' }, 'chief@northwind.example', BOTH],
  ['an editor not among the publishers', { EDITOR_EDITORS: 'anna@northwind.example', EDITOR_PUBLISHERS: 'chief@northwind.example' }, 'anna@northwind.example', EDITOR_ONLY],
  ['a publisher not among the editors is an editor too', { EDITOR_EDITORS: 'anna@northwind.example', EDITOR_PUBLISHERS: 'chief@northwind.example' }, 'chief@northwind.example', BOTH],
  ['someone in neither list', { EDITOR_EDITORS: 'anna@northwind.example', EDITOR_PUBLISHERS: 'chief@northwind.example' }, 'mallory@northwind.example', NONE],
  ['an @domain holds its addresses', { EDITOR_EDITORS: '@northwind.example' }, 'anyone@northwind.example', BOTH],
  ['an @domain does not hold another domain', { EDITOR_EDITORS: '@northwind.example' }, 'anyone@evil.example', NONE],
  ['an @domain does not hold a domain ending like it', { EDITOR_EDITORS: '@northwind.example' }, 'anyone@evilnorthwind.example', NONE],
  ['an @domain does not hold its subdomains', { EDITOR_EDITORS: '@northwind.example' }, 'anyone@mail.northwind.example', NONE],
  ['an @domain of publishers', { EDITOR_EDITORS: '@northwind.example', EDITOR_PUBLISHERS: '@desk.northwind.example' }, 'chief@desk.northwind.example', BOTH],
  ['the list in capitals', { EDITOR_EDITORS: 'Anna@Northwind.EXAMPLE', EDITOR_PUBLISHERS: '@NORTHWIND.example' }, 'anna@northwind.example', BOTH],
  ['the address in capitals', { EDITOR_EDITORS: 'anna@northwind.example', EDITOR_PUBLISHERS: 'anna@northwind.example' }, 'ANNA@Northwind.Example', BOTH],
  ['spaces around the commas', { EDITOR_EDITORS: '  anna@northwind.example ,@press.example ,  bob@northwind.example ' }, 'someone@press.example', BOTH],
] as const)('%s', (_name, vars, email, roles) => {
  expect(rolesWith(vars, email)).toEqual(roles);
});

test.each([
  ['a name without a domain', { EDITOR_EDITORS: 'anna' }, /^EDITOR_EDITORS: must be e-mail addresses or @domains/],
  ['a bare domain', { EDITOR_EDITORS: 'northwind.example' }, /^EDITOR_EDITORS: must be e-mail addresses or @domains/],
  ['semicolons for commas', { EDITOR_EDITORS: 'anna@northwind.example; bob@northwind.example' }, /^EDITOR_EDITORS: must be e-mail addresses or @domains/],
  ['a wildcard', { EDITOR_EDITORS: '*' }, /^EDITOR_EDITORS: must be e-mail addresses or @domains/],
  ['a malformed publishers list beside no editors list (which alone would let everyone in)', { EDITOR_PUBLISHERS: 'chief at northwind.example' }, /^EDITOR_PUBLISHERS: must be e-mail addresses or @domains/],
  ['a malformed publishers list beside an editors list naming the person', { EDITOR_EDITORS: 'anna@northwind.example', EDITOR_PUBLISHERS: 'chief' }, /^EDITOR_PUBLISHERS: must be e-mail addresses or @domains/],
] as const)('%s gives nobody any role, and says why', (_name, vars, problem) => {
  for (const email of ['anna@northwind.example', 'chief@northwind.example', 'anyone@example.com']) {
    const roles = rolesWith(vars, email);
    expect([roles.edit, roles.publish]).toEqual([false, false]);
    expect(roles.problem).toMatch(problem);
  }
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

test('the uploads read the CDN root themselves: a bad variable of the site’s own part does not make them throw', () => {
  expect(() => configWith({ ...UPLOADS, SITE_URL: 'news.example.com' })).toThrow(/SITE_URL/);
  expect(uploadsWith({ ...UPLOADS, SITE_URL: 'news.example.com' })).toMatchObject({ enabled: true, cdnRoot: 'https://ucarecdn.com' });
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

// The door in front of /admin (Cloudflare Access): the team domain and the AUD tag go together; the keys
// come from the team domain, and only a loopback stand-in may replace them.
const AUD = 'a'.repeat(64);
const adminAccessWith = (vars: Record<string, string>) => adminAccessOf(vars as unknown as CloudflareBindings);

test.each([
  ['northwind.cloudflareaccess.com', 'https://northwind.cloudflareaccess.com'],
  ['https://Northwind.cloudflareaccess.com/', 'https://northwind.cloudflareaccess.com'],
])('ACCESS_TEAM_DOMAIN %j: tokens issued by %j, keys read from its certs', (teamDomain, issuer) => {
  expect(adminAccessWith({ ACCESS_TEAM_DOMAIN: teamDomain, ACCESS_AUD: AUD.toUpperCase() })).toEqual({ enabled: true, issuer, audience: AUD, certsUrl: `${issuer}/cdn-cgi/access/certs` });
});

test.each(['http://127.0.0.1:9999/certs', 'http://localhost:9999/certs', 'http://[::1]:9999/certs'])('ACCESS_CERTS_URL may name a stand-in on loopback: %j', (certsUrl) => {
  expect(adminAccessWith({ ACCESS_TEAM_DOMAIN: 'northwind.cloudflareaccess.com', ACCESS_AUD: AUD, ACCESS_CERTS_URL: certsUrl })).toMatchObject({ enabled: true, certsUrl });
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
])('%j leaves /admin closed: %s', (vars, problem) => {
  const access = adminAccessWith(vars as Record<string, string>);
  expect(access.enabled).toBe(false);
  expect(!access.enabled && access.problem).toContain(problem);
});
