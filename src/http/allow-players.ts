/** Lets a page frame the video players it carries: its CSP's `frame-src` names their hosts only. */
import type { Context } from 'hono';
import type { AppEnv } from './app-env';
import { mergeSources, playerSources } from './content-security-policy';

export function allowPlayers(c: Context<AppEnv>, playerOrigins: readonly string[]): void {
  const sources = playerSources(playerOrigins);
  if (sources) c.set('cspExtra', mergeSources(c.var.cspExtra ?? null, sources)!);
}
