/**
 * The editor's story preview, as data: a story file's fields as the editor holds them (one
 * language, saved or not) → the model the site's own story view renders (StoryArticleModel,
 * src/views/screens/story-page.tsx), its body through the import's Markdown pipeline
 * (src/content/markdown.ts) with a body context built from what the editor can see: its media
 * files, newsroom.yaml, categories.yaml, contacts.yaml and the galleries. Pure: the preview
 * template (./story-preview.tsx) reads those and hands them in.
 *
 * The preview shows the story as readers will read it, without what belongs to its page rather
 * than to the story: no share bar, no related stories, no links to translations or tag pages.
 * What the import would refuse (a media file that is not there, an unknown gallery or contact)
 * comes back as problems, in the import's words.
 */
import { bodyContact, bodyGallery, bodyLabels, type BodyContext } from '#src/content/body-context';
import { classifyEntryFileName, mediaPathOf } from '#src/content/folder-layout';
import { createMediaAddressing } from '#src/content/media-addressing';
import { isImagePayload } from '#src/content/media-payloads';
import { renderStoryBody } from '#src/content/markdown';
import { contactsByKeys, type Contact } from '#src/domain/contact';
import { resolveRights, storyCover, type RightsInput } from '#src/domain/image-rights';
import type { StoredFilePayload, StoredImagePayload } from '#src/domain/media-payload';
import { BODY_MEDIA_ROOT } from '#src/domain/media/payload-addresses';
import { isCdnReference } from '#src/domain/media/addresses';
import { STORY_STATUSES, STORY_VISIBILITIES, toEpochSeconds, type Story, type StoryCategoryRef } from '#src/domain/story';
import { distinctTags } from '#src/domain/tag';
import { LOGO_HEIGHT_MAX, LOGO_HEIGHT_MIN, THEME_COLOUR_FIELDS, THEME_COLOUR_PATTERN, themeContrastProblems, themeStylesheet, type NewsroomTheme } from '#src/domain/theme';
import { urls, type UrlContext } from '#src/i18n/urls';
import type { StoryArticleModel } from '#src/pages/story';

/**
 * The root of the preview's media addresses: the views and the body write addresses of the CDN's
 * shape under it (`{root}/{uuid}/…`), which withMediaUrls then points at the files the editor holds.
 */
export const PREVIEW_MEDIA_ROOT = BODY_MEDIA_ROOT;

/** A media file as the preview has it: still being read, read, or refused with the import's message (`missing`: not in media/). */
export type PreviewMedia =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly payload: StoredFilePayload }
  | { readonly state: 'refused'; readonly message: string; readonly missing?: boolean };

type Fields = Readonly<Record<string, unknown>>;

/** The other files of the folder, as the editor has them; null while they are being read. */
export interface PreviewSurroundings {
  /** newsroom.yaml. */
  readonly newsroom: Fields | null;
  /** categories.yaml's list. */
  readonly categories: readonly Fields[] | null;
  /** contacts.yaml's list. */
  readonly contacts: readonly Fields[] | null;
  /** galleries/<key>.yaml, by key. */
  readonly galleries: ReadonlyMap<string, Fields> | null;
}

export interface StoryPreviewInput {
  /** The story file's fields in this language, as the editor holds them. */
  readonly data: Fields;
  readonly locale: string;
  readonly surroundings: PreviewSurroundings;
  /** A media file by its path inside media/. */
  readonly media: (path: string) => PreviewMedia;
  /** Now (epoch seconds): the date a story without one yet is shown with. */
  readonly now: number;
}

