/** `[/{locale}]/privacy-policy` and `[/{locale}]/cookie-policy` (the page: src/pages/policy.ts). */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import type { PolicyKind } from '#src/domain/policy';
import { cacheRules } from '#src/http/cache-rules';
import { redirectToConfiguredAddress } from '#src/http/redirect';
import { renderPage } from '#src/http/render-page';
import { requireSite } from '#src/http/require-site';
import { loadPolicy } from '#src/pages/policy';
import { PolicyPage } from '#src/views/screens/policy-page';

async function servePolicy(c: Context<AppEnv>, kind: PolicyKind): Promise<Response> {
  const answer = await loadPolicy(c.var.deps, requireSite(c), c.var.locale, kind);
  if ('elsewhere' in answer) return redirectToConfiguredAddress(c, answer.elsewhere, { 'Cache-Control': cacheRules.page });
  return renderPage(c, { shell: answer.page.layout.shell, document: c.render(<PolicyPage model={answer.page} />) });
}

// One route per policy: a pattern alternation here would also match longer paths.
export const policies = new Hono<AppEnv>().get('/privacy-policy', (c) => servePolicy(c, 'privacy-policy')).get('/cookie-policy', (c) => servePolicy(c, 'cookie-policy'));
