/**
 * Structured data (schema.org JSON-LD) built from view data: Organization and WebSite on every
 * page, NewsArticle on stories, BreadcrumbList, ImageGallery. Builders return plain objects;
 * `jsonLdText` serialises them so that content can never close the surrounding script element.
 */
import { scriptJson } from './script-json';
import type { Contact } from '#src/domain/contact';
import type { CompanyInformation, Newsroom } from '#src/domain/newsroom';
import { SOCIAL_NETWORKS } from '#src/domain/newsroom';

export type JsonLd = Record<string, unknown>;

export interface AbsoluteImage {
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly caption?: string;
  /** Who to credit (`creditText`, `copyrightNotice`) and the licence's address (`license`). */
  readonly credit?: string;
  readonly licenceUrl?: string;
}

/** JSON for a <script type="application/ld+json">: `<`, `>`, `&` and line separators escaped. */
export function jsonLdText(data: JsonLd | readonly JsonLd[]): string {
  return scriptJson(data);
}

function imageObject(image: AbsoluteImage): JsonLd {
  return {
    '@type': 'ImageObject',
    url: image.url,
    contentUrl: image.url,
    width: image.width,
    height: image.height,
    ...(image.caption ? { caption: image.caption } : {}),
    ...(image.credit ? { creditText: image.credit, copyrightNotice: image.credit } : {}),
    ...(image.licenceUrl ? { license: image.licenceUrl } : {}),
  };
}

export function organizationLd(input: {
  origin: string;
  newsroom: Newsroom;
  company: CompanyInformation | null;
  logo: AbsoluteImage | null;
  contacts: readonly Contact[];
}): JsonLd {
  const { company } = input;
  const sameAs = SOCIAL_NETWORKS.flatMap((network) => (company?.social[network] ? [company.social[network]] : []));
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${input.origin}/#organization`,
    name: company?.name ?? input.newsroom.display_name,
    url: company?.website ?? input.origin,
    ...(input.logo ? { logo: imageObject(input.logo) } : {}),
    ...(company?.about_plaintext ? { description: company.about_plaintext } : {}),
    ...(company?.address ? { address: company.address } : {}),
    ...(company?.email ? { email: company.email } : {}),
    ...(company?.phone ? { telephone: company.phone } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(input.contacts.length > 0
      ? {
          contactPoint: input.contacts.map((contact) => ({
            '@type': 'ContactPoint',
            contactType: 'press',
            name: contact.name,
            ...(contact.email ? { email: contact.email } : {}),
            ...(contact.phone ? { telephone: contact.phone } : {}),
            ...(contact.locales.length > 0 ? { availableLanguage: contact.locales } : {}),
          })),
        }
      : {}),
  };
}

export function webSiteLd(input: { origin: string; name: string; locale: string; searchUrlTemplate: string }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${input.origin}/#website`,
    url: input.origin,
    name: input.name,
    inLanguage: input.locale,
    publisher: { '@id': `${input.origin}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: input.searchUrlTemplate },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function newsArticleLd(input: {
  origin: string;
  url: string;
  headline: string;
  description: string;
  images: readonly AbsoluteImage[];
  datePublished: string;
  dateModified: string;
  author: string | null;
  locale: string;
  sections: readonly string[];
  keywords: readonly string[];
}): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    mainEntityOfPage: { '@type': 'WebPage', '@id': input.url },
    url: input.url,
    // Google truncates longer headlines; the visible title keeps its full length.
    headline: input.headline.length > 110 ? `${input.headline.slice(0, 109)}…` : input.headline,
    ...(input.description ? { description: input.description } : {}),
    ...(input.images.length > 0 ? { image: input.images.map(imageObject) } : {}),
    datePublished: input.datePublished,
    dateModified: input.dateModified,
    author: input.author ? { '@type': 'Person', name: input.author } : { '@id': `${input.origin}/#organization` },
    publisher: { '@id': `${input.origin}/#organization` },
    inLanguage: input.locale,
    ...(input.sections.length > 0 ? { articleSection: input.sections } : {}),
    ...(input.keywords.length > 0 ? { keywords: input.keywords.join(', ') } : {}),
  };
}

export function breadcrumbLd(items: readonly { name: string; url: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: item.url })),
  };
}

export function imageGalleryLd(input: { url: string; name: string; description: string; images: readonly AbsoluteImage[] }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ImageGallery',
    url: input.url,
    name: input.name,
    ...(input.description ? { description: input.description } : {}),
    image: input.images.map(imageObject),
  };
}
