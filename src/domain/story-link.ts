/**
 * Secret links to stories that are not public (`/s/{token}`): what a token looks like, how it is
 * made and how it is checked. A token is 256 random bits in base64url, never derived from the
 * story (demo uuids and slugs are guessable); D1 keeps it with its SHA-256, and a page looks the
 * token up by that hash and then compares the stored token in constant time, so neither the
 * lookup's timing nor the comparison's says how much of a guess was right.
 */
import { sha256Hex } from './sha256';

/** Random bytes in a token: twice the 128 bits a guess would have to beat. */
export const LINK_TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Bytes as base64url without padding (tokens, signed states). */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A new token from the platform's cryptographic random source (Web Crypto, in Node and workerd). */
export function newLinkToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(LINK_TOKEN_BYTES)));
}

/** Cheap shape check before any lookup: junk never reaches the database. */
export function isWellFormedLinkToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** The lookup key stored beside the token: its SHA-256, hex. */
export function hashLinkToken(token: string): Promise<string> {
  return sha256Hex(token);
}

/** A new token with its hash, ready to store. */
export async function newStoryLink(): Promise<{ token: string; tokenHash: string }> {
  const token = newLinkToken();
  return { token, tokenHash: await hashLinkToken(token) };
}

/** Equal strings, compared in time that depends only on their length. */
export function tokensEqual(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let difference = left.length ^ right.length;
  for (let i = 0; i < left.length; i++) difference |= left[i]! ^ (right[i % Math.max(1, right.length)] ?? 0);
  return difference === 0;
}
