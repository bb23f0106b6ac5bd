/**
 * Files a content folder names by their Uploadcare CDN address instead of a path in media/: what
 * the editor's Uploadcare fields write (docs/decisions/0042-editor-uploads-to-uploadcare.md), e.g.
 * `cover: https://ucarecdn.com/<uuid>/harbour.jpg`. The bytes are not in the folder, so the
 * payload (name, type, size, and an image's size) comes from Uploadcare itself: the import asks
 * its Upload API (`/info/`, with the project's public key) about each uuid before loading, and the
 * loader builds the payload from that answer through the media model, as the editor built the
 * address from the upload's answer. Only the uuid and the effects of an address count; the host is
 * the site's MEDIA_CDN_URL when pages are made.
 */
import { info, UploadError } from '@uploadcare/upload-client/node';
import type { StoredFilePayload } from '#src/domain/media-payload';
import { MAX_IMAGE_AREA, MediaPayloadError, parseCdnAddress, UploadedFile, UploadedImage, type UploadWidgetFileInfo } from '#src/domain/media/index';

/** What Uploadcare said about one uuid. */
export type UploadcareFileDetails =
  | { readonly found: true; readonly info: UploadWidgetFileInfo & { readonly isStored: boolean } }
  | { readonly found: false; readonly message: string };

/** Uploadcare's answers, by uuid. */
export type UploadcareFiles = ReadonlyMap<string, UploadcareFileDetails>;


export const EXAMPLE_CDN_ADDRESS = 'https://ucarecdn.com/<uuid>/photo.jpg';

export type UploadcareReference =
  | { readonly kind: 'payload'; readonly payload: StoredFilePayload }
  /** Uploadcare has not been asked about this uuid (no answers given, or not this one). */
  | { readonly kind: 'unknown'; readonly uuid: string; readonly message: string }
  | { readonly kind: 'refused'; readonly message: string };

/** The stored payload of the file an address names, from Uploadcare's answers. */
export function uploadcarePayload(reference: string, files: UploadcareFiles | undefined): UploadcareReference {
  const address = parseCdnAddress(reference);
  if (!address) return { kind: 'refused', message: `"${reference}" is neither a path inside media/ nor an Uploadcare CDN address (${EXAMPLE_CDN_ADDRESS})` };
  const details = files?.get(address.uuid);
  if (!details) {
    return { kind: 'unknown', uuid: address.uuid, message: `"${reference}" is a file on Uploadcare: the import reads its details from Uploadcare, which needs UPLOADCARE_PUBLIC_KEY` };
  }
  if (!details.found) return { kind: 'refused', message: `"${reference}": ${details.message}` };
  if (!details.info.isStored) return { kind: 'refused', message: `"${reference}" is not stored on Uploadcare, which deletes such files within a day: store it in Uploadcare’s dashboard or upload it again` };
  try {
    if (!details.info.imageInfo) return { kind: 'payload', payload: UploadedFile.fromUploadWidget(details.info).toJSON() };
    const image = address.effects.reduce((current, effect) => current.withEffect(effect), UploadedImage.fromUploadWidget(details.info));
    if (!image.isSizeValid()) return { kind: 'refused', message: `"${reference}" is ${image.originalWidth}×${image.originalHeight}: more than ${MAX_IMAGE_AREA.toLocaleString('en')} pixels` };
    return { kind: 'payload', payload: image.toJSON() };
  } catch (error) {
    if (error instanceof MediaPayloadError) return { kind: 'refused', message: `"${reference}": Uploadcare’s details are not usable: ${error.issues.join('; ')}` };
    throw error;
  }
}

export interface LookUpOptions {
  readonly publicKey: string;
  /** Upload API root; tests point it at a local stand-in. Defaults to Uploadcare's. */
  readonly baseURL?: string | undefined;
  readonly timeoutMs?: number;
}

const LOOKUPS_AT_ONCE = 4;
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Asks Uploadcare about each uuid. A uuid the project does not have is an answer (found: false);
 * Uploadcare not answering throws, naming the uuid: the import must not guess.
 */
export async function lookUpUploadcareFiles(uuids: Iterable<string>, options: LookUpOptions): Promise<Map<string, UploadcareFileDetails>> {
  const pending = [...new Set(uuids)];
  const answers = new Map<string, UploadcareFileDetails>();
  const askOne = async (uuid: string) => {
    try {
      const answer = await info(uuid, {
        publicKey: options.publicKey,
        ...(options.baseURL ? { baseURL: options.baseURL } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      answers.set(uuid, {
        found: true,
        info: { uuid: answer.uuid, name: answer.filename, originalFilename: answer.originalFilename, mimeType: answer.mimeType, size: answer.size, imageInfo: answer.imageInfo, isStored: answer.isStored },
      });
    } catch (error) {
      if (error instanceof UploadError && error.code === 'FileNotFoundError') {
        answers.set(uuid, { found: false, message: 'Uploadcare has no such file in the project of UPLOADCARE_PUBLIC_KEY' });
        return;
      }
      throw new Error(`Uploadcare could not be asked about file ${uuid}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  for (let start = 0; start < pending.length; start += LOOKUPS_AT_ONCE) await Promise.all(pending.slice(start, start + LOOKUPS_AT_ONCE).map(askOne));
  return answers;
}
