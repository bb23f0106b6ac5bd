/**
 * The editor's uploads to Uploadcare, without the screen (docs/decisions/0042-editor-uploads-to-uploadcare.md):
 * a signature from the worker, then each file straight to Uploadcare's Upload API with the
 * project's public key, its name made safe first (the media model's sanitizeFilename), progress
 * and results by the media model's batch rules (runUploadBatch: 0 to 100, only upward, the batch
 * the average, one failure never stopping the others), and each answer turned into the value the
 * field stores, a CDN address, through UploadedImage/UploadedFile.fromUploadWidget: an upload
 * that is not an image fails an image field with the model's own message. The screen is
 * ./uploadcare-field.ts; the upload client is handed in, so all of this is tested without one.
 */
import { parseCdnAddress, runUploadBatch, sanitizeFilename, UploadedFile, UploadedImage, fileUrl, type UploadWidgetFileInfo } from '#src/domain/media/index';

export type UploadKind = 'image' | 'file';

/** The field types of these uploads, by the built-in type each stands in for (the worker's configuration names them). */
export const UPLOADCARE_WIDGETS = { image: 'uploadcare-image', file: 'uploadcare-file' } as const satisfies Record<UploadKind, string>;

/** The id of the editor page's data block holding the settings for the body blocks' fields (src/admin/admin-page.ts). */
export const UPLOADS_DATA_ID = 'editor-uploads';

/** A field's Uploadcare settings, as the worker writes them on it (src/admin/editor-config-document.ts). */
export interface UploadSettings {
  readonly publicKey: string;
  readonly uploadUrl: string;
  readonly cdnUrl: string;
  readonly signatureUrl: string;
}

/** A field's configuration as Sveltia hands it to a control: an Immutable Map, or a plain object. */
export type FieldConfig = { get(key: string): unknown } | Readonly<Record<string, unknown>>;

function optionOf(field: FieldConfig, key: string): unknown {
  return typeof field.get === 'function' ? (field as { get(key: string): unknown }).get(key) : (field as Readonly<Record<string, unknown>>)[key];
}

/** The settings on a field; null when any is missing (a field this control cannot upload from). */
export function uploadSettingsOf(field: FieldConfig): UploadSettings | null {
  const [publicKey, uploadUrl, cdnUrl, signatureUrl] = ['public_key', 'upload_url', 'cdn_url', 'signature_url'].map((key) => optionOf(field, key));
  const text = (value: unknown): value is string => typeof value === 'string' && value !== '';
  if (!text(publicKey) || !text(uploadUrl) || !text(cdnUrl) || !text(signatureUrl)) return null;
  return { publicKey, uploadUrl, cdnUrl, signatureUrl };
}

/**
 * The GitHub token the editor keeps for the signed-in person (Sveltia CMS stores its user as JSON
 * under `sveltia-cms.user`); null in local mode or when nobody is signed in.
 */
export function githubTokenOf(storedUser: string | null): string | null {
  if (!storedUser) return null;
  try {
    const user = JSON.parse(storedUser) as { backendName?: unknown; token?: unknown };
    return user.backendName === 'github' && typeof user.token === 'string' && user.token !== '' ? user.token : null;
  } catch {
    return null;
  }
}

/** The signature request: a POST from this page, with the person's GitHub token when there is one. */
export function signatureRequest(token: string | null): RequestInit {
  return { method: 'POST', credentials: 'same-origin', cache: 'no-store', headers: token ? { Authorization: `Bearer ${token}` } : {} };
}

export interface UploadSignature {
  readonly signature: string;
  readonly expire: string;
}

/** The worker's answer: the signature, or an Error with the worker's message. */
export function readSignatureAnswer(status: number, body: unknown): UploadSignature {
  const answer = (typeof body === 'object' && body !== null ? body : {}) as { signature?: unknown; expire?: unknown; message?: unknown };
  if (status === 200 && typeof answer.signature === 'string' && typeof answer.expire === 'string') return { signature: answer.signature, expire: answer.expire };
  throw new Error(typeof answer.message === 'string' && answer.message !== '' ? answer.message : `The upload could not be signed (${status}).`);
}

