/**
 * The editor's session on a site whose GitHub App is configured (ADR 0051): the person signed in
 * at the door (Cloudflare Access), and the worker holds the key to GitHub. Sveltia CMS's GitHub
 * backend still wants a token of its own; it gets this placeholder, which opens nothing anywhere:
 * the GitHub proxy ignores the `Authorization` it sends and acts for the person the door let in.
 * The editor's page stores it before Sveltia starts (so nobody sees a sign-in popup), and the
 * sign-in popup hands out the same word after a sign-out (src/admin/sign-in-routes.ts).
 */

/** What the editor holds instead of a GitHub token: a word, not a credential. */
export const EDITOR_SESSION_TOKEN = 'cloudflare-access-session';

/** Where Sveltia keeps its signed-in user (its `localStorage` key). */
const SVELTIA_USER_KEY = 'sveltia-cms.user';

/** Signs Sveltia in with the placeholder, unless it already holds a user. */
export function startEditorSession(storage: Storage): void {
  if (storage.getItem(SVELTIA_USER_KEY)) return;
  storage.setItem(SVELTIA_USER_KEY, JSON.stringify({ backendName: 'github', token: EDITOR_SESSION_TOKEN }));
}
