/**
 * Limits per client, over Cloudflare's Rate Limiting bindings: the render limiter (a middleware),
 * /healthz, the privacy portal's posts and the editor's login and upload signatures each count
 * their own scope (docs/decisions/0017-abuse-limits.md).
 */
import { TooManyRequestsError } from '#src/domain/errors';

/** How long a client told to slow down should wait: the limiters' window. */
export const LIMIT_WINDOW_SECONDS = 60;

/**
 * Counts one request of a client against a Rate Limiting binding; over the limit, a 429. Clients
 * are told apart by the address Cloudflare gives (CF-Connecting-IP); a request without one does
 * not come through Cloudflare (tests, local tools) and is not limited per client.
 */
export async function limitClient(limiter: RateLimit, scope: string, request: Request): Promise<void> {
  const client = request.headers.get('CF-Connecting-IP');
  if (!client) return;
  const { success } = await limiter.limit({ key: `${scope}:${clientKey(client)}` });
  if (!success) throw new TooManyRequestsError(LIMIT_WINDOW_SECONDS);
}

/**
 * Who counts as one client: an IPv4 address, or an IPv6 /64 (one home or office network gets a
 * whole /64, so its addresses are one client, not 2^64 of them).
 */
export function clientKey(address: string): string {
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group || '0', 16) || 0).toString(16))
    .join(':')}::/64`;
}
