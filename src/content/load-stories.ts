/**
 * The stories of a content folder (`stories/{translation group}/index.{locale}.md`, folder-layout.ts): front matter checked,
 * slugs and uuids unique, references to categories, contacts, galleries and media resolved, and the
 * body rendered once (src/content/markdown.ts) with labels in the story's own language.
 */
import type { BundleStory, ContentBundle } from '#src/domain/content-bundle';
import type { StoredFilePayload } from '#src/domain/media-payload';
import { releaseState, stateProblem } from '#src/domain/publishing';
import { galleryReleasedBeforeStory, galleryShownTooEarly, type GalleryShownTooEarly } from '#src/domain/gallery';
import { isPubliclyVisible, toEpochSeconds } from '#src/domain/story';
import { looksLikeLocale } from '#src/i18n/locales';
import { resolveRights, storyCover, type RightsInput } from '#src/domain/image-rights';
import type { UrlContext } from '#src/i18n/urls';
import { bodyContact, bodyGallery, bodyLabels } from './body-context';
import { renderStoryBody } from './markdown';
import { bodyToMarkdown } from './html-to-markdown';
import type { FolderReader } from './folder-reader';
import { ENTRY_LAYOUTS, classifyEntryFileName, entryDirectory, entryExtension, entryFile } from './folder-layout';
import type { MediaAddressing } from './media-addressing';
import { StoryFrontMatterSchema, fieldPath, type ContentProblem } from './schema';

/** Paths a story slug may not take: stories live at the root, beside these. */
const RESERVED_SLUGS = new Set(['api', 'assets', 'atom', 'category', 'cookie-policy', 'feed', 'healthz', 'index', 'media', 'newsroom', 'oembed', 'privacy-policy', 'robots', 'rss', 'search', 'sitemap', 'tag']);

/** What stories refer to, as the rest of the folder gave it. */
export interface StoryReferences {
  /** Records a problem when `code` is not one of newsroom.yaml's languages. */
  readonly knownLocale: (file: string, field: string, code: string) => void;
  /** null when categories.yaml itself is broken: references to it are then not judged again. */
  readonly categoryKeys: ReadonlySet<string> | null;
  readonly contacts: ContentBundle['contacts'];
  /** false when contacts.yaml itself is broken. */
  readonly contactsChecked: boolean;
  readonly galleries: ContentBundle['galleries'];
  /** Galleries whose own file is broken: references to them are not reported a second time. */
  readonly brokenGalleries: ReadonlySet<string>;
  readonly urlContext: UrlContext;
  /** The credit and licence of every image that names none of its own. */
  readonly imageDefaults: RightsInput;
  /** The newsroom's origin: site paths in a body's Markdown become absolute on it. */
  readonly origin: string;
  readonly addressing: MediaAddressing;
  /** The import's time (epoch seconds): a story whose release time has passed is live. */
  readonly now: number;
}

