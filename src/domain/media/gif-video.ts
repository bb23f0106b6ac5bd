/**
 * An animated GIF delivered as video through Uploadcare's gif2video (docs/spec-coverage.md sections 3 and 5).
 * Video is a fraction of the GIF's weight; a page offers webm and mp4 sources and lets the browser
 * pick, with a still of the GIF as poster. The CDN answers 400 for anything but a GIF, hence the
 * checks at construction.
 */
import { fileUrl, gifVideoUrl } from './addresses';
import { GIF_MIME_TYPE, UPLOADCARE_CDN_URL } from './constants';
import type { VideoFormat, VideoQuality } from './effects';
import { formatEffect, normalizeEffect, qualityEffect } from './effects';
import type { UploadedImage } from './uploaded-image';

export interface GifVideoProps {
  readonly uuid: string;
  readonly filename: string;
  readonly mimeType: string;
  readonly size: number;
  readonly width: number;
  readonly height: number;
  readonly effects?: readonly string[] | undefined;
  readonly cdn?: string | undefined;
}

export interface VideoSource {
  readonly type: 'video/webm' | 'video/mp4';
  readonly src: string;
}

/** Both sources, webm first: browsers take the first type they can play, and webm is smaller. */
const SOURCE_FORMATS: readonly { readonly type: VideoSource['type']; readonly format: VideoFormat }[] = [
  { type: 'video/webm', format: 'webm' },
  { type: 'video/mp4', format: 'mp4' },
];

export class GifVideo {
  readonly uuid: string;
  readonly filename: string;
  readonly mimeType: string;
  readonly size: number;
  readonly width: number;
  readonly height: number;
  readonly effects: readonly string[];
  readonly cdn: string;

  constructor(props: GifVideoProps) {
    if (props.mimeType !== GIF_MIME_TYPE) {
      throw new Error(`Only GIF images are allowed. Given: "${props.mimeType}".`);
    }
    this.uuid = props.uuid;
    this.filename = props.filename;
    this.mimeType = props.mimeType;
    this.size = props.size;
    this.width = props.width;
    this.height = props.height;
    this.effects = Object.freeze((props.effects ?? []).map(normalizeEffect));
    this.cdn = props.cdn ?? UPLOADCARE_CDN_URL;
    Object.freeze(this);
  }

  /**
   * The video of a GIF image. gif2video works on the uploaded original and ignores image effects,
   * so the video has the original's size.
   */
  static fromImage(image: UploadedImage): GifVideo {
    return new GifVideo({
      uuid: image.uuid,
      filename: image.filename,
      mimeType: image.mimeType,
      size: image.size,
      width: image.originalWidth,
      height: image.originalHeight,
      cdn: image.cdn,
    });
  }

  get aspectRatio(): number {
    return this.width / this.height;
  }

  get cdnUrl(): string {
    return gifVideoUrl(this, this.effects, this.cdn);
  }

  /** A still for the <video> poster: the GIF's first frame as JPEG (any conversion drops the animation). */
  get posterUrl(): string {
    return fileUrl(this, [formatEffect('jpeg')], this.cdn);
  }

  format(format: VideoFormat): GifVideo {
    return this.withEffect(formatEffect(format));
  }

  quality(quality: VideoQuality): GifVideo {
    return this.withEffect(qualityEffect(quality));
  }

  /** <source> entries for webm and mp4, keeping any quality chosen but not an earlier format. */
  sources(): VideoSource[] {
    const withoutFormat = this.effects.filter((effect) => !effect.startsWith('format/'));
    return SOURCE_FORMATS.map(({ type, format }) => ({
      type,
      src: gifVideoUrl(this, [...withoutFormat, formatEffect(format)], this.cdn),
    }));
  }

  withEffect(effect: string): GifVideo {
    return new GifVideo({ ...this, effects: [...this.effects, effect] });
  }
}

/** The video of a GIF image; any other image fails, because the CDN would answer 400. */
export function convertToVideo(image: UploadedImage): GifVideo {
  if (!image.isGif()) {
    throw new Error(`You can only convert a GIF to video. Given: "${image.mimeType}".`);
  }
  return GifVideo.fromImage(image);
}
