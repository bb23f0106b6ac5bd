/**
 * An image uploaded to Uploadcare (docs/spec-coverage.md sections 3-5): a file with its original size and a list
 * of effects. Adding an effect gives a new image and leaves the old one as it was, so one stored
 * image can yield a thumbnail, a preview and a srcset without the variants leaking into each other.
 * Width and height are computed from the original size and the effects, never fetched.
 */
import type { StoredImagePayload } from '#src/domain/media-payload';
import { downloadUrl, fileUrl } from './addresses';
import { GIF_MIME_TYPE, MAX_IMAGE_AREA, STORAGE_PAYLOAD_VERSION, UPLOADCARE_CDN_URL } from './constants';
import type { CropAlignment, Dimensions, ImageFormat, ImageQuality } from './effects';
import {
  cropEffect,
  dimensionsAfterEffects,
  formatEffect,
  normalizeEffect,
  parseEffects,
  previewEffect,
  qualityEffect,
  resizeEffect,
  scaleCropEffect,
} from './effects';
import { convertToVideo, type GifVideo } from './gif-video';
import { dataPart, MediaPayloadError, positiveNumberIssues, storedImagePayloadIssues } from './payload';
import { filePropsIssues, storedFileProps, type MediaOptions, type UploadedFileProps, type UploadWidgetFileInfo, widgetFileProps } from './uploaded-file';

export interface UploadedImageProps extends UploadedFileProps {
  readonly originalWidth: number;
  readonly originalHeight: number;
  readonly effects?: readonly string[] | undefined;
}

export class UploadedImage {
  readonly uuid: string;
  readonly filename: string;
  readonly mimeType: string;
  readonly size: number;
  readonly originalWidth: number;
  readonly originalHeight: number;
  readonly effects: readonly string[];
  readonly caption: string | undefined;
  readonly cdn: string;
  /** Size after the effects; computed once because instances never change. */
  readonly width: number;
  readonly height: number;

  constructor(props: UploadedImageProps) {
    const effects = (props.effects ?? []).map(normalizeEffect);
    const issues = imagePropsIssues(props, effects);
    if (issues.length > 0) throw new MediaPayloadError('uploaded image', issues);
    this.uuid = props.uuid;
    this.filename = props.filename;
    this.mimeType = props.mimeType;
    this.size = props.size;
    this.originalWidth = props.originalWidth;
    this.originalHeight = props.originalHeight;
    this.effects = Object.freeze(effects);
    this.caption = props.caption;
    this.cdn = props.cdn ?? UPLOADCARE_CDN_URL;
    const { width, height } = dimensionsAfterEffects({ width: this.originalWidth, height: this.originalHeight }, this.effects);
    this.width = width;
    this.height = height;
    Object.freeze(this);
  }

  /** Reads a stored payload (from D1, content or JSON); throws MediaPayloadError when invalid. */
  static fromJSON(value: unknown, options: MediaOptions = {}): UploadedImage {
    const issues = storedImagePayloadIssues(value);
    if (issues.length > 0) throw new MediaPayloadError('uploaded image payload', issues);
    const payload = value as StoredImagePayload;
    return new UploadedImage({ ...storedFileProps(payload, options), originalWidth: payload.original_width, originalHeight: payload.original_height, effects: payload.effects });
  }

  /**
   * Builds an image from what the upload widget (or upload client) reports. Without image info the
   * upload was not an image, and its size (and so every layout built on it) would be unknown.
   */
  static fromUploadWidget(info: UploadWidgetFileInfo, options: MediaOptions = {}): UploadedImage {
    const imageInfo = info.imageInfo ?? info.originalImageInfo;
    if (!imageInfo) {
      throw new Error('UploadcareImage was given a non-image FileInfo object');
    }
    return new UploadedImage({
      ...widgetFileProps(info, options),
      originalWidth: imageInfo.width,
      originalHeight: imageInfo.height,
      effects: parseEffects(info.cdnUrlModifiers ?? info.defaultEffects),
    });
  }

  get dimensions(): Dimensions {
    return { width: this.width, height: this.height };
  }

  get aspectRatio(): number {
    return this.width / this.height;
  }

  get cdnUrl(): string {
    return fileUrl(this, this.effects, this.cdn);
  }

  get downloadUrl(): string {
    return downloadUrl(this, this.effects, this.cdn);
  }

  isGif(): boolean {
    return this.mimeType === GIF_MIME_TYPE;
  }

  /** Uploadcare cannot process images above MAX_IMAGE_AREA, neither as source nor as result. */
  isSizeValid(): boolean {
    return isImageAreaValid(this.originalWidth, this.originalHeight) && isImageAreaValid(this.width, this.height);
  }

  /** A new image with one more effect; this one is left unchanged. */
  withEffect(effect: string): UploadedImage {
    return new UploadedImage({ ...this.props(), effects: [...this.effects, effect] });
  }

  format(format: ImageFormat = 'auto'): UploadedImage {
    return this.withEffect(formatEffect(format));
  }

  quality(quality: ImageQuality): UploadedImage {
    return this.withEffect(qualityEffect(quality));
  }

  /** Fits inside `width` × `height` without upscaling. A GIF comes back as is: resizing drops its animation. */
  preview(width: number | null = null, height: number | null = null): UploadedImage {
    if (this.isGif()) return this;
    return this.withEffect(previewEffect(width, height));
  }

  /** Exact size, or aspect ratio kept when one side is null. A GIF comes back as is. */
  resize(width: number | null, height: number | null = null): UploadedImage {
    // Build the effect first so a call without any size fails for GIFs too: it is a caller's bug.
    const effect = resizeEffect(width, height);
    if (this.isGif()) return this;
    return this.withEffect(effect);
  }

  crop(width: number, height: number, alignment?: CropAlignment): UploadedImage {
    return this.withEffect(cropEffect(width, height, alignment));
  }

  scaleCrop(width: number, height: number, center = false): UploadedImage {
    return this.withEffect(scaleCropEffect(width, height, center));
  }

  /** The GIF as an mp4/webm video; throws for any other type. */
  toVideo(): GifVideo {
    return convertToVideo(this);
  }

  withCaption(caption: string | undefined): UploadedImage {
    return new UploadedImage({ ...this.props(), caption });
  }

  withCdn(cdn: string): UploadedImage {
    return new UploadedImage({ ...this.props(), cdn });
  }

  /** The stored payload, always in the current format version. */
  toJSON(): StoredImagePayload {
    return {
      version: STORAGE_PAYLOAD_VERSION,
      uuid: this.uuid,
      filename: this.filename,
      mime_type: this.mimeType,
      size: this.size,
      original_width: this.originalWidth,
      original_height: this.originalHeight,
      effects: [...this.effects],
      ...dataPart(this.caption),
    };
  }

  private props(): UploadedImageProps {
    const { uuid, filename, mimeType, size, originalWidth, originalHeight, effects, caption, cdn } = this;
    return { uuid, filename, mimeType, size, originalWidth, originalHeight, effects, caption, cdn };
  }
}

/** True when an image of `width` × `height` is within Uploadcare's limit (the limit itself included). */
export function isImageAreaValid(width: number, height: number): boolean {
  return width * height <= MAX_IMAGE_AREA;
}

function imagePropsIssues(props: UploadedImageProps, effects: readonly string[]): string[] {
  const record = { original_width: props.originalWidth, original_height: props.originalHeight };
  return [
    ...filePropsIssues(props),
    ...positiveNumberIssues(record, 'original_width'),
    ...positiveNumberIssues(record, 'original_height'),
    ...(effects.every((effect) => effect !== '') ? [] : ['effects must be non-empty strings']),
  ];
}
