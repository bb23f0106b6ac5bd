/**
 * The Uploadcare media model: uploaded files, images with effects, GIFs as video, CDN
 * addresses, safe download names, srcsets and upload batch progress. Pure and immutable, so the
 * same code runs in the Worker, in the browser and in the import CLI.
 */
export {
  DEFAULT_PREVIEW_SIZE,
  GIF_MIME_TYPE,
  MAX_FILENAME_BYTES,
  MAX_IMAGE_AREA,
  MAX_PREVIEW_SIZE,
  STORAGE_PAYLOAD_VERSION,
  UPLOADCARE_CDN_URL,
  UPLOADCARE_FILE_DATA_KEY,
} from './constants';
export { type AddressableFile, type CdnAddress, downloadUrl, fileUrl, gifVideoUrl, normalizeCdnRoot, parseCdnAddress } from './addresses';
export {
  applyEffect,
  type CropAlignment,
  cropEffect,
  type Dimensions,
  dimensionsAfterEffects,
  formatEffect,
  type ImageFormat,
  type ImageQuality,
  normalizeEffect,
  parseEffects,
  previewEffect,
  qualityEffect,
  resizeEffect,
  scaleCropEffect,
  type VideoFormat,
  type VideoQuality,
} from './effects';
export { sanitizeFilename, truncateUtf8, utf8ByteLength } from './filename';
export { convertToVideo, GifVideo, type GifVideoProps, type VideoSource } from './gif-video';
export {
  isStoredFilePayload,
  isStoredImagePayload,
  MediaPayloadError,
  storedFilePayloadIssues,
  storedImagePayloadIssues,
} from './payload';
export { type ImageAttributes, imageAttributes, srcSet, type SrcSetEntry, srcSetEntries } from './srcset';
export {
  BatchProgress,
  type OnBatchProgress,
  type ReportProgress,
  runUploadBatch,
  type UploadFailure,
  type UploadOne,
  type UploadResults,
} from './upload-batch';
export { type MediaOptions, UploadedFile, type UploadedFileProps, type UploadWidgetFileInfo } from './uploaded-file';
export { isImageAreaValid, UploadedImage, type UploadedImageProps } from './uploaded-image';
export type { StoredFilePayload, StoredImagePayload } from '#src/domain/media-payload';
