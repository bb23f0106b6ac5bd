/**
 * The `state` of the editor's GitHub login (docs/decisions/0040-editor-github-login.md): a value
 * this worker issues at `/admin/auth`, sends to GitHub and sets in a short-lived cookie, and
 * accepts at `/admin/callback` only when GitHub hands back the very value the browser's cookie
 * holds. That binds the callback to the browser that started the sign-in (no one can make a press
 * officer's browser finish a login they began: login CSRF), and the signature and issue time
 * bound how long a started sign-in stays good.
 *
 * A state reads `v1.{issued at, Unix seconds}.{32 random bytes}.{HMAC-SHA-256}`, the random part
 * and the MAC in base64url: safe in a URL and in a cookie as they are. The MAC key is the OAuth
 * App's client secret, with this purpose named in the signed text, so a state is worth nothing to
 * another deployment and no other MAC of this worker can pass for one.
 */
import { base64url, tokensEqual } from '#src/domain/story-link';

/** How long a started sign-in may take, GitHub's pages included; also the cookie's Max-Age. */
export const STATE_LIFETIME_SECONDS = 600;
/** A clock a little behind another isolate's must not refuse the state it just issued. */
const CLOCK_SKEW_SECONDS = 60;

const STATE_SHAPE = /^v1\.(\d{1,12})\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

export type StateCheck = 'valid' | 'malformed' | 'forged' | 'expired';

async function mac(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`editor-github-login-state:${text}`));
  return base64url(new Uint8Array(signature));
}

/** A new state, issued at `nowSeconds`; `random` is for tests that need a fixed value. */
export async function issueState(secret: string, nowSeconds: number, random: Uint8Array = crypto.getRandomValues(new Uint8Array(32))): Promise<string> {
  if (random.length !== 32) throw new Error('A state needs 32 random bytes');
  const signed = `v1.${Math.floor(nowSeconds)}.${base64url(random)}`;
  return `${signed}.${await mac(secret, signed)}`;
}

/** Is this a state this worker issued (with this secret) less than STATE_LIFETIME_SECONDS ago? */
export async function checkState(secret: string, state: string, nowSeconds: number): Promise<StateCheck> {
  const match = STATE_SHAPE.exec(state);
  if (!match) return 'malformed';
  const signed = state.slice(0, state.lastIndexOf('.'));
  if (!tokensEqual(await mac(secret, signed), match[3]!)) return 'forged';
  const age = nowSeconds - Number(match[1]);
  return age > STATE_LIFETIME_SECONDS || age < -CLOCK_SKEW_SECONDS ? 'expired' : 'valid';
}

/**
 * The callback's whole check: the state GitHub sent back is the one in this browser's cookie
 * (compared in constant time) and a valid state of ours.
 */
export async function callbackStateIsGood(secret: string, fromGitHub: string | undefined, fromCookie: string | undefined, nowSeconds: number): Promise<boolean> {
  if (!fromGitHub || !fromCookie || !tokensEqual(fromGitHub, fromCookie)) return false;
  return (await checkState(secret, fromGitHub, nowSeconds)) === 'valid';
}
