/**
 * Fixed numbers and names of the Uploadcare media model (docs/spec-coverage.md section 9). They live in one place
 * because stored payloads, addresses and validation must all agree on them.
 */

/** Public CDN root. A local demo passes its own root (e.g. `/media`) wherever an address is made. */
export const UPLOADCARE_CDN_URL = 'https://ucarecdn.com';

/** Format version written into every stored payload; readers accept any positive version. */
export const STORAGE_PAYLOAD_VERSION = 2;

/** Key under which Prezly keeps its own data (the caption) inside a stored payload. */
export const UPLOADCARE_FILE_DATA_KEY = 'prezly:data';

/** Uploadcare refuses to process images above this many pixels (75 megapixels). */
export const MAX_IMAGE_AREA = 78_643_200;

/** `-/preview/` never produces an edge longer than this. */
export const MAX_PREVIEW_SIZE = 3000;

/** `-/preview/` without dimensions fits the image inside this square. */
export const DEFAULT_PREVIEW_SIZE = 2048;

/** Most file systems cap a file name at 255 bytes, so a downloaded file must fit. */
export const MAX_FILENAME_BYTES = 255;

/** Files with this MIME type may be delivered as video (gif2video) and must not be resized. */
export const GIF_MIME_TYPE = 'image/gif';
