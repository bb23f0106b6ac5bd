/**
 * The offline stand-in for a CDN upload: media files copied into the worker's static assets, which
 * serve them at /media/{uuid}/{filename} (public/media/, not in git). The local import does it for
 * the folder it imports, the test seed's build for the test content folder. Each file is written
 * under a temporary name and renamed, so a server or another copy running at the same time never
 * reads half a file.
 */
import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function copyMediaToAssets(media: readonly { absolutePath: string; payload: { uuid: string; filename: string } }[]): void {
  for (const file of media) {
    const target = join(root, 'public', 'media', file.payload.uuid, file.payload.filename);
    if (existsSync(target)) continue;
    mkdirSync(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    copyFileSync(file.absolutePath, temporary);
    renameSync(temporary, target);
  }
}
