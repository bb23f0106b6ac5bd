// Builds the browser code (src/client) with esbuild into hashed files under public/assets/, served
// as Workers static assets, and writes src/views/client-manifest.generated.json, which tells the
// worker the entry's hashed address. Prints each file's gzip size and checks the first-load
// budget: the entry plus what it imports statically (React is only ever imported dynamically).
// A build whose inputs (every file esbuild read, and this script) are byte for byte those of the
// last one is not redone: `npm test`, the vitest config and every `wrangler dev` and dry-run
// deploy ask for the bundle, and only the first of them builds it. The editor's files (/admin,
// scripts/build/build-admin.mjs) are built along, apart: they never count in the readers' budget.
//   node scripts/build/build-client.mjs           build, print sizes, exit 1 over budget
import { build, version as esbuildVersion } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildAdmin } from './build-admin.mjs';

export const FIRST_LOAD_BUDGET_BYTES = 20 * 1024;

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const outdir = join(root, 'public/assets');
const manifestPath = join(root, 'src/views/client-manifest.generated.json');
/** What the last build read and wrote (its inputs' digest and esbuild's outputs): a tool cache. */
const stampPath = join(root, 'node_modules/.cache/newsroom-client-build.json');

/** One digest of the files a build read (paths relative to the root), this script and esbuild's version. */
function digestOf(inputs) {
  const hash = createHash('sha256').update(esbuildVersion).update(readFileSync(fileURLToPath(import.meta.url)));
  for (const file of [...inputs].sort()) {
    const path = join(root, file);
    hash.update(file).update(existsSync(path) ? readFileSync(path) : 'missing');
  }
  return hash.digest('hex');
}

/** The last build's outputs, when its inputs are unchanged and its files are all still there. */
function lastBuildIfCurrent() {
  try {
    const stamp = JSON.parse(readFileSync(stampPath, 'utf8'));
    const complete = existsSync(manifestPath) && Object.keys(stamp.outputs).every((file) => existsSync(join(root, file)));
    return complete && digestOf(stamp.inputs) === stamp.digest ? stamp.outputs : null;
  } catch {
    return null; // no stamp yet, or one being written
  }
}

/** esbuild's metafile outputs: each file's size and imports, and which one is the entry. */
async function bundle() {
  // No wiping first: several wrangler dev processes (parallel browser tests) may run this build
  // at once while serving the folder. The same sources give the same hashed names and bytes,
  // so rewriting is harmless; stale files of older builds are pruned afterwards.
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    entryPoints: { main: join(root, 'src/client/main.ts') },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2022', 'chrome100', 'firefox100', 'safari15.4'],
    minify: true,
    sourcemap: false,
    outdir,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    jsx: 'automatic',
    // __SENTRY_DEBUG__: the SDK's debug logging, dead code in a production bundle.
    define: { 'process.env.NODE_ENV': '"production"', __SENTRY_DEBUG__: 'false' },
    alias: { '#src': join(root, 'src') },
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });

  const outputs = result.metafile.outputs;
  const current = new Set(Object.keys(outputs).map((file) => join(root, file)));
  for (const entry of readdirSync(outdir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath ?? entry.path, entry.name);
    if (entry.isFile() && !current.has(path)) rmSync(path, { force: true });
  }
  const inputs = Object.keys(result.metafile.inputs);
  // Written whole, then renamed: a build starting meanwhile reads the old stamp or the new one.
  mkdirSync(dirname(stampPath), { recursive: true });
  const temporary = `${stampPath}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify({ digest: digestOf(inputs), inputs, outputs }));
  renameSync(temporary, stampPath);
  return outputs;
}

export async function buildClient({ quiet = false } = {}) {
  const outputs = lastBuildIfCurrent() ?? (await bundle());
  const toUrl = (file) => `/${relative(join(root, 'public'), join(root, file)).split('\\').join('/')}`;
  const gzipBytes = (file) => gzipSync(readFileSync(join(root, file)), { level: 9 }).length;
  const [entryFile] = Object.entries(outputs).find(([, output]) => output.entryPoint?.endsWith('src/client/main.ts')) ?? [];
  if (!entryFile) throw new Error('The client build produced no entry');

  // The first load: the entry and, transitively, what it imports statically.
  const firstLoad = new Set();
  const visit = (file) => {
    if (firstLoad.has(file)) return;
    firstLoad.add(file);
    for (const imported of outputs[file]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(entryFile);

  const files = Object.keys(outputs).filter((file) => file.endsWith('.js'));
  const sizes = Object.fromEntries(files.map((file) => [toUrl(file), { bytes: outputs[file].bytes, gzip: gzipBytes(file), firstLoad: firstLoad.has(file) }]));
  const firstLoadGzip = [...firstLoad].reduce((sum, file) => sum + gzipBytes(file), 0);
  // What a page names of this build: the hashed scripts and the stylesheets (unhashed addresses).
  // The page cache keys on it, so pages naming another build's assets are never served.
  const buildHash = createHash('sha256');
  for (const file of Object.keys(outputs).sort()) buildHash.update(`${toUrl(file)}\n`);
  for (const sheet of ['site.css', 'embed.css']) buildHash.update(readFileSync(join(root, 'public/styles', sheet)));
  const manifest = { entry: toUrl(entryFile), build: buildHash.digest('hex').slice(0, 16), firstLoad: [...firstLoad].map(toUrl), firstLoadGzipBytes: firstLoadGzip, budgetGzipBytes: FIRST_LOAD_BUDGET_BYTES };
  // Written only when it changes: wrangler dev reloads the worker on every write under src/.
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  if (!existsSync(manifestPath) || readFileSync(manifestPath, 'utf8') !== manifestText) writeFileSync(manifestPath, manifestText);
  // The editor's files (/admin) too: every caller of this build serves or tests the worker, which
  // names both. After the manifest: the editor's story preview bundles the site's views, which read it.
  await buildAdmin({ quiet });

  if (!quiet) {
    for (const [url, size] of Object.entries(sizes)) {
      console.log(`  ${url.padEnd(48)} ${String(size.bytes).padStart(8)} B  ${String(size.gzip).padStart(7)} B gzip${size.firstLoad ? '  (first load)' : ''}`);
    }
    console.log(`  first load: ${firstLoadGzip} B gzip of ${FIRST_LOAD_BUDGET_BYTES} B budget`);
  }
  return { manifest, sizes, withinBudget: firstLoadGzip <= FIRST_LOAD_BUDGET_BYTES };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { withinBudget, manifest } = await buildClient();
  if (!withinBudget) {
    console.error(`Client first-load JavaScript is ${manifest.firstLoadGzipBytes} B gzip, over the ${FIRST_LOAD_BUDGET_BYTES} B budget`);
    process.exit(1);
  }
}
