/**
 * The operator's bypass of the page cache and the render limiter: a request that carries the
 * deployment's secret renders afresh and is not counted (the benchmark measures renders so).
 */
import { tokensEqual } from '#src/domain/story-link';

/** The header an operator's tool (the benchmark) sends to measure a render: see `isOperatorBypass`. */
export const OPERATOR_BYPASS_HEADER = 'X-Page-Cache-Bypass';

/**
 * Does this request carry the deployment's cache-bypass secret (PAGE_CACHE_BYPASS_TOKEN)? Only
 * for measuring renders: unset in production, it opens nothing; set, only its holder skips.
 */
export function isOperatorBypass(request: Request, token: string | undefined): boolean {
  const sent = request.headers.get(OPERATOR_BYPASS_HEADER);
  return Boolean(token) && sent !== null && tokensEqual(sent, token!);
}
