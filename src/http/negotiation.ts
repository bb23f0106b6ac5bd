/**
 * Markdown answers: a page's Markdown form, at its `.md` address or at its HTML address
 * for a client whose Accept header prefers it (`prefersMarkdown`). Pages that negotiate say
 * `Vary: Accept` in both forms; the page cache keys on the same answer, so neither form can be
 * served for the other. The Markdown names its HTML page as canonical.
 */
import type { Context } from 'hono';
import type { AppEnv } from './app-env';
import { prefersMarkdown } from '#src/domain/content-negotiation';
import { cacheRules } from './cache-rules';
import { MARKDOWN_CONTENT_TYPE } from '#src/pages/markdown-form';
import type { HeadModel } from '#src/pages/head';
import { conditionalResponse } from './conditional-get';
import { renderPage, type HtmlPage } from './render-page';

/** `Vary` of every page that has a Markdown form: caches must keep the two forms apart. */
export const NEGOTIATED_HEADERS = { Vary: 'Accept' } as const;

function wantsMarkdown(c: Context<AppEnv>): boolean {
  return prefersMarkdown(c.req.header('Accept'));
}

/**
 * @param negotiated true at the HTML address (the answer depends on Accept), false at `.md`.
 * @param locale the text's language when the address does not name it (a story's): the request's
 *   from here on, as a page's is (./render-page.ts).
 */
export function markdownResponse(c: Context<AppEnv>, markdown: string, head: HeadModel, options: { negotiated: boolean; lastModified?: number | null; locale?: string }): Promise<Response> {
  if (options.locale) c.set('locale', options.locale);
  return conditionalResponse(c.req.raw, markdown, {
    contentType: MARKDOWN_CONTENT_TYPE,
    cacheControl: cacheRules.page,
    lastModified: options.lastModified ?? null,
    headers: {
      ...(options.negotiated ? NEGOTIATED_HEADERS : {}),
      ...(head.canonical ? { Link: `<${head.canonical}>; rel="canonical"` } : {}),
      ...(head.indexable ? {} : { 'X-Robots-Tag': 'noindex' }),
    },
  });
}

/** A page's two forms, each made only when asked for (a story loads another body for Markdown). */
export interface PageForms {
  readonly html: () => HtmlPage | Promise<HtmlPage>;
  readonly markdown: () => Promise<{ text: string; head: HeadModel; lastModified?: number | null; locale?: string }>;
}

/**
 * A page with a Markdown form, at its HTML address: the form the client's Accept prefers, both
 * saying `Vary: Accept`. The one way every page negotiates (stories and the story lists alike).
 */
export async function negotiatedPage(c: Context<AppEnv>, forms: PageForms): Promise<Response> {
  if (wantsMarkdown(c)) {
    const markdown = await forms.markdown();
    return markdownResponse(c, markdown.text, markdown.head, { negotiated: true, lastModified: markdown.lastModified, locale: markdown.locale });
  }
  const html = await forms.html();
  return renderPage(c, { ...html, headers: { ...NEGOTIATED_HEADERS, ...html.headers } });
}
