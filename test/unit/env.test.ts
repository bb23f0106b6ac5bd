// The site's configured origin (SITE_URL) as the worker reads it (src/env.ts).
import { expect, test } from 'vitest';
import { editorLoginOf, readConfig } from '#src/env';

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
    contentDir: 'content/demo',
  });
});

test.each([
  ['unset: the publish workflow\'s default', undefined, 'content/demo'],
  ['empty: the same', '', 'content/demo'],
  ['a folder', 'content/acme', 'content/acme'],
  ['one level', 'newsroom', 'newsroom'],
] as const)('EDITOR_CONTENT_DIR %s', (_name, folder, expected) => {
  const login = loginWith(folder === undefined ? LOGIN : { ...LOGIN, EDITOR_CONTENT_DIR: folder });
  expect(login.enabled && login.contentDir).toBe(expected);
});

test.each(['/content/acme', 'content/acme/', '../acme', 'content/../acme', './content/acme', 'content//acme', 'content/acme files', '.'])('EDITOR_CONTENT_DIR %j turns the login off, naming the variable', (folder) => {
  expect(loginWith({ ...LOGIN, EDITOR_CONTENT_DIR: folder })).toEqual({ enabled: false, problem: expect.stringMatching(/^EDITOR_CONTENT_DIR: must be a folder inside the repository/) });
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
