// Builds what the press team's editor page (/admin/, src/admin/) loads, into hashed files under
// public/admin-assets/, apart from the readers' bundle (public/assets/): the prebuilt Sveltia CMS
// bundle as npm ships it (with the one chunk it loads beside itself and its interface's
// translations), our own small admin script (src/admin/client/admin.ts, esbuild) and the story
// preview's module it loads when a preview opens (src/admin/client/story-preview.tsx), and a
// stylesheet declaring the two fonts Sveltia would
// otherwise fetch from jsDelivr, self-hosted from their npm packages under the family names
// Sveltia asks for (docs/decisions/0039-the-press-teams-editor.md), and Immutable.js, which Sveltia
// imports from unpkg once a preview template or a custom field type is registered: the page's
// import map sends that address here (ADRs 0041 and 0042). Writes
// src/admin/admin-manifest.generated.json, the hashed addresses the worker's /admin/ page names.
// Inputs unchanged since the last build (same digest): nothing is rewritten.
//   node scripts/build/build-admin.mjs
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const outdir = join(root, 'public/admin-assets');
export const ADMIN_ASSETS_PATH = '/admin-assets/';
const manifestPath = join(root, 'src/admin/admin-manifest.generated.json');
const sveltia = join(root, 'node_modules/@sveltia/cms');
const adminScript = join(root, 'src/admin/client/admin.ts');
const previewModule = join(root, 'src/admin/client/story-preview.tsx');

/**
 * The fonts, by the family name Sveltia's own @font-face rules use: the npm package's stylesheet
 * of the variable weight axis, its family renamed.
 */
const FONTS = [
  { family: 'Source Sans 3', css: 'node_modules/@fontsource-variable/source-sans-3/wght.css' },
  { family: 'Material Symbols Outlined', css: 'node_modules/@fontsource-variable/material-symbols-outlined/wght.css' },
];

/**
 * Where Sveltia's prebuilt bundle imports Immutable.js from (its `loadModule`: unpkg, the version
 * its package.json asks for without the range sign, `dist/immutable.es.js`), and that file as npm
 * installed it for Sveltia. The build stops if the bundle no longer names that file.
 */
function immutableModule(editorBytes) {
  const { dependencies } = JSON.parse(readFileSync(join(sveltia, 'package.json'), 'utf8'));
  const file = 'dist/immutable.es.js';
  if (!dependencies?.immutable || !editorBytes.includes(Buffer.from(file))) throw new Error(`Sveltia CMS no longer imports immutable's ${file}: see scripts/build/build-admin.mjs`);
  const packageJson = createRequire(join(sveltia, 'package.json')).resolve('immutable/package.json');
  return { specifier: `https://unpkg.com/immutable@${dependencies.immutable.replace(/^\D/, '')}/${file}`, bytes: readFileSync(join(dirname(packageJson), file)) };
}

const hashOf = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);

/** `name-hash.ext` for a file's bytes. */
function hashedName(name, bytes) {
  const dot = name.lastIndexOf('.');
  return `${name.slice(0, dot)}-${hashOf(bytes)}${name.slice(dot)}`;
}

