// Everything the local worker needs before it starts: migrations applied and the demo content
// imported into local D1 (the import skips itself when nothing changed). Used by `npm start`,
// the browser tests and the benchmark.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const contentDir = process.env.CONTENT_DIR ?? 'content/demo';

const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/import.ts'), contentDir]);