export function loadStories(reader: FolderReader, problems: ContentProblem[], references: StoryReferences): BundleStory[] {
  const { knownLocale, categoryKeys, contacts, contactsChecked, galleries, brokenGalleries, urlContext, imageDefaults, origin, addressing, now } = references;
  const stories: BundleStory[] = [];
  const storySlugs = new Map<string, string>();
  const storyUuids = new Set<string>();
  /** Galleries already refused for being released before a story that shows them. */
  const galleriesHeldBack = new Set<string>();
  for (const group of reader.directories(ENTRY_LAYOUTS.stories.folder)) {
    const directory = entryDirectory('stories', group);
    for (const name of reader.files(directory, entryExtension('stories'))) {
      const file = `${directory}/${name}`;
      const fileName = classifyEntryFileName('stories', name);
      if (fileName.kind !== 'language') {
        // Old-layout names never get here: the whole folder is refused first (src/content/old-layout.ts).
        problems.push({ file, field: '(file name)', message: `is not a story language file: name it ${fileName.kind === 'unknown' ? fileName.expected : fileName.newName}` });
        continue;
      }
      const { locale } = fileName;
      knownLocale(file, '(file name)', locale);
      const markdown = reader.markdown(StoryFrontMatterSchema, file);
      if (!markdown) continue;
      const { front } = markdown;
      if (RESERVED_SLUGS.has(front.slug) || looksLikeLocale(front.slug)) {
        problems.push({ file, field: 'slug', message: `"${front.slug}" is reserved (it looks like a locale code or a site path)` });
      }
      const refusedState = stateProblem(front);
      if (refusedState) problems.push({ file, field: 'visibility', message: refusedState });
      const other = storySlugs.get(front.slug);
      if (other) problems.push({ file, field: 'slug', message: `"${front.slug}" is already used by ${other}` });
      storySlugs.set(front.slug, file);
      // A story's identity, which its secret link, alerts and go-live record belong to: written in
      // its file, never derived from where the file is (a new story in an old folder is new).
      const uuid = front.uuid;
      if (!uuid) problems.push({ file, field: 'uuid', message: `required (the story's identity; a new story takes a new one, e.g. uuid: ${crypto.randomUUID()})` });
      else if (storyUuids.has(uuid)) problems.push({ file, field: 'uuid', message: `uuid ${uuid} is used by another story` });
      if (uuid) storyUuids.add(uuid);
      front.categories.forEach((key, index) => {
        if (categoryKeys && !categoryKeys.has(key)) problems.push({ file, field: fieldPath('categories', index), message: `category "${key}" not found in categories.yaml` });
      });
      front.contacts.forEach((key, index) => {
        if (contactsChecked && !contacts.some((contact) => contact.key === key)) problems.push({ file, field: fieldPath('contacts', index), message: `contact "${key}" not found in contacts.yaml` });
      });
      const cover = reader.imageRef(file, 'cover', front.cover);
      // Every file the story shows, in order and once: its "Download all" archive.
      const storyMedia = new Map<string, StoredFilePayload>();
      const used = <T extends StoredFilePayload | null>(payload: T): T => {
        if (payload) storyMedia.set(payload.uuid, payload);
        return payload;
      };
      used(cover);
      // The galleries the body shows, judged against the story's release once its state is known.
      const shownGalleries = new Map<string, ContentBundle['galleries'][number]>();
      const body = renderStoryBody(markdown.body, {
        image: (path) => used(reader.imageRef(file, 'body', path)),
        file: (path) => used(reader.fileRef(file, 'body', path)),
        gallery: (key) => {
          const gallery = galleries.find((candidate) => candidate.key === key);
          if (!gallery && brokenGalleries.has(key)) return { title: key, href: '#', imagesLabel: '', thumbnails: [] };
          if (!gallery) return null;
          shownGalleries.set(gallery.key, gallery);
          return bodyGallery(gallery, locale, urlContext);
        },
        // With contacts.yaml itself broken, a reference cannot be judged: it is not reported again.
        contact: (key) => {
          const found = contacts.find((contact) => contact.key === key);
          if (found) return bodyContact(found, locale);
          return contactsChecked ? null : { name: key, description: '', email: null, phone: null };
        },
        ...addressing,
        label: bodyLabels(locale),
        rights: (own) => resolveRights(own, imageDefaults),
        problem: (field, message) => problems.push({ file, field, message }),
      });
      const publishedAt = toEpochSeconds(front.published_at);
      const state = releaseState({ status: front.status, visibility: front.visibility, published_at: publishedAt }, now);
      for (const gallery of shownGalleries.values()) {
        const tooEarly = galleryShownTooEarly(state, gallery);
        if (tooEarly) problems.push({ file, field: 'body', message: galleryTooEarlyMessage(tooEarly, gallery, publishedAt) });
        // Once per gallery: every translation of the story shows it.
        if (galleryReleasedBeforeStory(state, gallery) && !galleriesHeldBack.has(gallery.key)) {
          galleriesHeldBack.add(gallery.key);
          problems.push({
            file: entryFile('galleries', gallery.key),
            field: 'published_at',
            message: `${utcMinute(gallery.published_at)} releases this gallery before ${file}, which shows it, goes live (${utcMinute(publishedAt)}): its photos would be public while the story is under embargo; give the gallery the story's release time`,
          });
        }
      }
      if (!uuid) continue;
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
        cover: cover && storyCover(cover, front.cover_caption, { credit: front.cover_credit, licence: front.cover_licence }, imageDefaults),
        is_pinned: front.pinned,
        is_public: isPubliclyVisible(state),
        notify: front.notify,
        media_files: [...storyMedia.values()],
        contact_keys: [...new Set(front.contacts)],
        seo_settings: front.seo_settings,
        tags: front.tags,
        body_html: body.html,
        body_markdown: bodyToMarkdown(body.html, { origin, mediaRoot: addressing.cdnRoot }),
        body_text: body.text,
        sections: body.sections,
        category_keys: front.categories,
      });
    }
  }
  return stories;
}

const utcMinute = (seconds: number) => `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The import's words for a gallery a story would show before the gallery's release. */
function galleryTooEarlyMessage(reason: GalleryShownTooEarly, gallery: { key: string; published_at: number }, storyReleasedAt: number): string {
  const gallerySays = `gallery "${gallery.key}" is not released until ${utcMinute(gallery.published_at)}`;
  return reason === 'story-is-public'
    ? `${gallerySays}: a public story cannot show it`
    : `${gallerySays}, after this story goes live (${utcMinute(storyReleasedAt)}): release the gallery no later than the story`;
}
