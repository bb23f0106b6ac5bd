// Files that name their recipient through the real worker (src/routes/recipient-files.ts,
// docs/decisions/0053-files-that-name-their-recipient.md): a story opened through a recipient's
// link serves every file (each image and srcset size, attachments, gallery cards' images, the
// ZIP) at addresses of that recipient alone, privately; each download is counted on their link;
// revoking them ends their files with their page; after the lift (the minute cron) every such
// address answers 301 to the public file.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, expect, test } from 'vitest';
import worker from '#src/worker';
import { cacheRules } from '#src/http/cache-rules';
import { runAtomically } from '#src/platform/d1/import-statements';
import { revokeRecipientStatement } from '#src/platform/d1/recipient-links';
import { recipientsWithFiles } from '../../fixtures/recipients-with-files';
import { get } from '../request';

const SLUG = 'embargoed-story';
const [ANNA, CLAIRE] = ['anna@volkskrant.example', 'claire@lemonde.example'];
let tokens = new Map<string, string>();
const FILE_ADDRESS = /\/s\/(f[A-Za-z0-9_-]{43})\/[^"\s,]+/g;

/** The recipient's page and every file address on it (deduplicated), with the key they share. */
async function filesOnPageOf(email: string): Promise<{ key: string; addresses: string[]; html: string }> {
  const page = await get(`/s/${tokens.get(email)!}`);
  expect(page.status).toBe(200);
  const html = await page.text();
  const addresses = [...new Set([...html.matchAll(FILE_ADDRESS)].map((match) => match[0]))];
  const keys = new Set([...html.matchAll(FILE_ADDRESS)].map((match) => match[1]!));
  expect(keys.size).toBe(1);
  return { key: [...keys][0]!, addresses, html };
}

interface DownloadRow {
  file: string;
  first_at: number;
  last_at: number;
  download_count: number;
}
async function downloadsOf(email: string): Promise<DownloadRow[]> {
  const rows = await env.DB.prepare(
    'SELECT d.file, d.first_at, d.last_at, d.download_count FROM recipient_file_downloads d JOIN recipient_links l ON l.id = d.link_id JOIN journalists j ON j.id = l.journalist_id WHERE j.email = ?1 ORDER BY d.file',
  )
    .bind(email)
    .all<DownloadRow>();
  return rows.results;
}

/** Downloads are counted after the answer: waits (up to 10 s) until the recipient's total reaches `count`. */
async function downloadsReach(email: string, count: number): Promise<DownloadRow[]> {
  for (let waited = 0; waited < 10_000; waited += 25) {
    const rows = await downloadsOf(email);
    if (rows.reduce((sum, row) => sum + row.download_count, 0) >= count) return rows;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return downloadsOf(email);
}

function expectPrivate(response: Response): void {
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.private);
  expect(response.headers.get('X-Robots-Tag')).toContain('noindex');
  expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
}

beforeAll(async () => {
  tokens = await recipientsWithFiles(SLUG, [ANNA, CLAIRE].map((email) => ({ email, name: email.split('@')[0]! })));
});

test('each recipient’s page names every file (each srcset size, attachment, ZIP) at addresses of their own, which differ from another recipient’s and never hold their link token', async () => {
  const anna = await filesOnPageOf(ANNA);
  const claire = await filesOnPageOf(CLAIRE);
  expect(anna.key).not.toBe(claire.key);
  // The image, its size, the gallery card's images, the attachment and the ZIP.
  expect(anna.addresses).toContain(`/s/${anna.key}/d33a4856-9ed9-4700-b1c1-029a258abb3c/-/resize/90x/photo.jpg`);
  expect(anna.addresses).toContain(`/s/${anna.key}/f7b10b77-f8d9-428c-ad9d-474fad9c25eb/-/resize/120x/cover.jpg`);
  expect(anna.addresses.some((address) => address.includes('/-/inline/no/factsheet.pdf'))).toBe(true);
  expect(anna.addresses).toContain(`/s/${anna.key}/download`);
  expect(anna.addresses.map((address) => address.replace(anna.key, 'KEY')).sort()).toEqual(claire.addresses.map((address) => address.replace(claire.key, 'KEY')).sort());
  for (const address of anna.addresses) expect(claire.addresses).not.toContain(address);
  // No public media address of the story's files is left in the story (the header's logo is the
  // newsroom's, public), and no token in an address.
  const article = anna.html.slice(anna.html.indexOf('<article'), anna.html.indexOf('</article>'));
  expect(article).not.toMatch(/\/media\/[0-9a-f]{8}-/);
  expect(anna.html.match(FILE_ADDRESS)!.join(' ')).not.toContain(tokens.get(ANNA)!);
  // A file address does not open the story page.
  expect((await get(`/s/${anna.key}`)).status).toBe(404);
});

test('both recipients’ addresses serve the right bytes privately, and each download is counted on that recipient’s link (first, last, count)', async () => {
  const anna = await filesOnPageOf(ANNA);
  const claire = await filesOnPageOf(CLAIRE);
  const original = new Uint8Array(await (await get('/media/d33a4856-9ed9-4700-b1c1-029a258abb3c/photo.jpg')).arrayBuffer());
  for (const key of [anna.key, claire.key]) {
    const photo = await get(`/s/${key}/d33a4856-9ed9-4700-b1c1-029a258abb3c/-/resize/90x/photo.jpg`);
    expect(photo.status).toBe(200);
    expectPrivate(photo);
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(original);
  }
  const zip = await get(`/s/${anna.key}/download`);
  expect(zip.status).toBe(200);
  expectPrivate(zip);
  expect(zip.headers.get('Content-Type')).toBe('application/zip');
  expect(new Uint8Array(await zip.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
  expect((await get(`/s/${anna.key}/d33a4856-9ed9-4700-b1c1-029a258abb3c/photo.jpg`)).status).toBe(200);

  const annaRows = await downloadsReach(ANNA, 3);
  expect(annaRows.map((row) => [row.file, row.download_count])).toEqual([
    ['d33a4856-9ed9-4700-b1c1-029a258abb3c', 2],
    ['download', 1],
  ]);
  expect(annaRows[0]!.last_at >= annaRows[0]!.first_at).toBe(true);
  expect((await downloadsReach(CLAIRE, 1)).map((row) => [row.file, row.download_count])).toEqual([['d33a4856-9ed9-4700-b1c1-029a258abb3c', 1]]);
});

test('a file that is not the story’s, or a key that is no one’s, is a private 404', async () => {
  const anna = await filesOnPageOf(ANNA);
  const stranger = await get(`/s/${anna.key}/00000000-0000-4000-8000-000000000000/x.jpg`);
  expect(stranger.status).toBe(404);
  expectPrivate(stranger);
  expect((await get(`/s/f${'A'.repeat(43)}/d33a4856-9ed9-4700-b1c1-029a258abb3c/photo.jpg`)).status).toBe(404);
});

test('after a recipient is revoked, their file addresses are 404 and the other recipient’s still serve', async () => {
  const anna = await filesOnPageOf(ANNA);
  const claire = await filesOnPageOf(CLAIRE);
  await runAtomically(env.DB, [revokeRecipientStatement(SLUG, ANNA, Math.floor(Date.now() / 1000))]);
  for (const address of anna.addresses) {
    const gone = await get(address);
    expect(gone.status).toBe(404);
    expectPrivate(gone);
  }
  for (const address of claire.addresses) expect((await get(address)).status).toBe(200);
});

test('after the lift (the minute cron at the release time) a recipient’s file addresses answer 301 to the public files, privately', async () => {
  const claire = await filesOnPageOf(CLAIRE);
  const { published_at } = (await env.DB.prepare('SELECT published_at FROM stories WHERE slug = ?1').bind(SLUG).first<{ published_at: number }>())!;
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: (published_at + 60) * 1000, cron: '* * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
  const photo = await get(`/s/${claire.key}/d33a4856-9ed9-4700-b1c1-029a258abb3c/-/resize/90x/photo.jpg`);
  expect(photo.status).toBe(301);
  expect(photo.headers.get('Location')).toBe('/media/d33a4856-9ed9-4700-b1c1-029a258abb3c/-/resize/90x/photo.jpg');
  expectPrivate(photo);
  const zip = await get(`/s/${claire.key}/download`);
  expect(zip.status).toBe(301);
  expect(zip.headers.get('Location')).toBe(`/${SLUG}/download`);
  expectPrivate(zip);
});
