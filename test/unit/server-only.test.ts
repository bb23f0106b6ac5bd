// docs/spec-coverage.md section 8: a server-only helper throws if used in a browser.
import { afterEach, expect, test, vi } from 'vitest';
import { assertServerOnly, isBrowser, ServerOnlyError } from '#src/server-only';

test.each([
  ['a browser page (window and document)', { window: {}, document: {} }, true],
  ['Workers and Node (neither)', {}, false],
  ['a worker thread with a window shim but no document', { window: {} }, false],
])('%s counts as a browser: %s', (_name, scope, expected) => {
  expect(isBrowser(scope)).toBe(expected);
  if (expected) expect(() => assertServerOnly('the helper', scope)).toThrow(new ServerOnlyError('the helper is server-only and cannot run in a browser'));
  else expect(() => assertServerOnly('the helper', scope)).not.toThrow();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

test.each(['#src/env', '#src/platform/mail/http-mailer', '#src/platform/turnstile/verify'])('%s refuses to load in a browser', async (module) => {
  vi.resetModules();
  vi.stubGlobal('window', {});
  vi.stubGlobal('document', {});
  await expect(import(/* @vite-ignore */ module)).rejects.toBeInstanceOf(Error);
  await expect(import(/* @vite-ignore */ module)).rejects.toThrow(/is server-only and cannot run in a browser/);
});

test('the same modules load on the server', async () => {
  await expect(import('#src/env')).resolves.toHaveProperty('configOf');
});
