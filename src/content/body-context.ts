/**
 * What a story body's directives need from the rest of the import (media, galleries, contacts,
 * addresses, labels in the story's language), so the Markdown pipeline stays free of I/O. The
 * import (./load-stories.ts) and the editor's preview (src/admin/client/story-preview-model.ts)
 * each build one; the labels, gallery cards and contact cards are made here for both.
 */
import type { StoredFilePayload, StoredImagePayload } from '#src/domain/media-payload';
import type { ImageAttributes } from '#src/domain/media/index';
import { FORMAT_LABELS, type AttachmentKind } from '#src/domain/attachment';
import type { ImageRights, RightsInput } from '#src/domain/image-rights';
import { formatMessage, formatSize, messagesFor } from '#src/i18n/translate';
import { urls, type UrlContext } from '#src/i18n/urls';

/** An animated GIF as video: poster and webm/mp4 sources from the CDN's conversion. */
export interface GifVideoAttributes {
  readonly poster: string;
  readonly sources: readonly { src: string; type: string }[];
  readonly width: number;
  readonly height: number;
}

/** Handed to renderStoryBody by the folder loader (src/content/load-stories.ts). */
export interface BodyContext {
  /** The image at a media path; null when it cannot be used, after reporting why (once, by the caller's rules). */
  image(path: string): StoredImagePayload | null;
  /** The file at a media path; null when it cannot be used, after reporting why. */
  file(path: string): StoredFilePayload | null;
  gallery(key: string): { title: string; href: string; imagesLabel: string; thumbnails: StoredImagePayload[] } | null;
  /** A press contact, with the link to its vCard when it has one. */
  contact(key: string): { name: string; description: string; email: string | null; phone: string | null; vcard?: { href: string; label: string } } | null;
  imageAttributes(image: StoredImagePayload, layoutWidth: number, sizes: string): ImageAttributes;
  originalUrl(image: StoredImagePayload): string;
  downloadUrl(file: StoredFilePayload): string;
  gifVideo(image: StoredImagePayload): GifVideoAttributes;
  label: {
    download(name: string): string;
    /** "PDF · 1.2 MB": the attachment's type and size, in the story's language. */
    attachmentMeta(kind: AttachmentKind, bytes: number): string;
    watchVideo(title: string): string;
    /** The sentence under a player naming the host that pressing play loads it from. */
    videoNotice(host: string): string;
    /** "Photo: {credit}". */
    credit(credit: string): string;
    viewGallery(title: string): string;
  };
  /** An image's credit and licence from its directive's attributes, with the newsroom's defaults. */
  rights(own: RightsInput): ImageRights;
  /** Records a problem with the directive (e.g. an unknown media file); the import then fails. */
  problem(field: string, message: string): void;
}

export type BodyGallery = NonNullable<ReturnType<BodyContext['gallery']>>;
export type BodyContact = NonNullable<ReturnType<BodyContext['contact']>>;

/** The directives' words in a story's language. */
export function bodyLabels(locale: string): BodyContext['label'] {
  const messages = messagesFor(locale);
  return {
    download: (name) => formatMessage(locale, messages, 'story.attachment_download', { name }),
    attachmentMeta: (kind, bytes) => `${FORMAT_LABELS[kind] ?? formatMessage(locale, messages, `attachment.kind.${kind as 'image' | 'video' | 'audio' | 'other'}`)} · ${formatSize(locale, bytes)}`,
    watchVideo: (title) => formatMessage(locale, messages, 'story.watch_video', { title }),
    videoNotice: (host) => formatMessage(locale, messages, 'video.notice', { host }),
    credit: (credit) => formatMessage(locale, messages, 'media.credit', { credit }),
    viewGallery: (title) => formatMessage(locale, messages, 'story.gallery_link', { title }),
  };
}

/** A gallery as a story in `locale` shows it (`::gallery`): a link to its page, its count, its first images. */
export function bodyGallery(gallery: { uuid: string; title: string; images: readonly StoredImagePayload[] }, locale: string, urlContext: UrlContext): BodyGallery {
  return {
    title: gallery.title,
    href: urls.gallery(urlContext, locale, gallery.uuid),
    imagesLabel: formatMessage(locale, messagesFor(locale), 'story.images_count', { count: gallery.images.length }),
    thumbnails: [...gallery.images],
  };
}

/** A press contact as a story in `locale` shows it (`::contact`), with the link to its vCard. */
export function bodyContact(contact: { key: string; name: string; description: string; email: string | null; phone: string | null }, locale: string): BodyContact {
  return { ...contact, vcard: { href: urls.contactCard(contact.key), label: formatMessage(locale, messagesFor(locale), 'contacts.vcard', { name: contact.name }) } };
}
