/**
 * Reads a content folder (docs/content-format.md) into a validated, rendered ContentBundle
 * (src/domain/content-bundle.ts).
 *
 * Every file is checked and every problem collected before anything is written, so one run
 * reports all mistakes at once as `file: field: message`. The bundle is plain data; writing it to
 * D1 is src/platform/d1/import-statements.ts's job.
 */
import type { BundleNewsroom, BundleStory, ContentBundle } from '#src/domain/content-bundle';
import type { StoredImagePayload } from '#src/domain/media-payload';
import { toEpochSeconds } from '#src/domain/story';
import { isGalleryReleased } from '#src/domain/gallery';
import { withRights } from '#src/domain/image-rights';
import { renderPlainMarkdown } from './markdown';
import { createFolderReader } from './folder-reader';
import { ENTRY_LAYOUTS, SINGLE_FILES, classifyEntryFileName, entryDirectory, entryExtension, entryFile, entryKey } from './folder-layout';
import { findOldLayoutFiles, oldLayoutProblems } from './old-layout';
import { contentFingerprints, contentHash } from './fingerprints';
import { loadPolicies } from './load-policies';
import { loadStories } from './load-stories';
import type { MediaAddressing } from './media-addressing';
import type { UploadcareFiles } from './uploadcare-files';
import {
  CategoriesFileSchema,
  CompanyFileSchema,
  ContactsFileSchema,
  GalleryFileSchema,
  NewsroomFileSchema,
  fieldPath,
  type ContentProblem,
  type NewsroomFile,
} from './schema';

// The bundle's newsroom is spelled out in domain/ (platform/ reads it without importing content/):
// a field newsroom.yaml's schema gains and the bundle lacks fails to compile here.
type NewsroomFields = Omit<NewsroomFile, 'logo' | 'icon' | 'square_logo' | 'thumbnail' | 'languages'>;
const _everyNewsroomField: Record<Exclude<keyof NewsroomFields, keyof BundleNewsroom>, never> = {};

export type LoadResult =
  | { ok: true; bundle: ContentBundle }
  /** `unknownUploadcareFiles`: uuids of files named by CDN address that `uploadcareFiles` had no answer for. */
  | { ok: false; problems: ContentProblem[]; unknownUploadcareFiles: string[] };

export interface LoadOptions {
  readonly addressing: MediaAddressing;
  /** Uploadcare uuids already assigned to files, by sha256 (from a previous `--upload`). */
  readonly knownUuids?: ReadonlyMap<string, string>;
  /** What Uploadcare said about the files named by CDN address (./uploadcare-files.ts), by uuid. */
  readonly uploadcareFiles?: UploadcareFiles;
  /**
   * The import's time (epoch seconds, default now): a scheduled or embargoed story whose release
   * time has passed is imported published and public, so the folder need not be edited afterwards;
   * a gallery dated after it is imported unreleased (the minute cron releases it).
   */
  readonly now?: number;
}

