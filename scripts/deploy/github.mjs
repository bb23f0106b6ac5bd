// GitHub as the deploy scripts reach it (`npm run setup:editor`, `npm run deploy`): its API's
// origin, which only a stand-in on this machine's loopback may replace (tests), and the warning for
// a content repository that is public. The content repository must be private, with its forks and
// its Actions logs: embargoed and confidential stories are committed to it before their release
// (docs/operations.md, "The press office's door and the editor's GitHub App").

export const GITHUB_WEB_ORIGIN = 'https://github.com';
export const GITHUB_API_ORIGIN = 'https://api.github.com';
/** A stand-in of GitHub (tests only): plain http on this machine's loopback address. */
const LOOPBACK_ORIGIN = /^http:\/\/127\.0\.0\.1:[0-9]{1,5}$/;
/** The repository as `owner/name`, the way EDITOR_REPOSITORY and GITHUB_REPOSITORY write it. */
export const REPOSITORY_PATTERN = /^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/;
/** How long a deploy waits for GitHub to say whether the repository is public: it never waits on it longer. */
const VISIBILITY_TIMEOUT_MS = 3_000;
const LOUD = '!'.repeat(78);

/** GITHUB_URL / GITHUB_API_URL: GitHub's own, or (tests) a stand-in on http://127.0.0.1. */
export function githubOrigin(env, variable, origin) {
  const given = (env[variable] ?? '').trim().replace(/\/+$/, '');
  if (!given || given === origin) return origin;
  if (!LOOPBACK_ORIGIN.test(given)) throw new Error(`${variable} may only name a stand-in of GitHub on this machine (http://127.0.0.1:PORT), for tests; unset it to use ${origin}.`);
  return given;
}

/** The lines that say, loudly, that `fullName` is public and what to do about it. */
export function publicRepositoryWarning(fullName) {
  return [
    LOUD,
    `WARNING: ${fullName} is PUBLIC.`,
    'Embargoed, scheduled and confidential stories are committed to it before their release time: anyone can read them there.',
    `Make it private now (${GITHUB_WEB_ORIGIN}/${fullName}/settings → Danger Zone → Change visibility), and keep its forks and its Actions logs private too.`,
    LOUD,
  ];
}

/**
 * Does GitHub say `fullName` (owner/name) is public? `GET /repos/{owner}/{repo}`, with GITHUB_TOKEN
 * when the environment has one (GitHub Actions), else as a stranger, to whom a private repository
 * answers 404. True only on GitHub's word (200, `"private": false`); anything else (private, not
 * found, refused, offline, no answer within a few seconds) is false: the deploy goes on and says
 * nothing. GITHUB_API_URL may name a loopback stand-in (tests).
 */
export async function repositoryIsPublic(fullName, { env = process.env, fetcher = fetch } = {}) {
  if (!REPOSITORY_PATTERN.test(fullName)) return false;
  const [owner, name] = fullName.split('/');
  const headers = { Accept: 'application/vnd.github+json', 'User-Agent': 'newsroom-deploy' };
  if (env.GITHUB_TOKEN) headers.Authorization = `Bearer ${env.GITHUB_TOKEN}`;
  try {
    const api = githubOrigin(env, 'GITHUB_API_URL', GITHUB_API_ORIGIN);
    const response = await fetcher(`${api}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`, { headers, signal: AbortSignal.timeout(VISIBILITY_TIMEOUT_MS) });
    if (response.status !== 200) return false;
    const body = await response.json();
    return body?.private === false;
  } catch {
    return false;
  }
}
