/**
 * The ways domain code says "no" (or "not now"). `app.onError` maps each to a status page in the
 * visitor's language; anything else is an unexpected failure (logged, reported, plain 500).
 */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
  constructor(what = 'Not found') {
    super(what);
  }
}

/** The resource lives at another (canonical) address: answered with a 301. */
export class MovedError extends Error {
  override readonly name = 'MovedError';
  constructor(readonly location: string) {
    super(`Moved to ${location}`);
  }
}

/** Input the visitor sent cannot be used; `issues` are message ids keyed by field. */
export class InvalidInputError extends Error {
  override readonly name = 'InvalidInputError';
  constructor(
    message: string,
    readonly issues: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/**
 * A store the answer depends on did not answer (D1 down, overloaded, or refusing a statement):
 * answered with a 503 and the server-error page ("try again in a moment"), and, for a page the
 * page cache holds, with the stale copy instead. The store's own error travels as `cause`, for the
 * log line and the error report; the visitor never sees it.
 */
export class UnavailableError extends Error {
  override readonly name = 'UnavailableError';
  constructor(
    readonly store: string,
    options?: { cause?: unknown },
  ) {
    super(`${store} is unavailable`, options);
  }
}

/** The request's body is larger than any form or JSON call of the site needs: a 413. */
export class PayloadTooLargeError extends Error {
  override readonly name = 'PayloadTooLargeError';
  constructor(readonly limitBytes: number) {
    super(`Request body over ${limitBytes} bytes`);
  }
}

/** A request the site refuses to act on whoever sends it (a cross-site form post): a 403. */
export class ForbiddenError extends Error {
  override readonly name = 'ForbiddenError';
}

/** The client asked more often than the site's limits allow: a 429. */
export class TooManyRequestsError extends Error {
  override readonly name = 'TooManyRequestsError';
  constructor(readonly retryAfterSeconds: number) {
    super('Too many requests');
  }
}

/** A 4xx other than 408 and 429 will answer the same however often it is asked: not worth a retry. */
export function isPermanentRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** The email API did not take a mail; `permanent` when no retry can change that (a refused address). */
export class MailRefusedError extends Error {
  override readonly name = 'MailRefusedError';
  readonly permanent: boolean;
  constructor(readonly status: number) {
    super(`Email API answered ${status}`);
    this.permanent = isPermanentRefusal(status);
  }
}

/** An error as one line for a log field: `Name: message`, with its causes in parentheses. */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const cause = error instanceof Error && error.cause !== undefined ? describeError(error.cause) : null;
  return cause ? `${text} (${cause})` : text;
}
