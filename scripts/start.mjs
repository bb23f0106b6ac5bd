// `npm start`: applies migrations, imports the demo newsroom (a no-op when it is already there),
// then serves it with wrangler dev on http://localhost:8787, fully offline.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const port = process.env.PORT ?? '8787';

const prepared = spawnSync(process.execPath, [join(root, 'scripts/prepare-local.mjs')], { cwd: root, env, stdio: 'inherit' });
if (prepared.status !== 0) process.exit(prepared.status ?? 1);

const server = spawn(
  join(root, 'node_modules/.bin/wrangler'),
  ['dev', '--local', '--ip', '127.0.0.1', '--port', port, '--show-interactive-dev-session=false', '--var', 'SHOW_OUTBOX:true', ...process.argv.slice(2)],
  { cwd: root, env, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
