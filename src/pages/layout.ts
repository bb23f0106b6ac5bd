/**
 * Builds the LayoutModel every newsroom page shares: head metadata, navigation, language
 * switcher, privacy links, contexts. Plain function: no Hono context, tested as one.
 */
import { categoriesForLocale } from '#src/domain/category';
import { UploadedImage } from '#src/domain/media';
import { analyticsSiteDomains, companyFor, siteNameFor } from '#src/domain/newsroom';
import type { SiteContext } from '#src/domain/ports';
import { policySource, type PolicyKind } from '#src/domain/policy';
import type { StorySummary } from '#src/domain/story';
import { themeAsset } from '#src/domain/theme';
import { buildAlternates } from '#src/i18n/alternates';
import { nativeLanguageName, toBcp47, toOpenGraphLocale } from '#src/i18n/locales';
import { formatMessage, messagesFor } from '#src/i18n/translate';
import { urls, urlContextOf, type FeedFormat } from '#src/i18n/urls';
import { contactsForLocale } from '#src/domain/contact';
import { imageRightsOf } from '#src/domain/image-rights';
import type { StoredImagePayload } from '#src/domain/media-payload';
import type { DocumentShell, LayoutModel } from './model';
import type { FeedLink, OpenGraphModel } from './head';
import { breadcrumbLd, organizationLd, webSiteLd, type AbsoluteImage, type JsonLd } from './structured-data';
import type { AppConfig } from '#src/env';
import { buildClientConfig } from './browser-config';

export const STYLESHEET = urls.stylesheet();

export interface LayoutInput {
  readonly site: SiteContext;
  readonly config: AppConfig;
  readonly locale: string;
  /** Site-relative path of this page, for its canonical URL. */
  readonly path: string;
  readonly title: string;
  readonly description: string;
  /**
   * This page in each language it truly exists in (the current one included): hreflang names
   * these; the language switcher offers the other languages' homepages besides.
   */
  readonly pageTranslations: readonly { code: string; href: string }[];
  /**
   * A story page: its switcher is SPEC section 5's translation switcher and offers only the
   * translations it may link, never another language's homepage.
   */
  readonly translationsOnly?: boolean;
  readonly currentStory?: StorySummary | null;
  readonly currentCategorySlug?: string | null;
  /** The page is the media gallery (index or album), for the navigation's current entry. */
  readonly isMediaPage?: boolean;
  readonly indexable?: boolean;
  readonly canonical?: string | null;
  /** The page's own image for Open Graph (else the newsroom's default social image). */
  readonly image?: StoredImagePayload | null;
  readonly article?: OpenGraphModel['article'];
  /** Trail below the homepage, for BreadcrumbList (site-relative paths). */
  readonly breadcrumbs?: readonly { name: string; path: string }[];
  readonly jsonLd?: readonly JsonLd[];
  /** The page can be embedded (public stories and galleries): the head names its oEmbed answer. */
  readonly oembed?: boolean;
  /** Feeds of this page (default: the language's feeds). */
  readonly feeds?: readonly FeedLink[];
  readonly jsonAlternate?: string | null;
  /** The page has a Markdown form (src/http/negotiation.ts), at urls.markdown(path). */
  readonly hasMarkdown?: boolean;
}

