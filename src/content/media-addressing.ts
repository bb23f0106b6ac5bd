/**
 * Media addresses for the import (story bodies are rendered once, at import time): responsive
 * image attributes, originals and downloads, all made by the media model with the CDN root of
 * this import.
 */
import { downloadUrl, GifVideo, UploadedImage, type ImageAttributes } from '#src/domain/media/index';
import type { StoredFilePayload, StoredImagePayload } from '#src/domain/media-payload';
import { imageAttributes, originalImageUrl } from '#src/domain/media/payload-addresses';
import type { GifVideoAttributes } from './body-context';

/** How media addresses are made: by the media model, with the CDN root of this import. */
export interface MediaAddressing {
  /** The root media addresses start with (the body's placeholder, replaced by the worker). */
  readonly cdnRoot: string;
  imageAttributes(image: StoredImagePayload, layoutWidth: number, sizes: string): ImageAttributes;
  originalUrl(image: StoredImagePayload): string;
  downloadUrl(file: StoredFilePayload): string;
  gifVideo(image: StoredImagePayload): GifVideoAttributes;
}

export function createMediaAddressing(cdnRoot: string): MediaAddressing {
  return {
    cdnRoot,
    imageAttributes: (image, layoutWidth, sizes) => imageAttributes(image, cdnRoot, layoutWidth, sizes),
    originalUrl: (image) => originalImageUrl(image, cdnRoot),
    downloadUrl: (file) => downloadUrl(file, [], cdnRoot),
    gifVideo: (image) => {
      const video = GifVideo.fromImage(UploadedImage.fromJSON(image, { cdn: cdnRoot }));
      return { poster: video.posterUrl, sources: video.sources(), width: video.width, height: video.height };
    },
  };
}
