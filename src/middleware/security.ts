/**
 * Baseline security headers on every response. Pages hold no inline executable script (island
 * props travel as JSON data blocks), so `script-src 'self'` holds even for cached pages.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#src/env';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
  c.res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.res.headers.set('X-Frame-Options', 'DENY');
  c.res.headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()');
  if (c.res.headers.get('Content-Type')?.startsWith('text/html')) c.res.headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
});