export function buildLayout(input: LayoutInput): LayoutModel {
  const { site, locale } = input;
  const ctx = urlContextOf(site);
  const company = companyFor(site, locale);
  const origin = site.newsroom.url;
  const translations = input.pageTranslations
    .filter((page) => site.languages.some((language) => language.code === page.code))
    .map((page) => ({ code: page.code, href: page.href, name: nativeLanguageName(page.code) }));
  // The switcher offers every language: this page where it exists in it, else its homepage.
  const languages = site.languages.flatMap((language) => {
    const href = translations.find((page) => page.code === language.code)?.href ?? (input.translationsOnly ? null : urls.home(ctx, language.code));
    return href ? [{ code: language.code, href, name: nativeLanguageName(language.code), isCurrent: language.code === locale }] : [];
  });
  const isTrackingEnabled = site.newsroom.tracking_policy !== 'disabled';
  const siteDomains = analyticsSiteDomains(site.newsroom, input.config.analyticsRollupDomain);
  const headTranslations = input.pageTranslations;
  const siteName = siteNameFor(site, locale);
  return {
    context: {
      localeCode: locale,
      newsroom: site.newsroom,
      currentStory: input.currentStory ?? null,
      translations,
      isTrackingEnabled,
    },
    client: buildClientConfig(site, input.config, locale, siteDomains, input.currentStory ?? null),
    siteDomains,
    head: {
      title: input.title,
      description: input.description,
      canonical: input.canonical ?? urls.absolute(origin, input.path),
      alternates: buildAlternates(
        headTranslations.map((page) => ({ code: page.code, href: urls.absolute(origin, page.href) })),
        ctx.defaultLocale,
      ),
      indexable: site.newsroom.is_indexable && (input.indexable ?? true),
      ...siteIcons(site, input.config.mediaRoot),
      siteVerification: site.newsroom.google_search_console_key,
      oembed: input.oembed ? { href: urls.absolute(origin, urls.oembed(urls.absolute(origin, input.path))), title: input.title } : null,
      feeds: input.feeds ?? languageFeeds(site, locale),
      jsonAlternate: input.jsonAlternate ? urls.absolute(origin, input.jsonAlternate) : null,
      markdownAlternate: input.hasMarkdown ? urls.absolute(origin, urls.markdown(input.path)) : null,
      openGraph: {
        type: input.article ? 'article' : 'website',
        siteName,
        locale: toOpenGraphLocale(locale),
        alternateLocales: headTranslations.filter((page) => page.code !== locale).map((page) => toOpenGraphLocale(page.code)),
        image: absoluteImage(input.image ?? site.newsroom.thumbnail, input.config.mediaRoot, origin),
        ...(input.article ? { article: input.article } : {}),
      },
      jsonLd: [
        organizationLd({
          origin,
          newsroom: site.newsroom,
          company,
          logo: absoluteImage(site.newsroom.square_logo ?? site.newsroom.newsroom_logo, input.config.mediaRoot, origin, 512),
          contacts: contactsForLocale(site.contacts, locale),
        }),
        webSiteLd({ origin, name: siteName, locale: toBcp47(locale), searchUrlTemplate: urls.absolute(origin, urls.searchTemplate(ctx, locale)) }),
        ...(input.breadcrumbs && input.breadcrumbs.length > 0
          ? [breadcrumbLd([{ name: siteName, url: urls.absolute(origin, urls.home(ctx, locale)) }, ...input.breadcrumbs.map((crumb) => ({ name: crumb.name, url: urls.absolute(origin, crumb.path) }))])]
          : []),
        ...(input.jsonLd ?? []),
      ],
    },
    newsroom: site.newsroom,
    company,
    homeHref: urls.home(ctx, locale),
    searchAction: urls.search(ctx, locale),
    navigation: {
      layout: site.newsroom.navigation_layout,
      categories: categoriesForLocale(site.categories, locale).map((category) => {
        const slug = category.i18n[locale]!.slug;
        return { name: category.i18n[locale]!.name, href: urls.category(ctx, locale, slug), isCurrent: slug === input.currentCategorySlug };
      }),
      media: site.galleries_count > 0 ? { name: formatMessage(locale, messagesFor(locale), 'media.title'), href: urls.media(ctx, locale), isCurrent: input.isMediaPage === true } : null,
    },
    languages,
    notifications: site.companies[locale]?.notifications ?? [],
    policyLinks: { privacy: policyHref(site, locale, 'privacy-policy'), cookie: policyHref(site, locale, 'cookie-policy') },
    portalLinks: {
      subscribe: urls.privacyPortal(locale, site.newsroom.uuid, 'subscribe'),
      dataRequest: company?.custom_data_request_link ?? urls.privacyPortal(locale, site.newsroom.uuid, 'data-request'),
    },
    mediaRoot: input.config.mediaRoot,
    shell: documentShell(site, locale),
  };
}

/** The start of every newsroom page's head: the site's stylesheet, the newsroom's theme, the browser bundle. */
export function documentShell(site: SiteContext | null, locale: string): DocumentShell {
  const theme = site ? themeStylesheetHref(site) : null;
  return { locale, stylesheets: theme ? [STYLESHEET, theme] : [STYLESHEET], colorScheme: 'light dark', themeColor: site?.newsroom.theme_color ?? null, clientScript: true };
}

