// The press office view (/admin/press, ADR 0044) shows what each recipient downloaded through
// their own file addresses (docs/decisions/0053-files-that-name-their-recipient.md): downloads
// made through recipient A's addresses (a photo twice, the ZIP once) are on A's row (how many, of
// how many files, first and last in the newsroom's time zone), and recipient B, whose page was
// shown but who downloaded nothing, has none.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, expect, test } from 'vitest';
import { createApp } from '#src/app';
import { ACCESS_HEADER } from '#src/admin/admin-door';
import { formatOfficeTime } from '#src/admin/press/office-time';
import { OFFICE_TEXTS } from '#src/admin/press/press-office-texts';
import { createFakeAccess, type FakeAccess } from '../../fixtures/fake-access';
import { recipientsWithFiles } from '../../fixtures/recipients-with-files';
import { get, ORIGIN } from '../request';

const SLUG = 'embargoed-story';
const PHOTO = 'd33a4856-9ed9-4700-b1c1-029a258abb3c';
const [A, B] = [
  { email: 'anna@volkskrant.example', name: 'Anna de Vries' },
  { email: 'bert@nrc.example', name: 'Bert Jansen' },
];
const FILE_KEY = /\/s\/(f[A-Za-z0-9_-]{43})\//;
let tokens = new Map<string, string>();
let access: FakeAccess;

/** The recipient's file key, read off their page (showing it keeps the key's hash). */
async function fileKeyOf(email: string): Promise<string> {
  const page = await get(`/s/${tokens.get(email)!}`);
  expect(page.status).toBe(200);
  return FILE_KEY.exec(await page.text())![1]!;
}

interface Downloads {
  count: number;
  first: number | null;
  last: number | null;
}
async function downloadsOf(email: string): Promise<Downloads> {
  return (await env.DB.prepare(
    `SELECT coalesce(sum(d.download_count), 0) AS count, min(d.first_at) AS first, max(d.last_at) AS last
     FROM recipient_file_downloads d JOIN recipient_links l ON l.id = d.link_id JOIN journalists j ON j.id = l.journalist_id WHERE j.email = ?1`,
  )
    .bind(email)
    .first<Downloads>())!;
}

/** Downloads are counted after the answer: waits (up to 10 s) until the recipient's total reaches `count`. */
async function downloadsReach(email: string, count: number): Promise<Downloads> {
  for (let waited = 0; waited < 10_000; waited += 25) {
    const downloads = await downloadsOf(email);
    if (downloads.count >= count) return downloads;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return downloadsOf(email);
}

async function officePage(): Promise<string> {
  const ctx = createExecutionContext();
  const response = await createApp({ accessFetch: access.fetch }).fetch(
    new Request(`${ORIGIN}/admin/press`, { headers: { [ACCESS_HEADER]: await access.token() } }),
    { ...env, ACCESS_TEAM_DOMAIN: access.teamDomain, ACCESS_AUD: access.audience },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  access = await createFakeAccess();
  tokens = await recipientsWithFiles(SLUG, [A, B]);
});

test('downloads through recipient A’s file addresses are on A’s row (in all, of how many files, first and last), and B’s row has none', async () => {
  const keyA = await fileKeyOf(A.email);
  // B's page is shown too: B has file addresses of their own, and downloads nothing through them.
  expect(await fileKeyOf(B.email)).not.toBe(keyA);
  for (const path of [`/s/${keyA}/${PHOTO}/-/resize/90x/photo.jpg`, `/s/${keyA}/${PHOTO}/photo.jpg`, `/s/${keyA}/download`]) expect((await get(path)).status, path).toBe(200);
  const counted = await downloadsReach(A.email, 3);
  expect(counted.count).toBe(3);
  expect((await downloadsOf(B.email)).count).toBe(0);

  const html = await officePage();
  const row = (email: string) => html.match(new RegExp(`<tr data-recipient="${email}">.*?</tr>`))?.[0] ?? '';
  expect(html).toContain(`<th scope="col">${OFFICE_TEXTS.downloadsColumn}</th>`);
  // The fixture newsroom's zone is UTC; the view writes every time with formatOfficeTime.
  expect(row(A.email)).toContain(`<td>3 downloads of 2 files, first ${formatOfficeTime(counted.first!, 'UTC')}, last ${formatOfficeTime(counted.last!, 'UTC')}</td>`);
  expect(row(B.email)).toContain('<td>No downloads</td>');
  expect(row(B.email)).not.toContain('download of');
  expect(html).not.toContain('<script');
});
