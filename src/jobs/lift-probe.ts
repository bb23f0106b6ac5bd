/**
 * How the proof of a lift asks for an address (docs/decisions/0052-a-lift-that-proves-itself.md):
 * the worker's own app, called in-process with a request on the newsroom's production origin,
 * the way the page cache pre-renders (src/page-cache/prerender.ts). So the request goes through
 * every layer a visitor's does (limits, security, the page cache with its revision memo and stored
 * copies, the routes, the search backend and its KV cache), all but the network; the work a
 * response leaves behind (the page cache's copy, the request log) is awaited before the answer is
 * read, so one check cannot race the next.
 */
import type { Answer } from './lift-checks';

/** The app's fetch handler (src/app.tsx `createApp().fetch`). */
export type AppFetch = (request: Request, env: CloudflareBindings, ctx: ExecutionContext) => Response | Promise<Response>;

export interface LiftProbe {
  /** One request through the app; `d1Search`: with D1's own search index, whatever engine is configured. */
  ask(request: Request, options?: { readonly d1Search?: boolean }): Promise<Answer>;
  /** One failure sent through the worker's error reporter (a no-op when reporting is off). */
  report(error: Error, tags: Readonly<Record<string, string>>): void;
}

export function inProcessProbe(appFetch: AppFetch, env: CloudflareBindings, report: LiftProbe['report']): LiftProbe {
  return {
    async ask(request, options = {}) {
      // The same app with D1 search: the configuration is parsed per bindings object (src/env.ts).
      const bindings = options.d1Search ? ({ ...env, SEARCH_BACKEND: 'd1' } as CloudflareBindings) : env;
      const pending: Promise<unknown>[] = [];
      const ctx = { waitUntil: (work: Promise<unknown>) => void pending.push(work), passThroughOnException: () => undefined, props: {} } as unknown as ExecutionContext;
      const response = await appFetch(request, bindings, ctx);
      const body = await response.text();
      await Promise.allSettled(pending);
      return { status: response.status, headers: response.headers, body };
    },
    report,
  };
}
