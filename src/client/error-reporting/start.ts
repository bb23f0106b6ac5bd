/**
 * Browser error reporting, kept off the first load (docs/spec-coverage.md sections 7 to 9; on only with a DSN):
 * the reporter (the Sentry browser SDK with tracing, ~55 KB gzip) is fetched once the page has
 * loaded and the browser is idle, or at once on the first error. Errors thrown before it runs are
 * queued here and handed to it, so none is lost to the wait.
 */
import type { ClientConfig } from '../config';

/** The longest the reporter waits for an idle moment after `load`. */
const IDLE_TIMEOUT_MS = 5_000;

export function startErrorReporting(config: ClientConfig, win: Window = window): void {
  const settings = config.errorReporting;
  if (!settings) return;
  const queued: unknown[] = [];
  let loading: Promise<void> | null = null;
  const onError = (event: ErrorEvent) => {
    queued.push(event.error ?? new Error(event.message));
    load();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    queued.push(event.reason);
    load();
  };
  const load = () => {
    loading ??= import('./reporter')
      .then(({ startReporter }) => {
        // From here on the SDK's own global handlers see every error.
        win.removeEventListener('error', onError);
        win.removeEventListener('unhandledrejection', onRejection);
        startReporter(settings, config.pageStatus, queued.splice(0));
      })
      .catch((error: unknown) => console.warn('Error reporting could not start', error));
  };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  const whenIdle = () => {
    if ('requestIdleCallback' in win) win.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS });
    else (win as Window).setTimeout(load, 0);
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
