/**
 * docs/spec-coverage.md section 3's entities as JSON, for the JSON alternates of stories and galleries: the
 * shapes a syndication partner or a Prezly-style client expects (Newsroom, Company information,
 * Language, Category, Gallery, a story's culture and translations). Built by allowlist like the
 * rest of src/pages/json-form.ts; images as their stored payloads, with absolute addresses beside them.
 */
import type { Category } from '#src/domain/category';
import { categoryDisplayName } from '#src/domain/category';
import type { Gallery } from '#src/domain/gallery';
import { UploadedImage } from '#src/domain/media';
import type { StoredImagePayload } from '#src/domain/media-payload';
import type { CompanyInformation, Language, Newsroom } from '#src/domain/newsroom';
import { SOCIAL_NETWORKS } from '#src/domain/newsroom';
import { nativeLanguageName, toBcp47 } from '#src/i18n/locales';
import { urls } from '#src/i18n/urls';
import { languageNames } from '#src/i18n/intl';

/** A stored image payload with its absolute original address (`cdnUrl`). */
function imagePayload(image: StoredImagePayload | null, mediaRoot: string, origin: string) {
  if (!image) return null;
  return { ...image, cdnUrl: urls.absolute(origin, UploadedImage.fromJSON(image, { cdn: mediaRoot }).cdnUrl) };
}

/** `culture {code, locale}`: our lower-case code, and its BCP 47 tag. */
export function cultureJson(locale: string) {
  return { code: locale, locale: toBcp47(locale) };
}

export function newsroomJson(newsroom: Newsroom, mediaRoot: string) {
  const origin = newsroom.url;
  const thumbnail = imagePayload(newsroom.thumbnail, mediaRoot, origin);
  return {
    uuid: newsroom.uuid,
    url: newsroom.url,
    display_name: newsroom.display_name,
    is_indexable: newsroom.is_indexable,
    is_plausible_enabled: newsroom.is_plausible_enabled,
    plausible_site_id: newsroom.plausible_site_id,
    tracking_policy: newsroom.tracking_policy,
    segment_analytics_id: newsroom.segment_analytics_id,
    google_analytics_id: newsroom.google_analytics_id,
    google_search_console_key: newsroom.google_search_console_key,
    onetrust_cookie_consent: newsroom.onetrust_cookie_consent,
    newsroom_logo: imagePayload(newsroom.newsroom_logo, mediaRoot, origin),
    icon: imagePayload(newsroom.icon, mediaRoot, origin),
    square_logo: imagePayload(newsroom.square_logo, mediaRoot, origin),
    thumbnail_url: thumbnail?.cdnUrl ?? null,
  };
}

export function companyInformationJson(company: CompanyInformation | null) {
  if (!company) return null;
  return {
    name: company.name,
    about: company.about,
    about_plaintext: company.about_plaintext,
    address: company.address,
    phone: company.phone,
    email: company.email,
    website: company.website,
    ...Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, company.social[network] ?? null])),
    seo_settings: {
      meta_title: company.seo_settings.meta_title ?? null,
      default_meta_title: company.seo_settings.default_meta_title ?? null,
      meta_description: company.seo_settings.meta_description ?? null,
      default_meta_description: company.seo_settings.default_meta_description ?? null,
    },
    custom_data_request_link: company.custom_data_request_link,
  };
}

/**
 * A language: `locale {name, native_name, language_code}` (English name, own name, ISO 639
 * language), its company information, and its `notifications` (the notices its pages show above
 * the header, from `company/index.{locale}.yaml`).
 */
export function languageJson(language: Language, company: CompanyInformation | null) {
  const tag = toBcp47(language.code);
  return {
    code: language.code,
    is_default: language.is_default,
    public_stories_count: language.public_stories_count,
    locale: { name: languageNames('en').of(tag) ?? language.code, native_name: nativeLanguageName(language.code), language_code: tag.split('-')[0]! },
    company_information: companyInformationJson(company),
    notifications: (company?.notifications ?? []).map(({ style, title, description, actions }) => ({ style, title, description, actions: actions.map(({ name, target }) => ({ name, target })) })),
  };
}

/** A category in a page's language (`name`, `slug`, `display_name`), with every translation. */
export function categoryJson(category: Category, locale: string) {
  return {
    id: category.id,
    name: category.i18n[locale]?.name ?? category.key,
    slug: category.i18n[locale]?.slug ?? null,
    display_name: categoryDisplayName(category, locale),
    i18n: category.i18n,
  };
}

/** A gallery; `thumbnail_image` is the JSON string of its cover payload, as the spec has it. */
export function galleryJson(gallery: Gallery, url: string, mediaRoot: string, origin: string) {
  return {
    uuid: gallery.uuid,
    url,
    title: gallery.title,
    description: gallery.description,
    images: gallery.images.map((image) => imagePayload(image, mediaRoot, origin)),
    images_number: gallery.images_number,
    videos_number: gallery.videos_number,
    videos: gallery.videos.map((video) => ({ url: video.url, title: video.title })),
    thumbnail_image: gallery.thumbnail_image ? JSON.stringify(gallery.thumbnail_image) : null,
    uploadcare_image: imagePayload(gallery.thumbnail_image, mediaRoot, origin),
  };
}
