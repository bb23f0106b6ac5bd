/**
 * Where the browser bundle is: the hashed entry written by scripts/build/build-client.mjs (which
 * `npm start`, `npm test`, wrangler's build step and the bench all run first).
 */
import manifest from './client-manifest.generated.json';

export const CLIENT_ENTRY: string = manifest.entry;
/** A hash of the browser bundle and the stylesheets: part of every page-cache key. */
export const CLIENT_BUILD: string = manifest.build;
