/**
 * Conditional GET (RFC 9110 sections 8.8, 13 and 15.4.5), one way for every answer that has a
 * validator: the documents routes generate (feeds, sitemaps, JSON and Markdown alternates) and
 * the pages the page cache replays. One ETag of the body, one test of the request's conditions,
 * one 304; so a validator a visitor got on a cache miss still matches on a hit, and the other way.
 */
import { sha256Hex } from '#src/domain/sha256';

/**
 * A strong validator (RFC 9110 8.8.3): the first 128 bits of the SHA-256 of the body's bytes, hex,
 * quoted. A CDN that compresses the body may weaken it (`W/`), which If-None-Match's weak
 * comparison still matches.
 */
export async function entityTag(body: string | ArrayBuffer | Uint8Array<ArrayBuffer>): Promise<string> {
  // The first 128 bits: plenty to tell two bodies apart.
  return `"${(await sha256Hex(body)).slice(0, 32)}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): `W/"a"` and `"a"` match. */
export function ifNoneMatchMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim() === '*' || bare(candidate) === bare(etag));
}

/**
 * Should the answer be a 304? If-None-Match decides when present (RFC 9110 13.2.2); otherwise
 * If-Modified-Since against the answer's own Last-Modified, when it has one.
 */
export function isNotModified(requestHeaders: Headers, etag: string, lastModified: string | null): boolean {
  const ifNoneMatch = requestHeaders.get('If-None-Match');
  if (ifNoneMatch) return ifNoneMatchMatches(ifNoneMatch, etag);
  const since = Date.parse(requestHeaders.get('If-Modified-Since') ?? '');
  const modified = Date.parse(lastModified ?? '');
  return Number.isFinite(since) && Number.isFinite(modified) && modified <= since;
}

/**
 * What a 304 keeps of the 200 it stands for (RFC 9110 15.4.5): the fields a 200 would carry that
 * update the client's stored copy (validators, caching, Vary, Date, Content-Location) and those
 * about this answer rather than the representation (Age, the page cache's X-Cache and
 * Server-Timing). Never Content-Type, Content-Length or other representation metadata.
 */
export const NOT_MODIFIED_HEADERS: readonly string[] = ['etag', 'last-modified', 'cache-control', 'expires', 'vary', 'date', 'content-location', 'age', 'x-cache', 'server-timing'];

/** The 304 for an answer with these headers. */
export function notModifiedResponse(headers: Headers): Response {
  const kept = new Headers();
  for (const name of NOT_MODIFIED_HEADERS) {
    const value = headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  return new Response(null, { status: 304, headers: kept });
}

export interface ConditionalInit {
  readonly contentType: string;
  readonly cacheControl: string;
  /** When the content last changed, in seconds; null or 0 when unknown. */
  readonly lastModified?: number | null;
  readonly headers?: Record<string, string>;
}

/** A generated document with its ETag and Last-Modified, or the 304 the request's conditions earn. */
export async function conditionalResponse(request: Request, body: string, init: ConditionalInit): Promise<Response> {
  const headers = new Headers({ 'Content-Type': init.contentType, 'Cache-Control': init.cacheControl, ETag: await entityTag(body), ...init.headers });
  if (init.lastModified) headers.set('Last-Modified', new Date(init.lastModified * 1000).toUTCString());
  if (isNotModified(request.headers, headers.get('ETag')!, headers.get('Last-Modified'))) return notModifiedResponse(headers);
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
}
