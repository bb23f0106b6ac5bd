/**
 * Where trace headers (`sentry-trace`, `baggage`) may go: only to this worker's own origin
 * (relative paths, including `api/...`), and to localhost in development. Third parties (search
 * services, the mail API, analytics) never see them: the headers carry our trace ids, release and
 * DSN public key (docs/spec-coverage.md section 7).
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Should a request to `url`, made while serving `origin` (e.g. `https://newsroom.example`),
 * carry trace headers? Relative URLs (`/api/x`, `api/x`) resolve against `origin`, so a
 * protocol-relative `//other.example` or a backslash trick is judged by where it really goes.
 */
export function shouldAttachTraceHeaders(url: string, origin: string): boolean {
  let base: URL;
  let target: URL;
  try {
    base = new URL(origin);
    target = new URL(url, base);
  } catch {
    return false;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  if (target.origin === base.origin) return true;
  const host = target.hostname.toLowerCase();
  return LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost');
}
