/**
 * The three ways domain code says "no". `app.onError` maps each to a status page in the visitor's
 * language; anything else is an unexpected failure (logged, reported, plain 500).
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
