/**
 * Cloudflare Turnstile's server-side check: the token the widget put in the form
 * (`cf-turnstile-response`) is sent with the secret key to siteverify, which answers
 * `{ success, "error-codes" }`. A token is single use and short-lived. Anything but a clear
 * success (no token, a refusal, siteverify unreachable) counts as "not verified": the form is
 * shown again, so a Turnstile outage costs a retry, never an unchecked post.
 */
import { assertServerOnly } from '#src/server-only';
import { logFailure } from '#src/log';

// Reads the secret key: never in a browser bundle.
assertServerOnly('src/platform/turnstile/verify.ts (Turnstile secret check)');

const VERIFY_TIMEOUT_MS = 5_000;

export interface TurnstileSettings {
  readonly secretKey: string;
  readonly verifyUrl: string;
}

export async function verifyTurnstile(settings: TurnstileSettings, token: string, remoteIp: string | null, fetcher: typeof fetch = fetch): Promise<boolean> {
  if (!token || token.length > 2048) return false;
  const body = new URLSearchParams({ secret: settings.secretKey, response: token, ...(remoteIp ? { remoteip: remoteIp } : {}) });
  try {
    const response = await fetcher(settings.verifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    const answer = (await response.json()) as { success?: unknown; 'error-codes'?: unknown };
    return answer.success === true;
  } catch (error) {
    logFailure('Turnstile verification failed', { error: String(error) });
    return false;
  }
}
