/**
 * The small pieces of response plumbing every middleware needs, written once: work after the
 * response, a header on a response that may be immutable, and swapping the context's response.
 */
import type { Context } from 'hono';
import type { AppEnv } from './app-env';

/**
 * Runs work after the response without holding it (`waitUntil`). Where there is no execution
 * context (plain unit tests of a middleware) the work is returned, for the caller to await.
 */
export function runAfterResponse(c: Context<AppEnv>, work: Promise<unknown>): Promise<unknown> | undefined {
  let executionCtx: Pick<ExecutionContext, 'waitUntil'> | undefined;
  try {
    executionCtx = c.executionCtx;
  } catch {
    executionCtx = undefined;
  }
  if (!executionCtx) return work;
  executionCtx.waitUntil(work);
  return undefined;
}

/** Assigning c.res merges the old response's headers into the new one; clearing it first does not. */
export function replaceResponse(c: Context<AppEnv>, response: Response): void {
  c.res = undefined;
  c.res = response;
}

/** Sets a header on c.res, even when its headers are immutable (a response that came from fetch()). */
export function setResponseHeader(c: Context<AppEnv>, name: string, value: string, options: { append?: boolean } = {}): void {
  const set = (headers: Headers) => (options.append ? headers.append(name, value) : headers.set(name, value));
  try {
    set(c.res.headers);
  } catch {
    const copy = new Response(c.res.body, c.res);
    set(copy.headers);
    replaceResponse(c, copy);
  }
}
