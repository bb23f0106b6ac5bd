/**
 * The editor's one HTML page, /admin/: Sveltia CMS's bundle and our admin script at their hashed
 * addresses (scripts/build-admin.mjs), told where Sveltia's translations are, the self-hosted
 * fonts' stylesheet, nothing of the readers' site. Sveltia reads `config.yml` beside the page (src/admin/admin-routes.ts serves it).
 */
export interface AdminAssets {
  readonly editor: string;
  /** The folder of Sveltia's interface translations, ending with a slash (src/admin/client/editor-locales.ts). */
  readonly editorLocales: string;
  readonly script: string;
  readonly stylesheet: string;
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
    `<link rel="stylesheet" href="${assets.stylesheet}">`,
    `<script src="${assets.script}" data-editor-translations="${assets.editorLocales}"></script>`,
    '</head>',
    '<body>',
    `<script src="${assets.editor}"></script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
