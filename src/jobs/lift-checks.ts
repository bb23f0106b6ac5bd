/**
 * How the proof of a lift reads each answer (docs/decisions/0052-a-lift-that-proves-itself.md):
 * plain functions of an answer (status, headers, body) and the story looked for, each saying
 * whether the story is there as a visitor, a feed reader or a crawler would find it: a feed's
 * item link, a sitemap's `<loc>`, a search hit's uuid, llms.txt's link, the story in
 * `/api/fetch-stories`' `stories`. Not a string search over the whole body: the story's address
 * in a page's header or a related-stories box is not the story listed.
 */
import type { SurfaceCheck } from '#src/domain/lift-proof';
import { urls } from '#src/i18n/urls';

/** An answer as the checks read it. */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
}

/** What is looked for. */
export interface Target {
  readonly uuid: string;
  /** The story's public address, absolute on the newsroom's origin. */
  readonly address: string;
  /** Its Markdown form's address, absolute (llms.txt links there). */
  readonly markdownAddress: string;
  /** The newsroom is indexable: the page must not say `noindex`. */
  readonly indexable: boolean;
}

export function targetOf(story: { readonly uuid: string; readonly slug: string }, origin: string, indexable: boolean): Target {
  return { uuid: story.uuid, address: urls.absolute(origin, urls.story(story.slug)), markdownAddress: urls.absolute(origin, urls.markdown(urls.story(story.slug))), indexable };
}

const XML_ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const unescapeXml = (text: string) => text.replace(/&(?:amp|lt|gt|quot|apos);/g, (entity) => XML_ENTITIES[entity]!);

/** The texts of `<tag>…</tag>` inside each `<block>…</block>`. */
function blocks(body: string, block: string): string[] {
  return [...body.matchAll(new RegExp(`<${block}[\\s>][\\s\\S]*?</${block}>`, 'g'))].map((match) => match[0]);
}

function elementTexts(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((match) => unescapeXml(match[1]!.trim()));
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

const arrayAt = (value: unknown, key: string): Record<string, unknown>[] => {
  const list = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : null;
  return Array.isArray(list) ? list.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];
};

/** `noindex` in the page's robots meta or its X-Robots-Tag header. */
export function saysNoindex(answer: Answer): boolean {
  if (/noindex/i.test(answer.headers.get('X-Robots-Tag') ?? '')) return true;
  return [...answer.body.matchAll(/<meta\s+name="robots"\s+content="([^"]*)"/gi)].some((match) => /noindex/i.test(match[1]!));
}

/** The story sitemaps of a language that the sitemap index lists (absolute addresses). */
export function storySitemaps(indexBody: string, locale: string): string[] {
  return blocks(indexBody, 'sitemap')
    .flatMap((sitemap) => elementTexts(sitemap, 'loc'))
    .filter((loc) => {
      const name = loc.replace(/^.*\/sitemaps\//, '');
      const file = loc.includes('/sitemaps/') ? urls.parseSitemapName(name) : null;
      return file?.kind === 'stories' && file.locale === locale;
    });
}

/** Whether the answer lists the story, read as `check` says. (`sitemap-index` is followed by the job: a sitemap of it is read as `sitemap`.) */
export function listsStory(check: Exclude<SurfaceCheck, 'alerts' | 'sitemap-index'>, answer: Answer, target: Target): boolean {
  if (answer.status !== 200) return false;
  switch (check) {
    case 'page':
      return !(target.indexable && saysNoindex(answer));
    case 'markdown':
      // The Markdown names its HTML page as canonical, in its Link header (src/http/negotiation.ts).
      return (answer.headers.get('Link') ?? '').split(',').some((link) => link.includes(`<${target.address}>`) && /rel="?canonical"?/.test(link));
    case 'story-json':
      return (parseJson(answer.body) as { uuid?: unknown } | null)?.uuid === target.uuid;
    case 'rss':
      return blocks(answer.body, 'item').some((item) => elementTexts(item, 'link').includes(target.address));
    case 'atom':
      return blocks(answer.body, 'entry').some((entry) => [...entry.matchAll(/<link rel="alternate"[^>]*href="([^"]*)"/g)].some((match) => unescapeXml(match[1]!) === target.address));
    case 'json-feed':
      return arrayAt(parseJson(answer.body), 'items').some((item) => item.url === target.address);
    case 'sitemap':
      return blocks(answer.body, 'url').some((url) => elementTexts(url, 'loc').includes(target.address));
    case 'search':
      return arrayAt(parseJson(answer.body), 'hits').some((hit) => hit.uuid === target.uuid);
    case 'llms':
      return [...answer.body.matchAll(/\]\(([^)\s]+)\)/g)].some((match) => match[1] === target.markdownAddress || match[1] === target.address);
    case 'api-stories':
      return arrayAt(parseJson(answer.body), 'stories').some((story) => story.uuid === target.uuid);
  }
}
