/**
 * Error-reporting settings, read from the worker's vars and secrets. Reporting is off unless the
 * `SENTRY_DSN` secret is set, so local development and tests never send anything.
 *
 * | name | kind | default |
 * |---|---|---|
 * | `SENTRY_DSN` | secret (`wrangler secret put SENTRY_DSN`) | unset: reporting off |
 * | `ENVIRONMENT_LABEL` | var, e.g. `preview` or `staging` on a preview deployment | `production` |
 * | `RELEASE` | var, e.g. the git commit, set at deploy (`--var RELEASE:$(git rev-parse --short HEAD)`) | `dev` |
 * | `SENTRY_TRACES_SAMPLE_RATE` | var, 0 to 1 | `1` |
 *
 * The error sample rate is fixed at 0.5% (docs/spec-coverage.md section 9): a newsroom's errors repeat across
 * visitors, and one in two hundred still finds every recurring fault.
 */
import * as z from 'zod/mini';
import { DEFAULT_TRACES_SAMPLE_RATE, ERROR_SAMPLE_RATE, PRODUCTION_ENVIRONMENT } from '#src/domain/error-events';

export const DEFAULT_RELEASE = 'dev';

export interface ErrorReportingConfig {
  readonly dsn: string;
  readonly environment: string;
  readonly release: string;
  readonly sampleRate: number;
  readonly tracesSampleRate: number;
}

const ErrorReportingVarsSchema = z.object({
  SENTRY_DSN: z.optional(z.string()),
  ENVIRONMENT_LABEL: z.optional(z.string()),
  RELEASE: z.optional(z.string()),
  SENTRY_TRACES_SAMPLE_RATE: z.optional(z.string()),
});

/**
 * The settings, or null when no DSN is configured. Throws, naming the variable, when a value is
 * malformed: a DSN that is not a URL or a sample rate outside 0..1.
 */
export function readErrorReportingConfig(env: object): ErrorReportingConfig | null {
  const parsed = ErrorReportingVarsSchema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid error-reporting configuration: ${fields}`);
  }
  const vars = parsed.data;
  const dsn = vars.SENTRY_DSN?.trim();
  if (!dsn) return null;
  if (!URL.canParse(dsn)) throw new Error('Invalid error-reporting configuration: SENTRY_DSN is not a URL');
  const rate = vars.SENTRY_TRACES_SAMPLE_RATE?.trim();
  const tracesSampleRate = rate ? Number(rate) : DEFAULT_TRACES_SAMPLE_RATE;
  if (!Number.isFinite(tracesSampleRate) || tracesSampleRate < 0 || tracesSampleRate > 1) {
    throw new Error('Invalid error-reporting configuration: SENTRY_TRACES_SAMPLE_RATE must be a number from 0 to 1');
  }
  return {
    dsn,
    environment: vars.ENVIRONMENT_LABEL?.trim() || PRODUCTION_ENVIRONMENT,
    release: vars.RELEASE?.trim() || DEFAULT_RELEASE,
    sampleRate: ERROR_SAMPLE_RATE,
    tracesSampleRate,
  };
}
