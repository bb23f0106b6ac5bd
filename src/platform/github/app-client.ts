/**
 * The newsroom's GitHub App, as the worker holds it (docs/decisions/0051-the-press-offices-door.md):
 * the App's JWT (RS256, signed with its private key, a Worker secret), exchanged at
 * `POST /app/installations/{id}/access_tokens` for an installation token narrowed to the one
 * content repository and the permissions editing needs, kept in the isolate until a few minutes
 * before it expires. The editor's proxy (src/admin/github-proxy/) is its only user besides
 * `npm run setup:editor`, which signs the JWT with `appJwt` to find the App's installation.
 *
 * GitHub hands out App keys as PKCS#1 PEM (`BEGIN RSA PRIVATE KEY`); WebCrypto imports PKCS#8
 * only, so a PKCS#1 key is wrapped in PKCS#8's fixed envelope first (no parsing of the key).
 * Every call goes through the `fetch` it is given: tests talk to a stand-in through this code.
 */
import type { GitHubAppSettings } from '#src/config/press-tools';
import { assertServerOnly } from '#src/server-only';

assertServerOnly('src/platform/github/app-client.ts (GitHub App key)');

/** What an installation token may do: contents and pull requests, read the metadata; never workflows or administration. */
export const EDITOR_PERMISSIONS = { contents: 'write', pull_requests: 'write', metadata: 'read' } as const;
/** A token is renewed this long before GitHub says it expires (they last an hour). */
const TOKEN_RENEW_BEFORE_SECONDS = 5 * 60;
/** GitHub allows at most ten minutes; `iat` is set a minute back against clock drift (GitHub's advice). */
const JWT_LIFETIME_SECONDS = 9 * 60;
const JWT_BACKDATE_SECONDS = 60;
const USER_AGENT = 'edge-newsroom-editor';
/** The REST API version these shapes are read from. */
export const GITHUB_API_VERSION = '2022-11-28';

export interface InstallationToken {
  readonly token: string;
  /** Unix seconds. */
  readonly expiresAt: number;
}

const base64url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
const base64urlJson = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

/** DER length bytes. */
function derLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

/** PKCS#8's PrivateKeyInfo around a PKCS#1 RSA key: version 0, rsaEncryption with NULL parameters, the key as an OCTET STRING. */
function pkcs1ToPkcs8(pkcs1: Uint8Array): Uint8Array<ArrayBuffer> {
  const algorithm = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];
  const octets = [0x04, ...derLength(pkcs1.length)];
  const body = [0x02, 0x01, 0x00, ...algorithm, ...octets];
  const header = [0x30, ...derLength(body.length + pkcs1.length)];
  const out = new Uint8Array(header.length + body.length + pkcs1.length);
  out.set(header, 0);
  out.set(body, header.length);
  out.set(pkcs1, header.length + body.length);
  return out;
}

/** The PEM's DER bytes as PKCS#8; throws a message naming the problem (never the key). */
function pkcs8Of(pem: string): Uint8Array<ArrayBuffer> {
  const match = /-----BEGIN (RSA )?PRIVATE KEY-----([\s\S]+?)-----END \1?PRIVATE KEY-----/.exec(pem.replace(/\\n/g, '\n'));
  if (!match) throw new Error('GITHUB_APP_PRIVATE_KEY is not a PEM private key (BEGIN RSA PRIVATE KEY or BEGIN PRIVATE KEY)');
  const der = Uint8Array.from(atob(match[2]!.replace(/\s+/g, '')), (char) => char.charCodeAt(0));
  return match[1] ? pkcs1ToPkcs8(der) : der;
}

const keys = new Map<string, Promise<CryptoKey>>();

function signingKey(pem: string): Promise<CryptoKey> {
  let key = keys.get(pem);
  if (!key) {
    key = crypto.subtle.importKey('pkcs8', pkcs8Of(pem), { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
    key.catch(() => keys.delete(pem));
    keys.set(pem, key);
  }
  return key;
}

/** The App's JWT: `iss` the App id, issued a minute back, valid nine minutes, RS256. */
export async function appJwt(appId: string, privateKeyPem: string, nowSeconds: number): Promise<string> {
  const unsigned = `${base64urlJson({ alg: 'RS256', typ: 'JWT' })}.${base64urlJson({ iat: nowSeconds - JWT_BACKDATE_SECONDS, exp: nowSeconds + JWT_LIFETIME_SECONDS, iss: appId })}`;
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', await signingKey(privateKeyPem), new TextEncoder().encode(unsigned));
  return `${unsigned}.${base64url(new Uint8Array(signature))}`;
}

/** The headers of every call to GitHub's REST API. */
export function githubHeaders(authorization: string): Record<string, string> {
  return { Authorization: authorization, Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': GITHUB_API_VERSION, 'User-Agent': USER_AGENT };
}

/** Tokens of this isolate, by App, installation and repository. */
const tokenKey = (settings: GitHubAppSettings) => `${settings.apiUrl}\n${settings.appId}\n${settings.installationId}\n${settings.repositoryName}`;
const tokens = new Map<string, InstallationToken>();
const minting = new Map<string, Promise<InstallationToken>>();

/** Why GitHub would not give a token (its status and message; never a key or a token). */
export class InstallationTokenError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'InstallationTokenError';
  }
}

async function mintToken(settings: GitHubAppSettings, fetcher: typeof fetch, nowSeconds: number): Promise<InstallationToken> {
  const jwt = await appJwt(settings.appId, settings.privateKeyPem, nowSeconds);
  const response = await fetcher(`${settings.apiUrl}/app/installations/${encodeURIComponent(settings.installationId)}/access_tokens`, {
    method: 'POST',
    headers: { ...githubHeaders(`Bearer ${jwt}`), 'Content-Type': 'application/json' },
    body: JSON.stringify({ repositories: [settings.repositoryName], permissions: EDITOR_PERMISSIONS }),
    redirect: 'manual',
  });
  const body = (await response.json().catch(() => null)) as { token?: unknown; expires_at?: unknown; message?: unknown } | null;
  if (response.status !== 201 || typeof body?.token !== 'string' || typeof body.expires_at !== 'string') {
    throw new InstallationTokenError(response.status, `GitHub refused an installation token: ${response.status} ${typeof body?.message === 'string' ? body.message : ''}`.trim());
  }
  const expiresAt = Math.floor(Date.parse(body.expires_at) / 1000);
  return { token: body.token, expiresAt: Number.isFinite(expiresAt) ? expiresAt : nowSeconds + 3600 };
}

/**
 * An installation token for the App's one repository: the one kept while it has more than
 * TOKEN_RENEW_BEFORE_SECONDS to live, else a new one (requests arriving together share one exchange).
 */
export async function installationToken(settings: GitHubAppSettings, fetcher: typeof fetch, nowSeconds: number): Promise<string> {
  const key = tokenKey(settings);
  const kept = tokens.get(key);
  if (kept && kept.expiresAt - nowSeconds > TOKEN_RENEW_BEFORE_SECONDS) return kept.token;
  let pending = minting.get(key);
  if (!pending) {
    pending = mintToken(settings, fetcher, nowSeconds).finally(() => minting.delete(key));
    minting.set(key, pending);
  }
  const minted = await pending;
  tokens.set(key, minted);
  return minted.token;
}

/** Forgets the kept token (GitHub answered 401 to it: revoked, or the key was rotated). */
export function forgetInstallationToken(settings: GitHubAppSettings): void {
  tokens.delete(tokenKey(settings));
}
