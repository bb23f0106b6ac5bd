/**
 * Sveltia CMS's interface in the press officer's language, from this site. Sveltia has American
 * English built in and fetches every other translation (British English, French, Arabic…, the
 * one the browser prefers) from unpkg when it starts; the editor's policy blocks unpkg, and
 * Sveltia 0.221.1, its translation refused, falls back and asks again without end, so /admin/
 * never finishes loading in a browser set to any other language. The translations ship in its npm
 * package: scripts/build/build-admin.mjs serves them beside the bundle, and this sends Sveltia's
 * requests for them there (docs/decisions/0039-the-press-teams-editor.md).
 */

/** Where Sveltia asks for a translation: unpkg, its version, `locales/<code>.json`. */
const SVELTIA_TRANSLATION = /^https:\/\/unpkg\.com\/@sveltia\/cms@[\w.-]+\/locales\/([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,4})?\.json)$/;

/** The address on this site of the translation `url` names (`folder` ends with a slash), or null for any other address. */
export function ownTranslationUrl(url: string, folder: string): string | null {
  const file = SVELTIA_TRANSLATION.exec(url)?.[1];
  return file ? `${folder}${file}` : null;
}

/** Makes the page's fetch answer Sveltia's translation requests from `folder` on this site; every other request is left alone. */
export function serveEditorTranslationsFrom(folder: string): void {
  const fetchAsAsked = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const own = ownTranslationUrl(url, folder);
    return fetchAsAsked(own ?? input, init);
  };
}
