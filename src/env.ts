/**
 * The worker's environment: bindings come from `wrangler types` (worker-configuration.d.ts);
 * variables are checked once with zod so a bad deployment fails with the field that is wrong.
 */
import * as z from 'zod/mini';
import type { ContentRepository, SiteContext } from '#src/domain/ports';
import type { QueryStats } from '#src/platform/d1/content-repository';

const VarsSchema = z.object({
  MEDIA_CDN_URL: z.optional(z.string()),
  ANALYTICS_ROLLUP_DOMAIN: z.optional(z.string()),
});

export interface AppConfig {
  /** Root of media addresses: the Uploadcare CDN, or `/media` served by this worker. */
  readonly mediaRoot: string;
  readonly analyticsRollupDomain: string | null;
}

export function readConfig(env: CloudflareBindings): AppConfig {
  const parsed = VarsSchema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid worker configuration: ${fields}`);
  }
  return {
    mediaRoot: (parsed.data.MEDIA_CDN_URL || '/media').replace(/\/$/, ''),
    analyticsRollupDomain: parsed.data.ANALYTICS_ROLLUP_DOMAIN || null,
  };
}

export interface Deps {
  readonly content: ContentRepository;
  readonly queryStats: QueryStats;
  readonly config: AppConfig;
}

/** Hono's generics for this app: bindings, and what middleware puts on the context. */
export interface AppEnv {
  Bindings: CloudflareBindings;
  Variables: {
    deps: Deps;
    /** The newsroom; null until content has been imported. */
    site: SiteContext | null;
    /** The page's locale, resolved from the URL (or the story's own locale). */
    locale: string;
  };
}
