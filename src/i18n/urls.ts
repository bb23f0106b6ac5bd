/**
 * The only link builder. Every internal address is made here from a named route, so the rule
 * "the default language has no prefix, other languages lead with their lower-case code" lives in
 * one place. Stories live at the root path whatever their language.
 */
import type { PolicyKind } from '#src/domain/policy';
import { LOCALE_SOURCE, looksLikeLocale } from './locales';
import { normalizeTag } from '#src/domain/tag';
import { defaultLanguage } from '#src/domain/newsroom';
import type { SiteContext } from '#src/domain/ports';
import { webAddressOf } from '#src/domain/web-address';

export interface UrlContext {
  /** The newsroom's default locale: its pages carry no prefix. */
  readonly defaultLocale: string;
}

/** The address context of a newsroom: which language's pages live at the root. */
export function urlContextOf(site: Pick<SiteContext, 'languages'>): UrlContext {
  return { defaultLocale: defaultLanguage(site.languages).code };
}

export type PortalAction = 'subscribe' | 'data-request' | 'inquiry';

/** A file of the sitemap index: a language's pages, its stories (numbered from 1), or the news sitemap. */
export type SitemapFile = { readonly kind: 'pages'; readonly locale: string } | { readonly kind: 'stories'; readonly locale: string; readonly number: number } | { readonly kind: 'news' };
export type FeedFormat = 'rss' | 'atom' | 'json';

/** The search page's filters; empty ones are left out of its address. */
export interface SearchFilters {
  readonly query?: string;
  readonly category?: string | null;
  readonly year?: number | null;
  readonly month?: number | null;
  readonly page?: number;
}

/** A placeholder origin no address of ours can name, to see whether a path stays on the site. */
const SAME_SITE_BASE = 'https://same-site.invalid';

function prefix(ctx: UrlContext, locale: string): string {
  return locale === ctx.defaultLocale ? '' : `/${locale}`;
}

function segment(value: string): string {
  return encodeURIComponent(value);
}

/** `{locale}-pages.xml`, `{locale}-stories-{n}.xml` or `news.xml`: what `urls.sitemap` names a file. */
const SITEMAP_NAME = new RegExp(`^(?:(${LOCALE_SOURCE})-(?:(pages)|stories-([1-9]\\d{0,3}))|(news))\\.xml$`);

function sitemapName(file: SitemapFile): string {
  if (file.kind === 'news') return 'news.xml';
  return file.kind === 'pages' ? `${file.locale}-pages.xml` : `${file.locale}-stories-${file.number}.xml`;
}

/** The query parameter of a list's pages: `?page=N` from the second page on. */
const PAGE_PARAM = 'page';
/** The placeholder `pageTemplate` leaves for the page number. */
const PAGE_PLACEHOLDER = '{page}';

function paged(path: string, page: number): string {
  return page > 1 ? `${path}?${PAGE_PARAM}=${page}` : path;
}

