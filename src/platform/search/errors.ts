/**
 * The one error type the engine adapters throw, whatever their client threw: the fallback logs it
 * as a short line (backend, status, code) without the client's stack of retried hosts, whose
 * frames could carry request URLs.
 */
export class SearchEngineError extends Error {
  override readonly name = 'SearchEngineError';

  constructor(
    readonly backend: 'meilisearch' | 'algolia',
    message: string,
    /** The engine's HTTP status when it answered; null for network failures and timeouts. */
    readonly status: number | null = null,
    /** The engine's own error code (`invalid_api_key`, `index_not_found`…) when it gave one. */
    readonly code: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Status and code of a client error, wherever the client put them (or its cause). */
export function describeClientError(error: unknown): { message: string; status: number | null; code: string | null } {
  let current: unknown = error;
  let status: number | null = null;
  let code: string | null = null;
  const messages: string[] = [];
  // Clients wrap: meilisearch's request error ("Request to … has failed") holds the API error or
  // the timeout as its cause, and the cause says what went wrong.
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    if (!messages.includes(current.message)) messages.push(current.message);
    const fields = current as Error & { status?: unknown; response?: { status?: unknown }; cause?: unknown; code?: unknown };
    if (status === null && typeof fields.status === 'number') status = fields.status;
    if (status === null && typeof fields.response?.status === 'number') status = fields.response.status;
    const causeCode = (fields.cause as { code?: unknown } | undefined)?.code;
    if (code === null && typeof causeCode === 'string') code = causeCode;
    if (code === null && typeof fields.code === 'string') code = fields.code;
    current = fields.cause;
  }
  return { message: messages.length > 0 ? messages.join(': ') : String(error), status, code };
}
