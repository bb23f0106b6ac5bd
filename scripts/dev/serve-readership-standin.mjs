// The readership stand-in (./readership-standin.mjs) served on loopback for `npm start`, its
// points kept in a file (one JSON line each) so they outlast a restart, like the local D1 and KV
// under .wrangler/state. `npm run readership -- SLUG` reads them through its SQL API.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname } from 'node:path';
import { createReadershipStandin } from './readership-standin.mjs';

/** The stand-in's port under `npm start` (READERSHIP_STANDIN_PORT for another). */
export const DEFAULT_STANDIN_PORT = 8799;

/** Serves the stand-in on 127.0.0.1:`port`; resolves to its origin and a close function. */
export async function serveReadershipStandin({ port = DEFAULT_STANDIN_PORT, file = null } = {}) {
  const points = file && existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line)) : [];
  if (file) mkdirSync(dirname(file), { recursive: true });
  const standin = createReadershipStandin({ points, onPoint: (point) => file && appendFileSync(file, `${JSON.stringify(point)}\n`) });
  const server = createServer(async (incoming, outgoing) => {
    const chunks = [];
    for await (const chunk of incoming) chunks.push(chunk);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const response = await standin.fetch(`http://127.0.0.1:${port}${incoming.url}`, { method: incoming.method, headers: incoming.headers, body: incoming.method === 'GET' || incoming.method === 'HEAD' ? undefined : body });
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  const actual = server.address().port;
  return { origin: `http://127.0.0.1:${actual}`, standin, close: () => new Promise((resolve) => server.close(resolve)) };
}
