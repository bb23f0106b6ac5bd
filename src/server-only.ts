/**
 * docs/spec-coverage.md section 8: a server-only helper throws if used in a browser. The lint boundaries keep
 * `src/client/` from importing server code; this is the runtime half, for a chain of imports the
 * lint cannot see (a shared module that later grows a server import). Modules that hold secrets or
 * reach bindings call it when they run, so such a bundle fails at once and loudly instead of
 * shipping a secret's name or a half-working page.
 */
export class ServerOnlyError extends Error {
  override readonly name = 'ServerOnlyError';
}

/** True in a browser page (a window with a document); false in Workers and Node. */
export function isBrowser(scope: object = globalThis): boolean {
  const candidate = scope as { window?: unknown; document?: unknown };
  return typeof candidate.window === 'object' && candidate.window !== null && typeof candidate.document === 'object' && candidate.document !== null;
}

/** Throws ServerOnlyError when called in a browser; `what` names the helper in the message. */
export function assertServerOnly(what: string, scope: object = globalThis): void {
  if (isBrowser(scope)) throw new ServerOnlyError(`${what} is server-only and cannot run in a browser`);
}
