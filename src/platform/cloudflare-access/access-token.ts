/**
 * Cloudflare Access's sign-in, checked in the worker (docs/decisions/0044-press-office-view.md).
 * Access puts a signed token on every request it lets through (`Cf-Access-Jwt-Assertion`, and the
 * `CF_Authorization` cookie): an RS256 JWT signed with the team's keys, which the team domain
 * publishes as a JWKS at `/cdn-cgi/access/certs`. A request that did not come through Access (the
 * workers.dev address, a misrouted host) has no such token, and one with a forged or stolen one
 * fails here: the signature against the team's keys, `iss` (the team domain), `aud` (the
 * application's AUD tag), `exp` (required) and `nbf`/`iat` (when present) are all checked, by
 * hono's JWT utilities (WebCrypto; already in the bundle).
 *
 * The keys are kept per isolate for KEYS_LIFETIME_SECONDS. Access rotates its key now and then and
 * lists the new one before signing with it, so a token naming a key we do not hold makes us read
 * the keys again, at most once per UNKNOWN_KEY_RETRY_SECONDS (a stream of made-up key ids costs
 * one fetch a minute, not one per request). When the keys cannot be read, keys already held are
 * used past their lifetime; with none, the answer is `keys_unavailable`; either way the endpoint
 * is tried again a minute later, not on every request.
 */
import { decode, verifyWithJwks } from 'hono/jwt';

/** A key of a JWKS, as hono's verifier takes it. */
type HonoJsonWebKey = JsonWebKey & { kid?: string };

export interface AccessSettings {
  /** `https://<team>.cloudflareaccess.com`. */
  readonly issuer: string;
  /** The Access application's AUD tag. */
  readonly audience: string;
  /** The team's JWKS. */
  readonly certsUrl: string;
}

/** Why a token was refused (written to the log; the person sees one page for all of them). */
export type AccessRefusal =
  | 'no_token'
  | 'malformed'
  | 'wrong_algorithm'
  | 'unknown_key'
  | 'bad_signature'
  | 'wrong_issuer'
  | 'wrong_audience'
  | 'expired'
  | 'not_yet_valid'
  | 'keys_unavailable';

export type AccessVerdict = { readonly ok: true; readonly email: string | null; readonly name: string | null } | { readonly ok: false; readonly refusal: AccessRefusal; readonly detail?: string };

export interface AccessCheckOptions {
  /** Outbound requests for the keys (tests pass a stand-in). */
  readonly fetch: typeof fetch;
  /** The clock for the key cache, in Unix seconds (the token's own times are checked against the real clock). */
  readonly now: number;
}

/** How long the team's keys are used before they are read again. */
export const KEYS_LIFETIME_SECONDS = 60 * 60;
/** The shortest time between two reads of the keys for a token naming a key we do not hold. */
export const UNKNOWN_KEY_RETRY_SECONDS = 60;
/** Access tokens are about 1 KB; anything much longer is not one. */
const MAX_TOKEN_LENGTH = 8192;
/** The only algorithm Access signs with. */
const ALGORITHM = 'RS256';

interface KeySet {
  readonly keys: readonly HonoJsonWebKey[];
  readonly fetchedAt: number;
}

const keySets = new Map<string, KeySet>();
/** When a read of the keys last failed, by certs address: the next try waits UNKNOWN_KEY_RETRY_SECONDS. */
const failedReads = new Map<string, number>();
/** Reads under way, so requests arriving together share one. */
const reading = new Map<string, Promise<KeySet>>();

/** The RSA signing keys of a JWKS answer; anything else in it is ignored. */
function signingKeys(body: unknown): HonoJsonWebKey[] {
  const keys = (body as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) throw new Error('the answer has no "keys" list');
  return keys.filter(
    (key): key is HonoJsonWebKey =>
      typeof key === 'object' && key !== null && typeof key.kid === 'string' && key.kty === 'RSA' && typeof key.n === 'string' && typeof key.e === 'string' && (key.alg === undefined || key.alg === ALGORITHM),
  );
}

