// The offline media server (src/routes/media.ts) with a stand-in for the static-assets binding:
// files from the site's own origin can never act as its pages.
import { expect, test } from 'vitest';
import { isDocumentContentType, media, MEDIA_CONTENT_SECURITY_POLICY } from '#src/routes/media';

const UUID = '0b7e6c1a-1111-4222-8333-444455556666';

function serve(path: string, contentType: string) {
  const assets = { fetch: async () => new Response('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', { headers: { 'Content-Type': contentType } }) };
  return media.request(path, {}, { ASSETS: assets });
}

test.each([
  ['image/svg+xml', true],
  ['text/html; charset=utf-8', true],
  ['application/xhtml+xml', true],
  ['text/xml', true],
  ['IMAGE/SVG+XML', true],
  ['image/jpeg', false],
  ['application/pdf', false],
  [null, false],
])('%s is a document type (downloaded, never shown in place): %s', (type, expected) => {
  expect(isDocumentContentType(type)).toBe(expected);
});

test('an SVG is sandboxed and downloaded, not rendered on the newsroom origin', async () => {
  const response = await serve(`/${UUID}/logo.svg`, 'image/svg+xml');
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Security-Policy')).toBe(MEDIA_CONTENT_SECURITY_POLICY);
  expect(MEDIA_CONTENT_SECURITY_POLICY).toMatch(/default-src 'none'.*sandbox/);
  expect(response.headers.get('Content-Disposition')).toBe("attachment; filename*=UTF-8''logo.svg");
});

test('a photo is shown in place, sandboxed all the same', async () => {
  const response = await serve(`/${UUID}/-/resize/800x/photo.jpg`, 'image/jpeg');
  expect(response.headers.get('Content-Security-Policy')).toBe(MEDIA_CONTENT_SECURITY_POLICY);
  expect(response.headers.get('Content-Disposition')).toBeNull();
});