/**
 * Uploadcare's direct upload takes files up to 100 MB; larger ones would go in parts to storage
 * hosts the editor's policy does not allow, so every file goes directly and a larger one is
 * refused by Uploadcare with its own message.
 */
export const DIRECT_UPLOAD_LIMIT_BYTES = 100 * 1024 * 1024;

/** The options of one file's upload (the upload client's `uploadFile`). */
export function uploadOptionsFor(file: { readonly name: string; readonly type: string }, settings: UploadSettings, signature: UploadSignature, onProgress: (percent: number) => void) {
  return {
    publicKey: settings.publicKey,
    baseURL: settings.uploadUrl,
    fileName: sanitizeFilename(file.name || 'upload'),
    ...(file.type ? { contentType: file.type } : {}),
    // Stored for good: the import refuses a file Uploadcare would delete after a day.
    store: true as const,
    secureSignature: signature.signature,
    secureExpire: signature.expire,
    multipartMinFileSize: DIRECT_UPLOAD_LIMIT_BYTES + 1,
    onProgress: (progress: { isComputable: boolean; value?: number }) => {
      if (progress.isComputable && typeof progress.value === 'number') onProgress(progress.value * 100);
    },
  };
}

/** The value an upload leaves in the field: its CDN address, made by the media model. */
export function fieldValueOf(kind: UploadKind, info: UploadWidgetFileInfo, cdnUrl: string): string {
  if (kind === 'image') return UploadedImage.fromUploadWidget(info, { cdn: cdnUrl }).cdnUrl;
  return UploadedFile.fromUploadWidget(info, { cdn: cdnUrl }).cdnUrl;
}

/** A small preview of a CDN image address, for the field; null for anything else (a path in media/). */
export function previewAddressOf(value: unknown, cdnUrl: string): string | null {
  if (typeof value !== 'string') return null;
  const address = parseCdnAddress(value);
  if (!address) return null;
  return fileUrl({ uuid: address.uuid, filename: address.filename ?? '' }, [...address.effects, 'preview/320x320'], cdnUrl);
}

/** What a person reads while files go up. */
export function progressText(percent: number): string {
  return `Uploading to Uploadcare… ${Math.floor(Math.min(100, Math.max(0, percent)))} %`;
}

/** The message shown for a failed upload: the error's own (Uploadcare's, the worker's, the model's), as it is. */
export function failureMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

export interface UploadDeps<F> {
  /** Asks the worker for a signature (throws with its message when refused). */
  signature(): Promise<UploadSignature>;
  /** Uploads one file with the upload client's options; resolves to Uploadcare's file info. */
  upload(file: F, options: ReturnType<typeof uploadOptionsFor>): Promise<UploadWidgetFileInfo>;
  /** Batch progress, 0 to 100, as it changes. */
  onProgress?(percent: number): void;
}

export interface UploadOutcome {
  /** The field values of the files that went up and fit the field, in the order given. */
  readonly values: string[];
  /** One message per file that did not, in the order given. */
  readonly errors: string[];
}

/**
 * Uploads `files` for a field of `kind`. One signature serves the batch; when the worker refuses
 * it, nothing is uploaded and every file fails with the worker's message. An empty batch resolves
 * at once with nothing.
 */
export async function uploadBatch<F extends { readonly name: string; readonly type: string }>(files: readonly F[], kind: UploadKind, settings: UploadSettings, deps: UploadDeps<F>): Promise<UploadOutcome> {
  if (files.length === 0) return { values: [], errors: [] };
  let signature: UploadSignature;
  try {
    signature = await deps.signature();
  } catch (error) {
    return { values: [], errors: files.map(() => failureMessage(error)) };
  }
  const results = await runUploadBatch(
    files,
    async (file, report) => fieldValueOf(kind, await deps.upload(file, uploadOptionsFor(file, settings, signature, report)), settings.cdnUrl),
    (percent) => deps.onProgress?.(percent),
  );
  return { values: results.successful, errors: results.failed.map((failure) => failureMessage(failure.error)) };
}
