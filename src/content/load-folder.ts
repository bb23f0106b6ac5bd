/**
 * Reads a content folder (docs/content-format.md) into a validated, rendered ContentBundle.
 *
 * Every file is checked and every problem collected before anything is written, so one run
 * reports all mistakes at once as `file: field: message`. The bundle is plain data; writing it to
 * D1 is src/platform/d1/import-statements.ts's job.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import type { StoredFilePayload, StoredImagePayload } from '#src/domain/media-payload';
import type { NewsroomNotification } from '#src/domain/newsroom';
import type { PolicyPage } from '#src/domain/policy';
import { releaseState } from '#src/domain/publishing';
import { isPubliclyVisible, toEpochSeconds, type StorySection } from '#src/domain/story';
import { looksLikeLocale } from '#src/i18n/locales';
import { formatMessage, formatSize, messagesFor } from '#src/i18n/translate';
import { FORMAT_LABELS } from '#src/domain/attachment';
import { resolveRights, withRights } from '#src/domain/image-rights';
import { urls } from '#src/i18n/urls';
import { renderPlainMarkdown, renderStoryBody, type GifVideoAttributes, type ImageAttributes } from './markdown';
import { bodyToMarkdown } from './html-to-markdown';
import { readMarkdownFile } from './front-matter';
import { loadPolicies } from './load-policies';
import { isImagePayload, readMediaFile, uuidFromHash, type MediaFile } from './media-files';
import {
  CategoriesFileSchema,
  CompanyFileSchema,
  ContactsFileSchema,
  GalleryFileSchema,
  NewsroomFileSchema,
  StoryFrontMatterSchema,
  check,
  fieldPath,
  type ContentProblem,
  type NewsroomFile,
} from './schema';

/** How media addresses are made: by the media model, with the CDN root of this import. */
export interface MediaAddressing {
  /** The root media addresses start with (the body's placeholder, replaced by the worker). */
  readonly cdnRoot: string;
  imageAttributes(image: StoredImagePayload, layoutWidth: number, sizes: string): ImageAttributes;
  originalUrl(image: StoredImagePayload): string;
  downloadUrl(file: StoredFilePayload): string;
  gifVideo(image: StoredImagePayload): GifVideoAttributes;
}

/** Paths a story slug may not take: stories live at the root, beside these. */
const RESERVED_SLUGS = new Set(['api', 'assets', 'atom', 'category', 'cookie-policy', 'feed', 'healthz', 'index', 'media', 'newsroom', 'oembed', 'privacy-policy', 'robots', 'rss', 'search', 'sitemap', 'tag']);

export interface BundleStory {
  uuid: string;
  translation_group: string;
  locale: string;
  slug: string;
  title: string;
  subtitle: string;
  summary: string;
  status: string;
  visibility: string;
  published_at: number;
  updated_at: number;
  author_name: string | null;
  author_email: string | null;
  cover: StoredImagePayload | null;
  is_pinned: boolean;
  is_public: boolean;
  /** Alert subscribers when the story goes live. */
  notify: boolean;
  /** The files the story shows (cover, body images, attachments), once each. */
  media_files: StoredFilePayload[];
  /** Its own press contacts, as contacts.yaml keys. */
  contact_keys: string[];
  seo_settings: Record<string, unknown>;
  tags: string[];
  body_html: string;
  /** The body as Markdown (src/content/html-to-markdown.ts), for the Markdown alternates. */
  body_markdown: string;
  body_text: string;
  sections: StorySection[];
  category_keys: string[];
}

