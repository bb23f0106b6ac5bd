/**
 * What a story body's directives need from the rest of the import (media, galleries, contacts,
 * addresses, labels in the story's language), so the Markdown pipeline stays free of I/O.
 */
import type { StoredFilePayload, StoredImagePayload } from '#src/domain/media-payload';
import type { ImageAttributes } from '#src/domain/media/index';
import type { AttachmentKind } from '#src/domain/attachment';
import type { ImageRights, RightsInput } from '#src/domain/image-rights';

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