/**
 * Where the footer, consent bar and subscribe form link a policy: our page when the content
 * folder wrote one, else straight to the organisation's own (no detour through a redirect).
 */
export function policyHref(site: SiteContext, locale: string, kind: PolicyKind): string | null {
  const source = policySource(kind, locale, site.policy_pages, site.companies[locale]);
  if (!source) return null;
  return source.type === 'page' ? urls.policy(urlContextOf(site), locale, kind) : source.url;
}

/** The address of the newsroom's theme stylesheet, or null when its theme changes nothing. */
export function themeStylesheetHref(site: SiteContext): string | null {
  const asset = themeAsset(site.newsroom.theme);
  return asset ? urls.themeStylesheet(asset.hash) : null;
}

/** A stored image as an absolute address with its shown size (social cards, JSON-LD, feeds). */
export function absoluteImage(image: StoredImagePayload | null, mediaRoot: string, origin: string, width = 1200): AbsoluteImage | null {
  if (!image) return null;
  const model = UploadedImage.fromJSON(image, { cdn: mediaRoot });
  const shown = model.width > width ? model.resize(width) : model;
  const rights = imageRightsOf(image);
  return {
    url: urls.absolute(origin, shown.cdnUrl),
    width: shown.width,
    height: shown.height,
    ...(model.caption ? { caption: model.caption } : {}),
    ...(rights.credit ? { credit: rights.credit } : {}),
    ...(rights.licenceUrl ? { licenceUrl: rights.licenceUrl } : {}),
  };
}

/** The RSS, Atom and JSON feeds of a language (or of one of its categories). */
export function languageFeeds(site: SiteContext, locale: string, category: { slug: string; name: string } | null = null): FeedLink[] {
  const ctx = urlContextOf(site);
  const origin = site.newsroom.url;
  const name = siteNameFor(site, locale);
  const messages = messagesFor(locale);
  const title = category ? formatMessage(locale, messages, 'feed.category_title', { name, category: category.name }) : formatMessage(locale, messages, 'feed.title', { name });
  return feedLinks(title, (format) => urls.absolute(origin, urls.feed(ctx, locale, format, category?.slug ?? null)));
}

/** The RSS, Atom and JSON feeds of one of a language's tags, titled after its page. */
export function tagFeeds(site: SiteContext, locale: string, tag: string, tagTitle: string): FeedLink[] {
  const ctx = urlContextOf(site);
  const name = siteNameFor(site, locale);
  const title = formatMessage(locale, messagesFor(locale), 'feed.category_title', { name, category: tagTitle });
  return feedLinks(title, (format) => urls.absolute(site.newsroom.url, urls.tagFeed(ctx, locale, tag, format)));
}

function feedLinks(title: string, href: (format: FeedFormat) => string): FeedLink[] {
  return [
    { type: 'application/rss+xml', title, href: href('rss') },
    { type: 'application/atom+xml', title, href: href('atom') },
    { type: 'application/feed+json', title, href: href('json') },
  ];
}

/** The favicon (32 px) and apple-touch icon (180 px) from the newsroom's icon and square logo. */
export function siteIcons(site: SiteContext, mediaRoot: string): { icon: string | null; appleTouchIcon: string | null } {
  const icon = site.newsroom.icon ?? site.newsroom.square_logo;
  const square = site.newsroom.square_logo ?? site.newsroom.icon;
  const sized = (image: typeof icon, size: number) => (image ? UploadedImage.fromJSON(image, { cdn: mediaRoot }).scaleCrop(size, size, true).cdnUrl : null);
  return { icon: sized(icon, 32), appleTouchIcon: sized(square, 180) };
}

/** The page title: "{page} | {company}", or the company's SEO title for its homepage. */
export function pageTitle(site: SiteContext, locale: string, pageName: string | null): string {
  const company = site.companies[locale];
  const siteName = siteNameFor(site, locale);
  if (pageName) return `${pageName} | ${siteName}`;
  return company?.seo_settings.meta_title || company?.seo_settings.default_meta_title || siteName;
}