async function readKeys(certsUrl: string, options: AccessCheckOptions): Promise<KeySet> {
  let pending = reading.get(certsUrl);
  if (!pending) {
    pending = (async () => {
      const response = await options.fetch(certsUrl, { headers: { Accept: 'application/json' }, redirect: 'manual' });
      if (!response.ok) throw new Error(`${certsUrl} answered ${response.status}`);
      const set = { keys: signingKeys(await response.json()), fetchedAt: options.now };
      keySets.set(certsUrl, set);
      failedReads.delete(certsUrl);
      return set;
    })()
      .catch((error: unknown) => {
        failedReads.set(certsUrl, options.now);
        throw error;
      })
      .finally(() => reading.delete(certsUrl));
    reading.set(certsUrl, pending);
  }
  return pending;
}

/** The key with this id: from the kept set, read afresh when the set is old or (at most once a minute) lacks it. */
async function keyFor(kid: string, settings: AccessSettings, options: AccessCheckOptions): Promise<HonoJsonWebKey | AccessRefusal> {
  let set = keySets.get(settings.certsUrl);
  const age = set ? options.now - set.fetchedAt : Infinity;
  const missing = !set?.keys.some((key) => key.kid === kid);
  // An endpoint that just failed is not asked again at once: an outage costs one try a minute.
  const failedAt = failedReads.get(settings.certsUrl);
  const mayRead = failedAt === undefined || options.now - failedAt >= UNKNOWN_KEY_RETRY_SECONDS;
  if (mayRead && (age >= KEYS_LIFETIME_SECONDS || (missing && age >= UNKNOWN_KEY_RETRY_SECONDS))) {
    try {
      set = await readKeys(settings.certsUrl, options);
    } catch {
      // Keys read before still serve while Access's endpoint does not answer.
      if (!set) return 'keys_unavailable';
    }
  }
  if (!set) return 'keys_unavailable';
  return set.keys.find((key) => key.kid === kid) ?? 'unknown_key';
}

/** hono's JWT errors, by name, as refusals. */
const REFUSALS_BY_ERROR: Readonly<Record<string, AccessRefusal>> = {
  JwtTokenExpired: 'expired',
  JwtTokenNotBefore: 'not_yet_valid',
  JwtTokenIssuedAt: 'not_yet_valid',
  JwtTokenIssuer: 'wrong_issuer',
  JwtTokenAudience: 'wrong_audience',
  JwtPayloadRequiresAud: 'wrong_audience',
  JwtTokenSignatureMismatched: 'bad_signature',
  JwtAlgorithmMismatch: 'wrong_algorithm',
  JwtAlgorithmNotAllowed: 'wrong_algorithm',
  JwtSymmetricAlgorithmNotAllowed: 'wrong_algorithm',
};

/** Checks an Access token; never throws for anything the token holds. */
export async function verifyAccessToken(token: string | null | undefined, settings: AccessSettings, options: AccessCheckOptions): Promise<AccessVerdict> {
  if (!token) return { ok: false, refusal: 'no_token' };
  if (token.length > MAX_TOKEN_LENGTH) return { ok: false, refusal: 'malformed', detail: 'too long' };
  let header;
  try {
    header = decode(token).header;
  } catch {
    return { ok: false, refusal: 'malformed' };
  }
  if (header.alg !== ALGORITHM) return { ok: false, refusal: 'wrong_algorithm', detail: String(header.alg) };
  if (typeof header.kid !== 'string' || header.kid === '') return { ok: false, refusal: 'malformed', detail: 'no key id' };
  const key = await keyFor(header.kid, settings, options);
  if (typeof key === 'string') return { ok: false, refusal: key };
  let payload;
  try {
    payload = await verifyWithJwks(token, { keys: [key], allowedAlgorithms: [ALGORITHM], verification: { iss: settings.issuer, aud: settings.audience } });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return { ok: false, refusal: REFUSALS_BY_ERROR[name] ?? 'malformed', ...(REFUSALS_BY_ERROR[name] ? {} : { detail: name || 'unreadable' }) };
  }
  // hono checks `exp` only when the token has one; a token without an end is not Access's.
  if (typeof payload.exp !== 'number') return { ok: false, refusal: 'malformed', detail: 'no exp' };
  // `name`: an identity provider's claim Access passes on when the application asks for it; else null.
  const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim().slice(0, 200) : null;
  return { ok: true, email: typeof payload.email === 'string' ? payload.email : null, name };
}
