/**
 * Uploadcare's signed uploads (its "signature" scheme: the `signature` and `expire` fields of an
 * Upload API request): `signature` is the hex HMAC-SHA-256 of `expire`, a Unix time in seconds
 * written as a decimal string, keyed by the project's secret key. A project with signed uploads
 * turned on refuses every upload without a valid, unexpired pair, so the public key alone (which
 * every editor's browser sees) uploads nothing. Made with WebCrypto, here only: the secret key
 * stays in the worker.
 */
import { assertServerOnly } from '#src/server-only';

// Holds the project's secret key: never in a browser bundle.
assertServerOnly('src/platform/uploadcare/signed-upload.ts (Uploadcare signed uploads)');

/**
 * How long a signature is good for: long enough to start a batch of uploads (Uploadcare checks
 * it when an upload starts), short enough that a copied one is soon worth nothing.
 */
export const SIGNATURE_LIFETIME_SECONDS = 600;

export interface UploadSignature {
  /** Hex HMAC-SHA-256 of `expire`. */
  readonly signature: string;
  /** Unix seconds, as Uploadcare's form field takes it. */
  readonly expire: string;
}

/** The signature for uploads starting before `nowSeconds` + SIGNATURE_LIFETIME_SECONDS. */
export async function signUploads(secretKey: string, nowSeconds: number): Promise<UploadSignature> {
  const expire = String(Math.floor(nowSeconds) + SIGNATURE_LIFETIME_SECONDS);
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secretKey), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(expire)));
  return { signature: [...mac].map((byte) => byte.toString(16).padStart(2, '0')).join(''), expire };
}
