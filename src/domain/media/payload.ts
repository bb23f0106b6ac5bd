/**
 * Checks for stored payloads (docs/spec-coverage.md sections 3 and 5). Payloads come back from D1, content files
 * and the upload widget, so they are checked once on the way in; after that the model trusts them.
 * Plain functions instead of a schema library keep this usable in the browser bundle at no cost.
 */
import type { StoredFilePayload, StoredImagePayload } from '#src/domain/media-payload';
import { UPLOADCARE_FILE_DATA_KEY } from './constants';

/** A payload (or constructor input) broke the field rules; `issues` name each broken field. */
export class MediaPayloadError extends Error {
  override readonly name = 'MediaPayloadError';
  constructor(
    what: string,
    readonly issues: readonly string[],
  ) {
    super(`Invalid ${what}: ${issues.join('; ')}`);
  }
}

/** Field problems of a stored file payload; empty when it is valid. */
export function storedFilePayloadIssues(value: unknown): string[] {
  if (!isRecord(value)) return ['payload must be an object'];
  return [
    ...positiveNumberIssues(value, 'version'),
    ...nonEmptyStringIssues(value, 'uuid'),
    ...nonEmptyStringIssues(value, 'filename'),
    ...nonEmptyStringIssues(value, 'mime_type'),
    ...positiveNumberIssues(value, 'size'),
    ...dataIssues(value),
  ];
}

/** Field problems of a stored image payload; empty when it is valid. */
export function storedImagePayloadIssues(value: unknown): string[] {
  if (!isRecord(value)) return ['payload must be an object'];
  return [
    ...storedFilePayloadIssues(value),
    ...positiveNumberIssues(value, 'original_width'),
    ...positiveNumberIssues(value, 'original_height'),
    ...effectsIssues(value),
  ];
}

export function isStoredFilePayload(value: unknown): value is StoredFilePayload {
  return storedFilePayloadIssues(value).length === 0;
}

export function isStoredImagePayload(value: unknown): value is StoredImagePayload {
  return storedImagePayloadIssues(value).length === 0;
}

/** The caption kept under `prezly:data`, if any. Call only on a payload that passed the checks. */
export function captionOf(payload: StoredFilePayload): string | undefined {
  return payload[UPLOADCARE_FILE_DATA_KEY]?.caption;
}

/** The `prezly:data` part of a payload: present only when there is something to keep. */
export function dataPart(caption: string | undefined): Pick<StoredFilePayload, typeof UPLOADCARE_FILE_DATA_KEY> {
  return caption === undefined ? {} : { [UPLOADCARE_FILE_DATA_KEY]: { caption } };
}

export function nonEmptyStringIssues(record: Record<string, unknown>, key: string): string[] {
  const value = record[key];
  return typeof value === 'string' && value !== '' ? [] : [`${key} must be a non-empty string`];
}

export function positiveNumberIssues(record: Record<string, unknown>, key: string): string[] {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? [] : [`${key} must be a number greater than 0`];
}

function effectsIssues(record: Record<string, unknown>): string[] {
  const effects = record['effects'];
  if (!Array.isArray(effects)) return ['effects must be a list'];
  return effects.every((effect) => typeof effect === 'string' && effect !== '') ? [] : ['effects must be non-empty strings'];
}

function dataIssues(record: Record<string, unknown>): string[] {
  const data = record[UPLOADCARE_FILE_DATA_KEY];
  if (data === undefined) return [];
  if (!isRecord(data)) return [`${UPLOADCARE_FILE_DATA_KEY} must be an object`];
  return ['caption', 'credit', 'licence'].flatMap((name) =>
    data[name] === undefined || typeof data[name] === 'string' ? [] : [`${UPLOADCARE_FILE_DATA_KEY}.${name} must be a string`],
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
