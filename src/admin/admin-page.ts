/**
 * The editor's one HTML page, /admin/: Sveltia CMS's bundle and our admin script at their hashed
 * addresses (scripts/build/build-admin.mjs), told where Sveltia's translations are, the self-hosted
 * fonts' stylesheet, nothing of the readers' site. Sveltia reads `config.yml` beside the page
 * (src/admin/admin-routes.ts serves it). An import map sends Sveltia's import of Immutable.js from
 * unpkg (for preview templates and custom field types) to our copy (scripts/build/build-admin.mjs; the
 * policy allows it by hash), so the editor works offline and the policy names no CDN. When the
 * editor uploads to Uploadcare, a JSON data block (never run) hands our script the upload
 * settings for the body blocks' image and file fields, which it registers before config.yml loads.
 */
import { escapeXml } from '#src/pages/feed-formats';
import { scriptJson } from '#src/pages/script-json';
import { UPLOADS_DATA_ID } from './client/uploadcare-upload';
import type { UploadcareFieldSettings } from './editor-config-document';

export interface AdminAssets {
  readonly editor: string;
  /** The folder of Sveltia's interface translations, ending with a slash (src/admin/client/editor-locales.ts). */
  readonly editorLocales: string;
  readonly script: string;
  readonly stylesheet: string;
  /** The import map's JSON, written as it is (the policy names its hash). */
  readonly importMap: string;
}

/** The page; the assets are paths our own build wrote (hashed file names), written in as they are. */
/**
 * `mediaFolder`: where the media folder is in the repository the editor opens (`/media`, or under
 * EDITOR_CONTENT_DIR), for the body blocks' image and file pickers, which register before
 * config.yml (where every other field's folder is) has loaded. `session`: `access` when the
 * editor works on GitHub through the worker's proxy (the person signed in at the door), `local`
 * when it works on a local folder.
 */
export function adminPageHtml(assets: AdminAssets, uploads: UploadcareFieldSettings | null = null, mediaFolder = '/media', session: 'access' | 'local' = 'local'): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<title>Newsroom editor</title>',
    // Before any script: a module resolved before the map is not remapped.
    `<script type="importmap">${assets.importMap}</script>`,
    `<link rel="stylesheet" href="${assets.stylesheet}">`,
    ...(uploads ? [`<script type="application/json" id="${UPLOADS_DATA_ID}">${scriptJson(uploads)}</script>`] : []),
    `<script src="${assets.script}" data-editor-translations="${assets.editorLocales}" data-media-folder="${escapeXml(mediaFolder)}" data-session="${session}"></script>`,
    '</head>',
    '<body>',
    `<script src="${assets.editor}"></script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