/** Every file to write, as { path under outdir: bytes }, and the manifest naming the entry points. */
async function plan() {
  const files = new Map();
  const add = (name, bytes) => {
    const hashed = hashedName(name, bytes);
    files.set(hashed, bytes);
    return `${ADMIN_ASSETS_PATH}${hashed}`;
  };

  // Sveltia loads `chunks/react-dom.js` beside its own script (only for React-based extensions):
  // both go in one folder named by the bundle's version and bytes, so the relative address holds.
  // Its interface's translations (every language but American English) go there too: Sveltia
  // would fetch them from unpkg, which the editor's policy blocks; our admin script sends those
  // requests here (src/admin/client/editor-locales.ts).
  const editorBytes = readFileSync(join(sveltia, 'dist/sveltia-cms.js'));
  const chunkBytes = readFileSync(join(sveltia, 'dist/chunks/react-dom.js'));
  const locales = readdirSync(join(sveltia, 'locales'))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => [name, readFileSync(join(sveltia, 'locales', name))]);
  if (locales.length === 0) throw new Error(`${join(sveltia, 'locales')} holds no translations: the editor would not load in another language than American English`);
  const { version } = JSON.parse(readFileSync(join(sveltia, 'package.json'), 'utf8'));
  const editorFolder = `sveltia-cms-${version}-${hashOf(Buffer.concat([editorBytes, chunkBytes, ...locales.flatMap(([name, bytes]) => [Buffer.from(name), bytes])]))}`;
  files.set(`${editorFolder}/sveltia-cms.js`, editorBytes);
  files.set(`${editorFolder}/chunks/react-dom.js`, chunkBytes);
  for (const [name, bytes] of locales) files.set(`${editorFolder}/locales/${name}`, bytes);

  const immutable = immutableModule(editorBytes);
  const importMap = JSON.stringify({ imports: { [immutable.specifier]: add('immutable.es.js', immutable.bytes) } });

  let stylesheet = '/* The editor\'s fonts, self-hosted (scripts/build/build-admin.mjs). */\n';
  for (const font of FONTS) {
    const cssPath = join(root, font.css);
    const css = readFileSync(cssPath, 'utf8').replace(/font-family: '[^']+';/g, `font-family: '${font.family}';`);
    stylesheet += css.replace(/url\(\.\/files\/([^)]+)\)/g, (_, file) => `url(${add(basename(file), readFileSync(join(dirname(cssPath), 'files', file)))})`);
    stylesheet += '\n';
  }

  // The story preview's module, loaded by the admin script when a preview first opens: built
  // first, so the admin script can name its hashed address.
  const bundleOptions = {
    bundle: true,
    target: ['es2022'],
    minify: true,
    write: false,
    legalComments: 'none',
    logLevel: 'warning',
    jsx: 'automatic',
    // React (the preview renders the site's views) in its production build.
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { '#src': join(root, 'src') },
  };
  const preview = await build({ ...bundleOptions, entryPoints: [previewModule], format: 'esm' });
  const previewUrl = add('story-preview.js', Buffer.from(preview.outputFiles[0].contents));
  const script = await build({
    ...bundleOptions,
    entryPoints: [adminScript],
    format: 'iife',
    define: { ...bundleOptions.define, STORY_PREVIEW_MODULE: JSON.stringify(previewUrl) },
    // Imported by its address when a preview opens, not bundled.
    external: [previewUrl],
  });

  return {
    files,
    manifest: {
      editor: `${ADMIN_ASSETS_PATH}${editorFolder}/sveltia-cms.js`,
      editorLocales: `${ADMIN_ASSETS_PATH}${editorFolder}/locales/`,
      editorVersion: version,
      script: add('admin.js', Buffer.from(script.outputFiles[0].contents)),
      stylesheet: add('admin.css', Buffer.from(stylesheet)),
      importMap,
      // The policy allows the inline import map by this hash (src/admin/admin-headers.ts).
      importMapSource: `'sha256-${createHash('sha256').update(importMap).digest('base64')}'`,
    },
  };
}

/** Writes the files that are missing or differ, prunes older builds', and the manifest when it changes. */
export async function buildAdmin({ quiet = false } = {}) {
  const { files, manifest } = await plan();
  let written = 0;
  for (const [name, bytes] of files) {
    const path = join(outdir, name);
    if (existsSync(path) && readFileSync(path).equals(bytes)) continue;
    mkdirSync(dirname(path), { recursive: true });
    // Whole or not at all: a server may be reading the folder meanwhile.
    const temporary = `${path}.${process.pid}`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
    written += 1;
  }
  if (existsSync(outdir)) {
    for (const entry of readdirSync(outdir, { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath ?? entry.path, entry.name);
      const name = path.slice(outdir.length + 1).split('\\').join('/');
      if (entry.isFile() && !files.has(name) && !/\.\d+$/.test(name)) rmSync(path, { force: true });
    }
  }
  // Written only when it changes: wrangler dev reloads the worker on every write under src/.
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  if (!existsSync(manifestPath) || readFileSync(manifestPath, 'utf8') !== manifestText) writeFileSync(manifestPath, manifestText);
  if (!quiet) console.log(`  admin: ${manifest.editor} (Sveltia CMS ${manifest.editorVersion}), ${written} file(s) written`);
  return manifest;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildAdmin();