export const urls = {
  home(ctx: UrlContext, locale: string, page = 1): string {
    return paged(prefix(ctx, locale) || '/', page);
  },
  story(slug: string): string {
    return `/${segment(slug)}`;
  },
  /** A story's media (cover, body images, attachments) in one ZIP. */
  storyArchive(slug: string): string {
    return `/${segment(slug)}/download`;
  },
  /** A story's embed card, the page an oEmbed consumer frames (src/routes/embed.tsx). */
  storyEmbed(slug: string): string {
    return `/${segment(slug)}/embed`;
  },
  storyJson(slug: string): string {
    return `/${segment(slug)}.json`;
  },
  /**
   * The Markdown alternate of a page this module built: `.md` on its last segment, the query
   * kept (`/category/wind.md?page=2`); a homepage is `/index.md` or `/fr/index.md`.
   */
  markdown(path: string): string {
    const queryAt = path.indexOf('?');
    const pathname = queryAt === -1 ? path : path.slice(0, queryAt);
    const query = queryAt === -1 ? '' : path.slice(queryAt);
    const isHome = pathname === '/' || looksLikeLocale(pathname.slice(1));
    return `${isHome ? `${pathname.replace(/\/$/, '')}/index` : pathname}.md${query}`;
  },
  category(ctx: UrlContext, locale: string, slug: string, page = 1): string {
    return paged(`${prefix(ctx, locale)}/category/${segment(slug)}`, page);
  },
  /** A tag's stories in one language: the tag's stored form (src/domain/tag.ts) as one path segment. */
  tag(ctx: UrlContext, locale: string, tag: string, page = 1): string {
    return paged(`${prefix(ctx, locale)}/tag/${segment(normalizeTag(tag))}`, page);
  },
  /** The media index (its galleries, a page at a time). */
  media(ctx: UrlContext, locale: string, page = 1): string {
    return paged(`${prefix(ctx, locale)}/media`, page);
  },
  /**
   * A list page's address (one this module built) with its page number left open as `{page}`,
   * for the load-more island to fill in for the pages after it.
   */
  pageTemplate(pageHref: string): string {
    return pageHref.replace(new RegExp(`([?&]${PAGE_PARAM}=)\\d+`), `$1${PAGE_PLACEHOLDER}`);
  },
  /** `/privacy-policy` or `/cookie-policy`, prefixed for other languages. */
  /** The llms.txt index of a language (https://llmstxt.org): `/llms.txt`, `/fr/llms.txt`. */
  llms(ctx: UrlContext, locale: string): string {
    return `${prefix(ctx, locale)}/llms.txt`;
  },
  /** The latest stories of a language in full Markdown. */
  llmsFull(ctx: UrlContext, locale: string): string {
    return `${prefix(ctx, locale)}/llms-full.txt`;
  },
  policy(ctx: UrlContext, locale: string, kind: PolicyKind): string {
    return `${prefix(ctx, locale)}/${kind}`;
  },
  gallery(ctx: UrlContext, locale: string, uuid: string): string {
    return `${prefix(ctx, locale)}/media/album/${segment(uuid)}`;
  },
  /** A gallery as JSON (docs/spec-coverage.md section 3's Gallery). */
  galleryJson(ctx: UrlContext, locale: string, uuid: string): string {
    return `${prefix(ctx, locale)}/media/album/${segment(uuid)}.json`;
  },
  /** Every image of a gallery in one ZIP. */
  galleryArchive(ctx: UrlContext, locale: string, uuid: string): string {
    return `${prefix(ctx, locale)}/media/album/${segment(uuid)}/download`;
  },
  /** A gallery's embed card, the page an oEmbed consumer frames. */
  galleryEmbed(ctx: UrlContext, locale: string, uuid: string): string {
    return `${prefix(ctx, locale)}/media/album/${segment(uuid)}/embed`;
  },
  /** The oEmbed endpoint's JSON answer for one of our pages, named by its absolute address. */
  oembed(pageUrl: string): string {
    return `/oembed?url=${encodeURIComponent(pageUrl)}&format=json`;
  },
  /** The search page with these filters, in a stable order (`query`, `category`, `year`, `month`, `page`). */
  search(ctx: UrlContext, locale: string, filters: SearchFilters = {}): string {
    const path = `${prefix(ctx, locale)}/search`;
    const search = new URLSearchParams();
    if (filters.query) search.set('query', filters.query);
    if (filters.category) search.set('category', filters.category);
    if (filters.year) search.set('year', String(filters.year));
    if (filters.month) search.set('month', String(filters.month));
    if (filters.page && filters.page > 1) search.set(PAGE_PARAM, String(filters.page));
    const query = search.toString();
    return query ? `${path}?${query}` : path;
  },
  /** The search page with its query left open (schema.org's SearchAction): `{search_term_string}`. */
  searchTemplate(ctx: UrlContext, locale: string): string {
    return `${urls.search(ctx, locale)}?query={search_term_string}`;
  },
  /** RSS at `/feed`, Atom at `/feed/atom`, JSON Feed at `/feed/json`; per category under its page. */
  feed(ctx: UrlContext, locale: string, format: FeedFormat = 'rss', categorySlug: string | null = null): string {
    const base = categorySlug ? `${prefix(ctx, locale)}/category/${segment(categorySlug)}/feed` : `${prefix(ctx, locale)}/feed`;
    return format === 'rss' ? base : `${base}/${format}`;
  },
  /** A tag's feeds, under its page as a category's are. */
  tagFeed(ctx: UrlContext, locale: string, tag: string, format: FeedFormat = 'rss'): string {
    const base = `${urls.tag(ctx, locale, tag)}/feed`;
    return format === 'rss' ? base : `${base}/${format}`;
  },
  /** A press contact's vCard. */
  contactCard(key: string): string {
    return `/contacts/${segment(key)}.vcf`;
  },
  sitemapIndex(): string {
    return '/sitemap.xml';
  },
  /** A file the sitemap index lists, under `/sitemaps/`. */
  sitemap(file: SitemapFile): string {
    return `/sitemaps/${sitemapName(file)}`;
  },
  /** Which file a name under `/sitemaps/` is, as `sitemap` builds it; null for any other name. */
  parseSitemapName(name: string): SitemapFile | null {
    const match = SITEMAP_NAME.exec(name);
    if (!match) return null;
    const [, locale, pages, number, news] = match;
    if (news) return { kind: 'news' };
    return pages ? { kind: 'pages', locale: locale! } : { kind: 'stories', locale: locale!, number: Number(number) };
  },
  /** Privacy portal links always carry the locale: they name the language of the portal itself. */
  privacyPortal(locale: string, newsroomUuid: string, action: PortalAction = 'subscribe'): string {
    return `/${locale}/newsroom/${segment(newsroomUuid)}/${action}`;
  },
  /** The confirmation link of a subscription mail. */
  confirmSubscription(locale: string, newsroomUuid: string, token: string): string {
    return `/${locale}/newsroom/${segment(newsroomUuid)}/subscribe/confirm/${segment(token)}`;
  },
  /** The confirmation link of a privacy request mail. */
  confirmDataRequest(locale: string, newsroomUuid: string, token: string): string {
    return `/${locale}/newsroom/${segment(newsroomUuid)}/data-request/confirm/${segment(token)}`;
  },
  /** The unsubscribe page of a subscriber (and the RFC 8058 one-click target of alert mail). */
  unsubscribe(locale: string, newsroomUuid: string, token: string): string {
    return `/${locale}/newsroom/${segment(newsroomUuid)}/unsubscribe/${segment(token)}`;
  },
  /** A journalist's link to leave the media list (and the RFC 8058 one-click target of press mail). */
  pressLeave(token: string): string {
    return `/press/leave/${segment(token)}`;
  },
  /**
   * A journalist's own page: the releases shared with them, their settings (src/pages/journalist-page.ts).
   * Its token is their press token, the one their leave link holds.
   */
  journalistPage(token: string): string {
    return `/press/${segment(token)}`;
  },
  /** The calendar file (.ics) of a release under embargo, on the journalist's own page. */
  journalistCalendar(token: string, storyUuid: string): string {
    return `/press/${segment(token)}/${segment(storyUuid)}.ics`;
  },
  /** A story's secret link for journalists (never public: the token is the key). */
  sharedStory(token: string): string {
    return `/s/${segment(token)}`;
  },
  /**
   * The root of a recipient's file addresses (src/domain/recipient-files.ts): the story's files
   * under it keep the media CDN's shape, `{root}/{uuid}/[-/effects/]{name}`.
   */
  recipientFiles(fileKey: string): string {
    return `/s/${segment(fileKey)}`;
  },
  /** A story's media in one ZIP, through a recipient's file key. */
  recipientArchive(fileKey: string): string {
    return `/s/${segment(fileKey)}/download`;
  },
  sharedStoryJson(token: string): string {
    return `/s/${segment(token)}.json`;
  },
  /**
   * A gallery's secret link before its release (src/domain/gallery-link.ts), in one of the
   * newsroom's languages: the default language's has no suffix, another's ends in its code (the
   * token stays the first segment after `/s/`, where logs and the page cache look for it).
   */
  sharedGallery(ctx: UrlContext, locale: string, token: string): string {
    return `/s/${segment(token)}${prefix(ctx, locale)}`;
  },
  /** Every image of a gallery behind its secret link, in one ZIP. */
  sharedGalleryArchive(token: string): string {
    return `/s/${segment(token)}/download`;
  },
  /** The site's stylesheet (public/styles/site.css): every newsroom page's, and the editor's preview's. */
  stylesheet(): string {
    return '/styles/site.css';
  },
  /** The newsroom's theme stylesheet (src/domain/theme.ts), named by the hash of its text. */
  themeStylesheet(hash: string): string {
    return `/theme-${segment(hash)}.css`;
  },
  /** The IndexNow key file, on the site's root. */
  indexNowKeyFile(key: string): string {
    return `/${segment(key)}.txt`;
  },
  /**
   * The only way to a redirect target: whatever `location` holds (a request path with `//`,
   * `/\`, a tab or a newline in it, an absolute URL), the result is a path on this site. Browsers
   * drop tabs and newlines from addresses and read `\` as `/`, so this does too before checking;
   * then the address is resolved against a placeholder origin and anything that leaves it becomes
   * the homepage.
   */
  sameSitePath(location: string): string {
    const cleaned = location.replace(/[\u0000-\u001f\u007f]/g, '').replace(/\\/g, '/').replace(/^\/+/, '/');
    if (!cleaned.startsWith('/')) return '/';
    const resolved = new URL(cleaned, SAME_SITE_BASE);
    if (resolved.origin !== SAME_SITE_BASE) return '/';
    // Dot segments resolved away can leave `//host` at the front (`/..//host`): one slash.
    return `${resolved.pathname.replace(/^\/+/, '/')}${resolved.search}${resolved.hash}`;
  },
  /** Turns a site-relative path into an absolute URL on the newsroom's public origin. */
  absolute(origin: string, path: string): string {
    return new URL(path, origin).toString();
  },
};

