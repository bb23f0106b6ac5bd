/**
 * The stored shape of an uploaded image (docs/spec-coverage.md section 3), as kept in D1 and in content rows.
 * The behaviour (addresses, effects, dimensions) lives in ./media; this is only the data.
 */
export interface StoredFilePayload {
  readonly version: number;
  readonly uuid: string;
  readonly filename: string;
  readonly mime_type: string;
  readonly size: number;
  /** Caption, and credit and licence for reuse (src/domain/image-rights.ts). */
  readonly 'prezly:data'?: { readonly caption?: string; readonly credit?: string; readonly licence?: string };
}

export interface StoredImagePayload extends StoredFilePayload {
  readonly original_width: number;
  readonly original_height: number;
  readonly effects: readonly string[];
}