export interface ContentBundle {
  newsroom: Omit<NewsroomFile, 'logo' | 'icon' | 'square_logo' | 'thumbnail' | 'languages'> & {
    newsroom_logo: StoredImagePayload | null;
    icon: StoredImagePayload | null;
    square_logo: StoredImagePayload | null;
    thumbnail: StoredImagePayload | null;
  };
  languages: { code: string; is_default: boolean; public_stories_count: number }[];
  companies: {
    locale: string;
    name: string;
    about_html: string;
    about_plaintext: string;
    address: string | null;
    phone: string | null;
    email: string | null;
    website: string | null;
    social: Record<string, string>;
    seo_settings: Record<string, unknown>;
    custom_data_request_link: string | null;
    notifications: NewsroomNotification[];
    privacy_policy_url: string | null;
    cookie_policy_url: string | null;
  }[];
  categories: {
    key: string;
    i18n: Record<string, { name: string; slug: string; description: string; public_stories_count: number }>;
    featured: boolean;
    image: StoredImagePayload | null;
  }[];
  policies: PolicyPage[];
  contacts: {
    key: string;
    name: string;
    description: string;
    company: string;
    email: string | null;
    phone: string | null;
    mobile: string | null;
    website: string | null;
    avatar: StoredImagePayload | null;
    locales: string[];
  }[];
  galleries: {
    key: string;
    uuid: string;
    title: string;
    description: string;
    published_at: number;
    thumbnail_image: StoredImagePayload | null;
    images: StoredImagePayload[];
    videos: { url: string; title: string; thumbnail: StoredImagePayload | null }[];
  }[];
  stories: BundleStory[];
  media: MediaFile[];
  /** Hash of everything above: an import of an unchanged folder writes nothing. */
  hash: string;
}

export type LoadResult = { ok: true; bundle: ContentBundle } | { ok: false; problems: ContentProblem[] };

export interface LoadOptions {
  readonly addressing: MediaAddressing;
  /** Uploadcare uuids already assigned to files, by sha256 (from a previous `--upload`). */
  readonly knownUuids?: ReadonlyMap<string, string>;
  /**
   * The import's time (epoch seconds, default now): a scheduled or embargoed story whose release
   * time has passed is imported published and public, so the folder need not be edited afterwards.
   */
  readonly now?: number;
}

