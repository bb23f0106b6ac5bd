/**
 * Conditional GET for generated documents (feeds, sitemaps, JSON): an ETag from the body and a
 * Last-Modified from the content; a matching If-None-Match or a fresh If-Modified-Since → 304.
 */
export async function bodyEtag(body: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(body));
  return `W/"${[...new Uint8Array(digest)].slice(0, 12).map((byte) => byte.toString(16).padStart(2, '0')).join('')}"`;
}

export async function conditionalResponse(
  request: Request,
  body: string,
  init: { contentType: string; cacheControl: string; lastModified?: number | null; headers?: Record<string, string> },
): Promise<Response> {
  const etag = await bodyEtag(body);
  const headers: Record<string, string> = { 'Content-Type': init.contentType, 'Cache-Control': init.cacheControl, ETag: etag, ...init.headers };
  if (init.lastModified) headers['Last-Modified'] = new Date(init.lastModified * 1000).toUTCString();
  const ifNoneMatch = request.headers.get('If-None-Match');
  const ifModifiedSince = request.headers.get('If-Modified-Since');
  const notModified = ifNoneMatch
    ? ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')
    : Boolean(ifModifiedSince && init.lastModified && Date.parse(ifModifiedSince) >= init.lastModified * 1000);
  if (notModified) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
}