/** A page other sites may embed (oEmbed), as `embeddablePage` reads it back from an address. */
export type EmbeddablePage = { readonly kind: 'story'; readonly slug: string } | { readonly kind: 'gallery'; readonly locale: string; readonly uuid: string };

function decodedSegments(path: string): string[] | null {
  try {
    return path.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/**
 * Which of our pages an absolute address names, or null: an http(s) URL on the newsroom's origin
 * (no credentials), its query and fragment ignored, trailing slashes too, whose path is one that
 * urls.story or urls.gallery builds (compared segment by segment, decoded, so `%C3%A9` and
 * `%c3%a9` are one address, and `/en/media/…` for a default-English newsroom is none).
 */
export function embeddablePage(site: Pick<SiteContext, 'languages' | 'newsroom'>, address: string): EmbeddablePage | null {
  const url = webAddressOf(address);
  if (!url || url.origin !== new URL(site.newsroom.url).origin) return null;
  const segments = decodedSegments(url.pathname.replace(/(.)\/+$/, '$1'));
  if (!segments || segments.some((segment) => segment === '')) return null;
  const builds = (path: string) => {
    const built = decodedSegments(path);
    return built !== null && built.length === segments.length && built.every((segment, index) => segment === segments[index]);
  };
  if (segments.length === 1 && builds(urls.story(segments[0]!))) return { kind: 'story', slug: segments[0]! };
  const ctx = urlContextOf(site);
  const uuid = segments.at(-1)!;
  const locale = segments.length === 4 ? segments[0]! : ctx.defaultLocale;
  if (site.languages.some((language) => language.code === locale) && builds(urls.gallery(ctx, locale, uuid))) return { kind: 'gallery', locale, uuid };
  return null;
}
