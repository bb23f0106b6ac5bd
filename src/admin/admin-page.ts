/**
 * The editor's one HTML page, /admin/: Sveltia CMS's bundle and our admin script at their hashed
 * addresses (scripts/build-admin.mjs), the self-hosted fonts' stylesheet, nothing of the readers'
 * site. Sveltia reads `config.yml` beside the page (src/admin/admin-routes.ts serves it).
 *
 * The page's import map sends the address Sveltia imports Immutable.js from (unpkg, for its
 * preview templates) to our own copy, so the story preview works offline and the policy names no
 * CDN; the map is the page's one inline script, allowed by its hash (importMapSource).
 */
import { scriptJson } from '#src/views/script-json';
import { scriptHashSource } from './admin-headers';

export interface AdminAssets {
  readonly editor: string;
  readonly script: string;
  readonly stylesheet: string;
  /** Module specifiers Sveltia imports from a CDN → our hashed copies. */
  readonly importMap: { readonly imports: Readonly<Record<string, string>> };
}

/** The import map's text, exactly as the page holds it (the hash is taken of these characters). */
export function importMapText(assets: AdminAssets): string {
  return scriptJson(assets.importMap);
}

let importMapHash: { text: string; source: Promise<string> } | undefined;

/** `'sha256-…'`: the CSP source that allows the page's import map and no other inline script. */
export function importMapSource(assets: AdminAssets): Promise<string> {
  const text = importMapText(assets);
  if (importMapHash?.text !== text) importMapHash = { text, source: scriptHashSource(text) };
  return importMapHash.source;
}

/** The page; the assets are paths our own build wrote (hashed file names), written in as they are. */
export function adminPageHtml(assets: AdminAssets): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<title>Newsroom editor</title>',
    // Before any script: a module resolved before the map is not remapped.
    `<script type="importmap">${importMapText(assets)}</script>`,
    `<link rel="stylesheet" href="${assets.stylesheet}">`,
    `<script src="${assets.script}"></script>`,
    '</head>',
    '<body>',
    `<script src="${assets.editor}"></script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
