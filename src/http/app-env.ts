/** The request context's types: Hono's generics for this app. */
import type { Deps, ErrorReporterOf } from '#src/deps';
import type { SiteContext } from '#src/domain/ports';

/** Hono's generics for this app: bindings, and what middleware puts on the context. */
export interface AppEnv {
  Bindings: CloudflareBindings;
  Variables: {
    /** Cloudflare's ray id, else a random one: in every log line of the request and its X-Request-Id. */
    requestId: string;
    /** Makes the reporter of an unexpected error (src/adapters.ts): set by the app before anything else runs. */
    errorReporterOf: ErrorReporterOf;
    deps: Deps;
    /** The content revision the page cache keys on (null: unknown, nothing imported or stores down). */
    contentRevision: number | null;
    /** The revision changed moments ago: D1 reads go to the primary, which surely has it. */
    readPrimary?: boolean;
    /** The newsroom; null until content has been imported. */
    site: SiteContext | null;
    /**
     * The request's language: the one its address names (src/middleware/locale.ts), then the
     * answer's own once its writer makes it (a story at the root path is in the story's language:
     * src/http/render-page.ts). The request log, error pages and error reports name it.
     */
    locale: string;
    /**
     * The page cache holds an expired copy it would serve if this page failed: the page must not
     * send its first bytes before its data (src/http/render-page.ts).
     */
    holdFirstByte?: boolean;
    /** A page sent before its data was read: true once it was sent whole, false if it failed on the way. */
    renderComplete?: Promise<boolean>;
    /**
     * A page sent before its data was read says no shared cache may keep it (its end may be an
     * error page): the Cache-Control it would have had whole, under which the page cache keeps it
     * once `renderComplete` says it was sent whole.
     */
    wholePageCacheControl?: string;
  };
}