export function loadContentFolder(dir: string, options: LoadOptions): LoadResult {
  const problems: ContentProblem[] = [];
  const media = new Map<string, MediaFile>();
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const mediaDir = join(dir, 'media');

  // A file that is missing or not YAML is reported once, here; its schema is then not checked.
  const UNREADABLE = Symbol('unreadable');
  const readYaml = (file: string): unknown => {
    const path = join(dir, file);
    if (!existsSync(path)) {
      problems.push({ file, field: '', message: 'file is missing' });
      return UNREADABLE;
    }
    try {
      return YAML.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      problems.push({ file, field: '', message: `not valid YAML: ${(error as Error).message.split('\n')[0]}` });
      return UNREADABLE;
    }
  };
  const checkYaml = <T,>(schema: Parameters<typeof check<T>>[0], file: string): T | null => {
    const data = readYaml(file);
    return data === UNREADABLE ? null : check(schema, data, file, problems);
  };

  const mediaRef = (file: string, field: string, path: string | null | undefined): MediaFile | null => {
    if (!path) return null;
    const cached = media.get(path);
    if (cached) return cached;
    try {
      const loaded = readMediaFile(mediaDir, path, options.knownUuids);
      media.set(path, loaded);
      return loaded;
    } catch (error) {
      problems.push({ file, field, message: (error as Error).message });
      return null;
    }
  };
  const imageRef = (file: string, field: string, path: string | null | undefined): StoredImagePayload | null => {
    const found = mediaRef(file, field, path);
    if (!found) return null;
    if (!isImagePayload(found.payload)) {
      problems.push({ file, field, message: `media file "${path}" is not an image` });
      return null;
    }
    return found.payload;
  };

  // Newsroom and languages first: every other file is checked against them.
  const newsroomFile = checkYaml(NewsroomFileSchema, 'newsroom.yaml');
  if (!newsroomFile) return { ok: false, problems };
  const languageCodes = newsroomFile.languages.map((language) => language.code);
  const defaultLocale = (newsroomFile.languages.find((language) => language.is_default) ?? newsroomFile.languages[0])!.code;
  const urlContext = { defaultLocale };
  const imageDefaults = { credit: newsroomFile.image_credit, licence: newsroomFile.image_licence };
  const knownLocale = (file: string, field: string, code: string) => {
    if (!languageCodes.includes(code)) problems.push({ file, field, message: `language "${code}" is not listed in newsroom.yaml` });
  };

  const { logo, icon, square_logo, thumbnail, languages: _languages, ...newsroomFields } = newsroomFile;
  const newsroom: ContentBundle['newsroom'] = {
    ...newsroomFields,
    newsroom_logo: imageRef('newsroom.yaml', 'logo', logo),
    icon: imageRef('newsroom.yaml', 'icon', icon),
    square_logo: imageRef('newsroom.yaml', 'square_logo', square_logo),
    thumbnail: imageRef('newsroom.yaml', 'thumbnail', thumbnail),
  };

  const companies: ContentBundle['companies'] = [];
  for (const locale of languageCodes) {
    const file = `company/${locale}.yaml`;
    const company = checkYaml(CompanyFileSchema, file);
    if (!company) continue;
    const about = renderPlainMarkdown(company.about);
    companies.push({
      locale,
      name: company.name,
      about_html: about.html,
      about_plaintext: about.text,
      address: company.address ?? null,
      phone: company.phone ?? null,
      email: company.email ?? null,
      website: company.website ?? null,
      social: company.social as Record<string, string>,
      seo_settings: company.seo_settings,
      custom_data_request_link: company.custom_data_request_link ?? null,
      notifications: company.notifications,
      privacy_policy_url: company.privacy_policy_url ?? null,
      cookie_policy_url: company.cookie_policy_url ?? null,
    });
  }
  for (const extra of listFiles(join(dir, 'company'), '.yaml')) {
    const locale = extra.replace(/\.yaml$/, '');
    if (!languageCodes.includes(locale)) problems.push({ file: `company/${extra}`, field: '', message: `language "${locale}" is not listed in newsroom.yaml` });
  }

  // When a file of references is itself broken, references to it are not checked: one mistake
  // is reported once, not again in every story that uses a category.
  const categoriesChecked = checkYaml(CategoriesFileSchema, 'categories.yaml');
  const categoriesFile = categoriesChecked ?? [];
  const categoryKeys = new Set<string>();
  const categorySlugs = new Set<string>();
  categoriesFile.forEach((category, index) => {
    if (categoryKeys.has(category.key)) problems.push({ file: 'categories.yaml', field: fieldPath(index, 'key'), message: `duplicate key "${category.key}"` });
    categoryKeys.add(category.key);
    for (const [locale, translation] of Object.entries(category.i18n)) {
      knownLocale('categories.yaml', fieldPath(index, 'i18n', locale), locale);
      const slugKey = `${locale}/${translation.slug}`;
      if (categorySlugs.has(slugKey)) problems.push({ file: 'categories.yaml', field: fieldPath(index, 'i18n', locale, 'slug'), message: `slug "${translation.slug}" is used twice in ${locale}` });
      categorySlugs.add(slugKey);
    }
  });

  const categoryImages = new Map(categoriesFile.map((category, index) => [category.key, imageRef('categories.yaml', fieldPath(index, 'image'), category.image)]));
  const policies = loadPolicies(dir, languageCodes, problems);

  const contactsChecked = checkYaml(ContactsFileSchema, 'contacts.yaml');
  const contactsFile = contactsChecked ?? [];
  const contacts: ContentBundle['contacts'] = contactsFile.map((contact, index) => {
    contact.locales.forEach((locale, i) => knownLocale('contacts.yaml', fieldPath(index, 'locales', i), locale));
    return {
      key: contact.key,
      name: contact.name,
      description: contact.description,
      company: contact.company,
      email: contact.email ?? null,
      phone: contact.phone ?? null,
      mobile: contact.mobile ?? null,
      website: contact.website ?? null,
      avatar: imageRef('contacts.yaml', fieldPath(index, 'avatar'), contact.avatar),
      locales: contact.locales,
    };
  });

  const galleries: ContentBundle['galleries'] = [];
  // Galleries whose own file is broken: references to them are not reported a second time.
  const brokenGalleries = new Set<string>();
  for (const name of listFiles(join(dir, 'galleries'), '.yaml')) {
    const file = `galleries/${name}`;
    const gallery = checkYaml(GalleryFileSchema, file);
    if (!gallery) {
      brokenGalleries.add(name.replace(/\.yaml$/, ''));
      continue;
    }
    const images = gallery.images
      .map((image, index) => {
        const payload = imageRef(file, fieldPath('images', index, 'file'), image.file);
        if (!payload) return null;
        return withRights(image.caption ? { ...payload, 'prezly:data': { caption: image.caption } } : payload, image, imageDefaults);
      })
      .filter((image): image is StoredImagePayload => image !== null);
    galleries.push({
      key: name.replace(/\.yaml$/, ''),
      uuid: gallery.uuid,
      title: gallery.title,
      description: gallery.description,
      published_at: toEpochSeconds(gallery.published_at),
      thumbnail_image: images[0] ?? null,
      images,
      videos: gallery.videos.map((video, index) => ({ url: video.url, title: video.title, thumbnail: imageRef(file, fieldPath('videos', index, 'thumbnail'), video.thumbnail) })),
    });
  }

  const stories: BundleStory[] = [];
  const storySlugs = new Map<string, string>();
  const storyUuids = new Set<string>();
  for (const group of listDirectories(join(dir, 'stories'))) {
    for (const name of listFiles(join(dir, 'stories', group), '.md')) {
      const file = `stories/${group}/${name}`;
      const locale = name.replace(/\.md$/, '');
      knownLocale(file, '(file name)', locale);
      const markdown = readMarkdownFile(dir, file, StoryFrontMatterSchema, problems);
      if (!markdown) continue;
      const { front } = markdown;
      if (RESERVED_SLUGS.has(front.slug) || looksLikeLocale(front.slug)) {
        problems.push({ file, field: 'slug', message: `"${front.slug}" is reserved (it looks like a locale code or a site path)` });
      }
      const other = storySlugs.get(front.slug);
      if (other) problems.push({ file, field: 'slug', message: `"${front.slug}" is already used by ${other}` });
      storySlugs.set(front.slug, file);
      const uuid = front.uuid ?? uuidFromHash(createHash('sha256').update(`story:${group}:${locale}`).digest('hex'));
      if (storyUuids.has(uuid)) problems.push({ file, field: 'uuid', message: `uuid ${uuid} is used by another story` });
      storyUuids.add(uuid);
      front.categories.forEach((key, index) => {
        if (categoriesChecked && !categoryKeys.has(key)) problems.push({ file, field: fieldPath('categories', index), message: `category "${key}" not found in categories.yaml` });
      });
      front.contacts.forEach((key, index) => {
        if (contactsChecked && !contacts.some((contact) => contact.key === key)) problems.push({ file, field: fieldPath('contacts', index), message: `contact "${key}" not found in contacts.yaml` });
      });
      const messages = messagesFor(locale);
      const cover = imageRef(file, 'cover', front.cover);
      // Every file the story shows, in order and once: its "Download all" archive.
      const storyMedia = new Map<string, StoredFilePayload>();
      const used = <T extends StoredFilePayload | null>(payload: T): T => {
        if (payload) storyMedia.set(payload.uuid, payload);
        return payload;
      };
      used(cover);
      const body = renderStoryBody(markdown.body, {
        image: (path) => used(imageRef(file, 'body', path)),
        file: (path) => used(mediaRef(file, 'body', path)?.payload ?? null),
        gallery: (key) => {
          const gallery = galleries.find((candidate) => candidate.key === key);
          if (!gallery && brokenGalleries.has(key)) return { title: key, href: '#', imagesLabel: '', thumbnails: [] };
          if (!gallery) return null;
          return {
            title: gallery.title,
            href: urls.gallery(urlContext, locale, gallery.uuid),
            imagesLabel: formatMessage(locale, messages, 'story.images_count', { count: gallery.images.length }),
            thumbnails: gallery.images,
          };
        },
        // With contacts.yaml itself broken, a reference cannot be judged: it is not reported again.
        contact: (key) => {
          const found = contacts.find((contact) => contact.key === key);
          if (found) return { ...found, vcard: { href: urls.contactCard(key), label: formatMessage(locale, messages, 'contacts.vcard', { name: found.name }) } };
          return contactsChecked ? null : { name: key, description: '', email: null, phone: null };
        },
        ...options.addressing,
        label: {
          download: (name) => formatMessage(locale, messages, 'story.attachment_download', { name }),
          attachmentMeta: (kind, bytes) => `${FORMAT_LABELS[kind] ?? formatMessage(locale, messages, `attachment.kind.${kind as 'image' | 'video' | 'audio' | 'other'}`)} · ${formatSize(locale, bytes)}`,
          watchVideo: (title) => formatMessage(locale, messages, 'story.watch_video', { title }),
          videoNotice: (host) => formatMessage(locale, messages, 'video.notice', { host }),
          credit: (credit) => formatMessage(locale, messages, 'media.credit', { credit }),
          viewGallery: (title) => formatMessage(locale, messages, 'story.gallery_link', { title }),
        },
        rights: (own) => resolveRights(own, imageDefaults),
        problem: (field, message) => problems.push({ file, field, message }),
      });
      const publishedAt = toEpochSeconds(front.published_at);
      const state = releaseState({ status: front.status, visibility: front.visibility, published_at: publishedAt }, now);
      stories.push({
        uuid,
        translation_group: group,
        locale,
        slug: front.slug,
        title: front.title,
        subtitle: front.subtitle,
        summary: front.summary,
        status: state.status,
        visibility: state.visibility,
        published_at: publishedAt,
        updated_at: front.updated_at ? toEpochSeconds(front.updated_at) : publishedAt,
        author_name: front.author?.display_name ?? null,
        author_email: front.author?.email ?? null,
        cover: cover && withRights(front.cover_caption ? { ...cover, 'prezly:data': { caption: front.cover_caption } } : cover, { credit: front.cover_credit, licence: front.cover_licence }, imageDefaults),
        is_pinned: front.pinned,
        is_public: isPubliclyVisible(state),
        notify: front.notify,
        media_files: [...storyMedia.values()],
        contact_keys: [...new Set(front.contacts)],
        seo_settings: front.seo_settings,
        tags: front.tags,
        body_html: body.html,
        body_markdown: bodyToMarkdown(body.html, { origin: newsroomFile.url, mediaRoot: options.addressing.cdnRoot }),
        body_text: body.text,
        sections: body.sections,
        category_keys: front.categories,
      });
    }
  }

  if (problems.length > 0) return { ok: false, problems };

  const publicCount = (predicate: (story: BundleStory) => boolean) => stories.filter((story) => story.is_public && predicate(story)).length;
  const bundle: Omit<ContentBundle, 'hash'> = {
    newsroom,
    languages: newsroomFile.languages.map((language) => ({
      code: language.code,
      is_default: language.code === defaultLocale,
      public_stories_count: publicCount((story) => story.locale === language.code),
    })),
    companies,
    categories: categoriesFile.map((category) => ({
      key: category.key,
      i18n: Object.fromEntries(
        Object.entries(category.i18n).map(([locale, translation]) => [
          locale,
          { ...translation, public_stories_count: publicCount((story) => story.locale === locale && story.category_keys.includes(category.key)) },
        ]),
      ),
      featured: category.featured,
      image: categoryImages.get(category.key) ?? null,
    })),
    policies,
    contacts,
    galleries,
    stories,
    media: [...media.values()].sort((a, b) => a.path.localeCompare(b.path)),
  };
  const hash = createHash('sha256').update(JSON.stringify(bundle, (key, value) => (key === 'absolutePath' ? undefined : value))).digest('hex');
  return { ok: true, bundle: { ...bundle, hash } };
}

function listFiles(dir: string, extension: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(extension) && statSync(join(dir, name)).isFile())
    .sort();
}

function listDirectories(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort();
}