export interface StoryPreview {
  readonly model: StoryArticleModel;
  /** The newsroom's time zone, dates are shown in. */
  readonly timeZone: string;
  /** The newsroom's theme stylesheet (newsroom.yaml `theme:`); null without one, or with one the import would refuse. */
  readonly themeCss: string | null;
  /** What the import would refuse, `field: message` as it says it. */
  readonly problems: readonly string[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const nullableText = (value: unknown): string | null => text(value) || null;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const fields = (value: unknown): Fields => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {});
const oneOf = <T extends string>(values: readonly T[], value: unknown, otherwise: T): T => (values.includes(value as T) ? (value as T) : otherwise);

/** Seconds from an ISO time as the editor writes it; null when there is none (or not yet a whole one). */
function seconds(value: unknown): number | null {
  try {
    return text(value) ? toEpochSeconds(text(value)) : null;
  } catch {
    return null;
  }
}

/** The newsroom's default language (newsroom.yaml `languages`), for addresses; `en` until it is read. */
function urlContextOf(newsroom: Fields | null): UrlContext {
  const languages = list(newsroom?.languages).map(fields);
  const language = languages.find((entry) => entry.is_default === true) ?? languages[0];
  return { defaultLocale: text(language?.code) || 'en' };
}

export function storyPreviewModel({ data, locale, surroundings, media, now }: StoryPreviewInput): StoryPreview {
  const problems: string[] = [];
  const { newsroom } = surroundings;
  const urlContext = urlContextOf(newsroom);
  const imageDefaults: RightsInput = { credit: nullableText(newsroom?.image_credit), licence: nullableText(newsroom?.image_licence) };

  /** A file the story names, as the import's folder reader judges it (problems once per field and path). */
  const reported = new Set<string>();
  const problem = (field: string, message: string) => {
    const line = `${field}: ${message}`;
    if (!reported.has(line)) problems.push(line);
    reported.add(line);
  };
  const file = (field: string, reference: unknown): StoredFilePayload | null => {
    if (!text(reference)) return null;
    // A file on Uploadcare (an upload field's address): the import asks Uploadcare about it, the
    // preview cannot, so it shows no picture there and reports nothing.
    if (isCdnReference(text(reference))) return null;
    const found = media(mediaPathOf(text(reference)));
    if (found.state === 'refused') problem(field, found.message);
    return found.state === 'ready' ? found.payload : null;
  };
  const image = (field: string, reference: unknown): StoredImagePayload | null => {
    const payload = file(field, reference);
    if (payload && !isImagePayload(payload)) problem(field, `media file "${text(reference)}" is not an image`);
    return payload && isImagePayload(payload) ? payload : null;
  };

  const galleryOf = (key: string): ReturnType<BodyContext['gallery']> => {
    // Until the galleries are read, a card under its key (as the import shows a gallery whose own file is broken).
    if (!surroundings.galleries) return { title: key, href: '#', imagesLabel: '', thumbnails: [] };
    const gallery = surroundings.galleries.get(key);
    if (!gallery) return null;
    const images = list(gallery.images).flatMap((entry) => image(`galleries/${key}: images`, fields(entry).file) ?? []);
    return bodyGallery({ uuid: text(gallery.uuid), title: text(gallery.title), images }, locale, urlContext);
  };
  const contactEntries = (surroundings.contacts ?? []).map(fields);
  const contactOf = (key: string): ReturnType<BodyContext['contact']> => {
    // Until contacts.yaml is read, the key alone (as the import shows it when contacts.yaml is broken).
    if (!surroundings.contacts) return { name: key, description: '', email: null, phone: null };
    const found = contactEntries.find((contact) => contact.key === key);
    return found ? bodyContact({ key, name: text(found.name), description: text(found.description), email: nullableText(found.email), phone: nullableText(found.phone) }, locale) : null;
  };
  const toContact = (contact: Fields): Contact => ({
    key: text(contact.key),
    name: text(contact.name),
    description: text(contact.description),
    company: text(contact.company),
    email: nullableText(contact.email),
    phone: nullableText(contact.phone),
    mobile: nullableText(contact.mobile),
    website: nullableText(contact.website),
    avatar: image(`contacts.yaml: ${text(contact.key)}: avatar`, contact.avatar),
    locales: list(contact.locales).map(text),
  });

  const body = renderStoryBody(text(data.body), {
    image: (path) => image('body', path),
    file: (path) => file('body', path),
    gallery: galleryOf,
    contact: contactOf,
    ...createMediaAddressing(PREVIEW_MEDIA_ROOT),
    label: bodyLabels(locale),
    rights: (own) => resolveRights(own, imageDefaults),
    problem,
  });

  const cover = image('cover', data.cover);
  const categories = list(data.categories).flatMap((key, index): StoryCategoryRef[] => {
    const category = (surroundings.categories ?? []).map(fields).find((entry) => entry.key === key);
    const name = text(fields(fields(category?.i18n)[locale]).name);
    const slug = text(fields(fields(category?.i18n)[locale]).slug);
    if (surroundings.categories && !category) problem(`categories[${index}]`, `category "${text(key)}" not found in categories.yaml`);
    return name && slug ? [{ id: index, name, slug }] : [];
  });
  const author = fields(data.author);
  const publishedAt = seconds(data.published_at) ?? now;
  const story: Story = {
    uuid: text(data.uuid),
    slug: text(data.slug),
    locale,
    title: text(data.title),
    subtitle: text(data.subtitle),
    summary: text(data.summary),
    status: oneOf(STORY_STATUSES, data.status, 'draft'),
    visibility: oneOf(STORY_VISIBILITIES, data.visibility, 'public'),
    published_at: publishedAt,
    updated_at: seconds(data.updated_at) ?? publishedAt,
    author: text(author.display_name) ? { display_name: text(author.display_name), email: nullableText(author.email) } : null,
    cover: cover && storyCover(cover, text(data.cover_caption), { credit: text(data.cover_credit), licence: text(data.cover_licence) }, imageDefaults),
    categories,
    seo_settings: {},
    tags: list(data.tags).map(text).filter(Boolean),
    body_html: body.html,
    translations: [],
    media_files: [],
    contact_keys: list(data.contacts).map(text),
  };
  story.contact_keys.forEach((key, index) => {
    if (surroundings.contacts && !contactEntries.some((contact) => contact.key === key)) problem(`contacts[${index}]`, `contact "${key}" not found in contacts.yaml`);
  });
  const shownContacts = contactEntries.filter((contact) => story.contact_keys.includes(text(contact.key))).map(toContact);
  return {
    model: {
      story,
      categories: categories.map((category) => ({ name: category.name, href: urls.category(urlContext, locale, category.slug) })),
      tags: distinctTags(story.tags).map((name) => ({ name, href: null })),
      archive: null,
      shareBar: null,
      contacts: contactsByKeys(shownContacts, story.contact_keys),
      layout: { languages: [], mediaRoot: PREVIEW_MEDIA_ROOT },
    },
    timeZone: text(newsroom?.timezone) || 'UTC',
    themeCss: previewTheme(newsroom?.theme),
    problems,
  };
}

/** The theme as the site would link it, when newsroom.yaml's is one the import accepts. */
function previewTheme(value: unknown): string | null {
  const given = fields(value);
  const colours = THEME_COLOUR_FIELDS.filter((field) => given[field] !== undefined && given[field] !== null);
  if (colours.some((field) => !THEME_COLOUR_PATTERN.test(text(given[field])))) return null;
  const height = given.logo_height;
  if (height !== undefined && height !== null && !(Number.isInteger(height) && (height as number) >= LOGO_HEIGHT_MIN && (height as number) <= LOGO_HEIGHT_MAX)) return null;
  const theme: NewsroomTheme = { ...Object.fromEntries(colours.map((field) => [field, text(given[field])])), ...(typeof height === 'number' ? { logo_height: height } : {}) };
  return themeContrastProblems(theme).length === 0 ? themeStylesheet(theme) : null;
}

/**
 * The preview's media addresses (`{PREVIEW_MEDIA_ROOT}/{uuid}/…`, whatever effects they name) as
 * the address of the file the editor holds (a `blob:` URL), or left as they are for a file not read.
 */
export function withMediaUrls(html: string, urlOf: (uuid: string) => string | null): string {
  const escaped = PREVIEW_MEDIA_ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return html.replace(new RegExp(`${escaped}/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/[^"'\\s,<>]*`, 'g'), (address, uuid: string) => urlOf(uuid) ?? address);
}

/**
 * The language of the file the preview shows. Sveltia 0.221.1 gives a preview template no
 * language: a saved file says it in its path (`stories/<key>/index.<locale>.md`); a language not
 * saved yet is the one of the editor's languages the entry lists no data for (it lists the other
 * languages'); failing both, the language Sveltia wrote on the preview's frame when it made it.
 */
export function previewLocale(entry: { path: string; otherLocales: readonly string[]; editorLocales: readonly string[]; frameLocale: string }): string {
  const fileName = classifyEntryFileName('stories', entry.path.slice(entry.path.lastIndexOf('/') + 1));
  if (fileName.kind === 'language') return fileName.locale;
  const rest = entry.editorLocales.filter((locale) => !entry.otherLocales.includes(locale));
  return rest.length === 1 ? rest[0]! : entry.frameLocale;
}
