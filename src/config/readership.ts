/**
 * Readership's settings (docs/decisions/0055-readership-at-the-edge.md), read from the worker's
 * variables or, for `npm run readership`, the process's environment. Like the press tools', none
 * throws: the public site never depends on them, so a malformed value turns a part off.
 *
 * - READERSHIP (binding): the Analytics Engine dataset the edge counts into, named in wrangler.toml.
 * - READERSHIP_DATASET: that dataset's name, which the read query names (default newsroom_readership).
 * - CLOUDFLARE_ACCOUNT_ID and READERSHIP_API_TOKEN (a secret with "Account Analytics: Read"):
 *   reading through the SQL API. Without them the office view says the counts cannot be read.
 * - READERSHIP_STANDIN_URL: a local stand-in (`npm start`, tests) on this machine's loopback only;
 *   each point is also sent to it, and it answers the SQL API in place of api.cloudflare.com.
 */
import { DATASET_PATTERN } from '#src/domain/readership-query';

export const DEFAULT_READERSHIP_DATASET = 'newsroom_readership';
export const CLOUDFLARE_API_ORIGIN = 'https://api.cloudflare.com';
/** The stand-in's path that records a point (scripts/dev/readership-standin.mjs). */
export const STANDIN_WRITE_PATH = '/__readership/points';

const LOOPBACK_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/;

export interface ReadershipSettings {
  readonly dataset: string;
  /** The stand-in's origin, or null. */
  readonly standinUrl: string | null;
  /** Where the SQL API is read, or null with why not. */
  readonly sql: { readonly url: string; readonly token: string } | { readonly url: null; readonly problem: string };
}

type Variables = Partial<Record<'READERSHIP_DATASET' | 'READERSHIP_STANDIN_URL' | 'CLOUDFLARE_ACCOUNT_ID' | 'READERSHIP_API_TOKEN', unknown>>;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The stand-in's origin when READERSHIP_STANDIN_URL names a loopback one; anything else is ignored. */
export function standinOriginOf(value: unknown): string | null {
  const origin = text(value).replace(/\/+$/, '');
  return LOOPBACK_ORIGIN.test(origin) ? origin : null;
}

export function readershipSettingsOf(variables: Variables): ReadershipSettings {
  const datasetName = text(variables.READERSHIP_DATASET) || DEFAULT_READERSHIP_DATASET;
  const dataset = DATASET_PATTERN.test(datasetName) ? datasetName : DEFAULT_READERSHIP_DATASET;
  const standinUrl = standinOriginOf(variables.READERSHIP_STANDIN_URL);
  const account = text(variables.CLOUDFLARE_ACCOUNT_ID);
  const token = text(variables.READERSHIP_API_TOKEN);
  if (standinUrl) return { dataset, standinUrl, sql: { url: `${standinUrl}/client/v4/accounts/${account || 'local'}/analytics_engine/sql`, token: token || 'local' } };
  if (!/^[0-9a-f]{32}$/i.test(account) || !token) return { dataset, standinUrl, sql: { url: null, problem: 'CLOUDFLARE_ACCOUNT_ID and the secret READERSHIP_API_TOKEN are needed to read the counts (docs/operations.md)' } };
  return { dataset, standinUrl, sql: { url: `${CLOUDFLARE_API_ORIGIN}/client/v4/accounts/${account}/analytics_engine/sql`, token } };
}

const memo = new WeakMap<object, ReadershipSettings>();

/** The worker's settings, parsed once per bindings object (the counter asks on every story request). */
export function readershipOf(env: object): ReadershipSettings {
  let settings = memo.get(env);
  if (!settings) memo.set(env, (settings = readershipSettingsOf(env as Variables)));
  return settings;
}
