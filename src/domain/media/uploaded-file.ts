/**
 * A file uploaded to Uploadcare (docs/spec-coverage.md section 3): what is stored (uuid, name, type, size and an
 * optional caption) plus the two addresses a page needs, its CDN address and its download address.
 * Instances are frozen; a different caption or CDN root gives a new instance.
 */
import type { StoredFilePayload } from '#src/domain/media-payload';
import { downloadUrl, fileUrl } from './addresses';
import { STORAGE_PAYLOAD_VERSION, UPLOADCARE_CDN_URL } from './constants';
import {
  captionOf,
  dataPart,
  MediaPayloadError,
  nonEmptyStringIssues,
  positiveNumberIssues,
  storedFilePayloadIssues,
} from './payload';

/**
 * The part of an upload widget / upload client `FileInfo` the model reads. Declared here rather
 * than imported so domain code does not depend on the upload client package.
 */
export interface UploadWidgetFileInfo {
  readonly uuid: string;
  readonly name?: string | null;
  readonly originalFilename?: string | null;
  readonly mimeType: string;
  readonly size: number;
  readonly cdnUrl?: string | null;
  /** Upload client: `imageInfo`; the older widget called it `originalImageInfo`. */
  readonly imageInfo?: { readonly width: number; readonly height: number } | null;
  readonly originalImageInfo?: { readonly width: number; readonly height: number } | null;
  /** Effects chosen in the widget, e.g. `-/crop/100x100/0,0/-/preview/`. */
  readonly cdnUrlModifiers?: string | null;
  readonly defaultEffects?: string | null;
}

export interface UploadedFileProps {
  readonly uuid: string;
  readonly filename: string;
  readonly mimeType: string;
  readonly size: number;
  readonly caption?: string | undefined;
  /** CDN root for the addresses; the public Uploadcare CDN when left out. */
  readonly cdn?: string | undefined;
}

export interface MediaOptions {
  readonly cdn?: string | undefined;
  readonly caption?: string | undefined;
}

/** What every stored payload says of its file (an image's adds its size and effects). */
export function storedFileProps(payload: StoredFilePayload, options: MediaOptions): UploadedFileProps {
  return { uuid: payload.uuid, filename: payload.filename, mimeType: payload.mime_type, size: payload.size, caption: options.caption ?? captionOf(payload), cdn: options.cdn };
}

/** What the upload widget reports of any file it uploaded. */
export function widgetFileProps(info: UploadWidgetFileInfo, options: MediaOptions): UploadedFileProps {
  return { uuid: info.uuid, filename: widgetFilename(info), mimeType: info.mimeType, size: info.size, caption: options.caption, cdn: options.cdn };
}

export class UploadedFile {
  readonly uuid: string;
  readonly filename: string;
  readonly mimeType: string;
  readonly size: number;
  readonly caption: string | undefined;
  readonly cdn: string;
  readonly cdnUrl: string;
  readonly downloadUrl: string;

  constructor(props: UploadedFileProps) {
    const issues = filePropsIssues(props);
    if (issues.length > 0) throw new MediaPayloadError('uploaded file', issues);
    this.uuid = props.uuid;
    this.filename = props.filename;
    this.mimeType = props.mimeType;
    this.size = props.size;
    this.caption = props.caption;
    this.cdn = props.cdn ?? UPLOADCARE_CDN_URL;
    this.cdnUrl = fileUrl(this, [], this.cdn);
    this.downloadUrl = downloadUrl(this, [], this.cdn);
    Object.freeze(this);
  }

  /** Reads a stored payload (from D1, content or JSON); throws MediaPayloadError when invalid. */
  static fromJSON(value: unknown, options: MediaOptions = {}): UploadedFile {
    const issues = storedFilePayloadIssues(value);
    if (issues.length > 0) throw new MediaPayloadError('uploaded file payload', issues);
    return new UploadedFile(storedFileProps(value as StoredFilePayload, options));
  }

  /** Builds a file from what the upload widget (or upload client) reports after an upload. */
  static fromUploadWidget(info: UploadWidgetFileInfo, options: MediaOptions = {}): UploadedFile {
    return new UploadedFile(widgetFileProps(info, options));
  }

  get isImage(): boolean {
    return this.mimeType.startsWith('image/');
  }

  withCaption(caption: string | undefined): UploadedFile {
    return new UploadedFile({ ...this.props(), caption });
  }

  withCdn(cdn: string): UploadedFile {
    return new UploadedFile({ ...this.props(), cdn });
  }

  /** The stored payload, always in the current format version. */
  toJSON(): StoredFilePayload {
    return {
      version: STORAGE_PAYLOAD_VERSION,
      uuid: this.uuid,
      filename: this.filename,
      mime_type: this.mimeType,
      size: this.size,
      ...dataPart(this.caption),
    };
  }

  private props(): UploadedFileProps {
    const { uuid, filename, mimeType, size, caption, cdn } = this;
    return { uuid, filename, mimeType, size, caption, cdn };
  }
}

/** Field problems of constructor input, named as in the stored payload. */
export function filePropsIssues(props: UploadedFileProps): string[] {
  const record = { uuid: props.uuid, filename: props.filename, mime_type: props.mimeType, size: props.size };
  return [
    ...nonEmptyStringIssues(record, 'uuid'),
    ...nonEmptyStringIssues(record, 'filename'),
    ...nonEmptyStringIssues(record, 'mime_type'),
    ...positiveNumberIssues(record, 'size'),
    ...(props.caption === undefined || typeof props.caption === 'string' ? [] : ['caption must be a string']),
  ];
}

// The upload client calls the stored name `name` and keeps what the visitor picked as
// `originalFilename`; either will do, the stored one first because the CDN serves under it.
export function widgetFilename(info: UploadWidgetFileInfo): string {
  return info.name || info.originalFilename || '';
}