export function loadContentFolder(dir: string, options: LoadOptions): LoadResult {
  const problems: ContentProblem[] = [];
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const reader = createFolderReader(dir, problems, options.knownUuids, options.uploadcareFiles);
  const { checkYaml, imageRef } = reader;
  const { newsroom: NEWSROOM, categories: CATEGORIES, contacts: CONTACTS } = SINGLE_FILES;

  // A folder in the layout before the editor is refused as a whole, one message per file to move.
  const oldLayout = findOldLayoutFiles(reader);
  const refused = (found: ContentProblem[]): LoadResult => ({ ok: false, problems: found, unknownUploadcareFiles: [...reader.unknownUploadcareFiles] });
  if (oldLayout.length > 0) return refused([...problems, ...oldLayoutProblems(oldLayout, dir)]);

  // Newsroom and languages first: every other file is checked against them.
  const newsroomFile = checkYaml(NewsroomFileSchema, NEWSROOM);
  if (!newsroomFile) return refused(problems);
  const languageCodes = newsroomFile.languages.map((language) => language.code);
  const defaultLocale = (newsroomFile.languages.find((language) => language.is_default) ?? newsroomFile.languages[0])!.code;
  const urlContext = { defaultLocale };
  const imageDefaults = { credit: newsroomFile.image_credit, licence: newsroomFile.image_licence };
  const knownLocale = (file: string, field: string, code: string) => {
    if (!languageCodes.includes(code)) problems.push({ file, field, message: `language "${code}" is not listed in ${NEWSROOM}` });
  };

  const { logo, icon, square_logo, thumbnail, languages: _languages, ...newsroomFields } = newsroomFile;
  const newsroom: ContentBundle['newsroom'] = {
    ...newsroomFields,
    newsroom_logo: imageRef(NEWSROOM, 'logo', logo),
    icon: imageRef(NEWSROOM, 'icon', icon),
    square_logo: imageRef(NEWSROOM, 'square_logo', square_logo),
    thumbnail: imageRef(NEWSROOM, 'thumbnail', thumbnail),
  };

  const companies: ContentBundle['companies'] = [];
  for (const locale of languageCodes) {
    const file = entryFile('company', '', locale);
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
  for (const extra of reader.files(entryDirectory('company'), entryExtension('company'))) {
    const name = classifyEntryFileName('company', extra);
    const file = `${entryDirectory('company')}/${extra}`;
    if (name.kind === 'unknown') problems.push({ file, field: '(file name)', message: `is not a company page: name it ${name.expected}` });
    else if (!languageCodes.includes(name.locale)) problems.push({ file, field: '(file name)', message: `language "${name.locale}" is not listed in ${NEWSROOM}` });
  }

  // When a file of references is itself broken, references to it are not checked: one mistake
  // is reported once, not again in every story that uses a category.
  const categoriesChecked = checkYaml(CategoriesFileSchema, CATEGORIES);
  const categoriesFile = categoriesChecked ?? [];
  const categoryKeys = new Set<string>();
  const categorySlugs = new Set<string>();
  categoriesFile.forEach((category, index) => {
    if (categoryKeys.has(category.key)) problems.push({ file: CATEGORIES, field: fieldPath(index, 'key'), message: `duplicate key "${category.key}"` });
    categoryKeys.add(category.key);
    for (const [locale, translation] of Object.entries(category.i18n)) {
      knownLocale(CATEGORIES, fieldPath(index, 'i18n', locale), locale);
      const slugKey = `${locale}/${translation.slug}`;
      if (categorySlugs.has(slugKey)) problems.push({ file: CATEGORIES, field: fieldPath(index, 'i18n', locale, 'slug'), message: `slug "${translation.slug}" is used twice in ${locale}` });
      categorySlugs.add(slugKey);
    }
  });

  const categoryImages = new Map(categoriesFile.map((category, index) => [category.key, imageRef(CATEGORIES, fieldPath(index, 'image'), category.image)]));
  const policies = loadPolicies(reader, languageCodes, problems);

  const contactsChecked = checkYaml(ContactsFileSchema, CONTACTS);
  const contactsFile = contactsChecked ?? [];
  const contacts: ContentBundle['contacts'] = contactsFile.map((contact, index) => {
    contact.locales.forEach((locale, i) => knownLocale(CONTACTS, fieldPath(index, 'locales', i), locale));
    contact.responsible_for?.languages.forEach((locale, i) => knownLocale(CONTACTS, fieldPath(index, 'responsible_for', 'languages', i), locale));
    return {
      key: contact.key,
      name: contact.name,
      description: contact.description,
      company: contact.company,
      email: contact.email ?? null,
      phone: contact.phone ?? null,
      mobile: contact.mobile ?? null,
      website: contact.website ?? null,
      avatar: imageRef(CONTACTS, fieldPath(index, 'avatar'), contact.avatar),
      locales: contact.locales,
      ...(contact.responsible_for ? { responsible_for: { languages: contact.responsible_for.languages, categories: contact.responsible_for.categories } } : {}),
    };
  });

  const galleries: ContentBundle['galleries'] = [];
  // Galleries whose own file is broken: references to them are not reported a second time.
  const brokenGalleries = new Set<string>();
  for (const name of reader.files(ENTRY_LAYOUTS.galleries.folder, entryExtension('galleries'))) {
    const file = entryFile('galleries', entryKey('galleries', name));
    const gallery = checkYaml(GalleryFileSchema, file);
    if (!gallery) {
      brokenGalleries.add(entryKey('galleries', name));
      continue;
    }
    const images = gallery.images
      .map((image, index) => {
        const payload = imageRef(file, fieldPath('images', index, 'file'), image.file);
        if (!payload) return null;
        return withRights(image.caption ? { ...payload, 'prezly:data': { caption: image.caption } } : payload, image, imageDefaults);
      })
      .filter((image): image is StoredImagePayload => image !== null);
    const sameUuid = galleries.find((other) => other.uuid === gallery.uuid);
    if (sameUuid) problems.push({ file, field: 'uuid', message: `uuid ${gallery.uuid} is used by ${entryFile('galleries', sameUuid.key)}` });
    const publishedAt = toEpochSeconds(gallery.published_at);
    galleries.push({
      key: entryKey('galleries', name),
      uuid: gallery.uuid,
      title: gallery.title,
      description: gallery.description,
      published_at: publishedAt,
      is_public: isGalleryReleased({ published_at: publishedAt }, now),
      thumbnail_image: images[0] ?? null,
      images,
      videos: gallery.videos.map((video, index) => ({ url: video.url, title: video.title, thumbnail: imageRef(file, fieldPath('videos', index, 'thumbnail'), video.thumbnail) })),
    });
  }

  const stories = loadStories(reader, problems, {
    knownLocale,
    categoryKeys: categoriesChecked ? categoryKeys : null,
    contacts,
    contactsChecked: contactsChecked !== null,
    galleries,
    brokenGalleries,
    urlContext,
    imageDefaults,
    origin: newsroomFile.url,
    addressing: options.addressing,
    now,
  });

  if (problems.length > 0) return refused(problems);

  const publicCount = (predicate: (story: BundleStory) => boolean) => stories.filter((story) => story.is_public && predicate(story)).length;
  const content: Omit<ContentBundle, 'hash' | 'fingerprints'> = {
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
    media: [...reader.media.values()].sort((a, b) => a.path.localeCompare(b.path)),
  };
  // The fingerprints are derived from the content: the hash of the content alone covers them.
  return { ok: true, bundle: { ...content, fingerprints: contentFingerprints(content), hash: contentHash(content) } };
}
