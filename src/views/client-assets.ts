/**
 * Where the browser bundle is: the hashed entry written by scripts/build-client.mjs (which
 * `npm start`, `npm test`, wrangler's build step and the bench all run first).
 */
import manifest from './client-manifest.generated.json';

export const CLIENT_ENTRY: string = manifest.entry;
