/**
 * A page's HTML answer: the rendered view with the page rule of the Cache-Control table (shared
 * caches may keep it), unless the caller's headers say otherwise (a private page, an error).
 */
import type { ReactElement } from 'react';
import { cacheRules } from './cache-rules';
import { renderHtml } from '#src/views/render';

export function renderPage(page: ReactElement, options: { status?: number; headers?: Record<string, string> } = {}): Promise<Response> {
  return renderHtml(page, { status: options.status, headers: { 'Cache-Control': cacheRules.page, ...options.headers } });
}
