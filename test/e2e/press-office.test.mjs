// The press office view (/admin/press, ADR 0044) in a real browser with JavaScript turned off,
// against the real worker serving the demo, Cloudflare Access played by a stand-in on loopback
// (test/fixtures/serve-fake-access.ts: a locally generated key pair, its certs, a token signed
// with it): two journalists get links of their own to the embargoed demo story (the press and
// share CLIs, run in the test's process on the server's D1); one of them opens hers; the office, signed in with the Access cookie, reads her
// figures on the page and revokes the other one with his row's button: his link is the 404 page
// from then on, hers still opens. Without the token the page is a 403 that shows none of it. On
// the media list page the office adds a journalist with the form and finds them listed.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fetchWithOneRetry, launchBrowser, runCliInProcess, startAccessStandIn, startServer, statusOf, waitFor } from './server.mjs';

const SLUG = 'northwind-takes-final-investment-decision-on-dogger-ridge-ii';
const ANNA = { email: 'anna.devries@volkskrant.example', name: 'Anna de Vries', outlet: 'de Volkskrant', language: 'nl' };
const JONAS = { email: 'jonas.berg@handelsblatt.example', name: 'Jonas Berg', outlet: 'Handelsblatt', language: 'de' };

let access;
let server;
let browser;

before(async () => {
  access = await startAccessStandIn();
  [server, browser] = await Promise.all([
    startServer({ vars: { ACCESS_TEAM_DOMAIN: access.teamDomain, ACCESS_AUD: access.audience, ACCESS_CERTS_URL: access.certsUrl } }),
    launchBrowser(),
  ]);
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await access?.stop();
});

/** A browser context without JavaScript, signed in to Access (its cookie) or not. */
async function officeContext(signedIn) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  if (signedIn) await context.addCookies([{ name: 'CF_Authorization', value: access.token, url: server.origin, httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  // The policy's refusals (a stylesheet whose hash it does not name) are console errors.
  const errors = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return { context, page, errors };
}

/** Each recipient's links, by email and language, as `npm run share -- <slug> --to` prints them. */
function linksOf(stdout) {
  const links = {};
  for (const line of stdout.trim().split('\n')) {
    const [email, locale, , link] = line.split('\t');
    (links[email] ??= {})[locale] = new URL(link).pathname;
  }
  return links;
}

test('without an Access token the office view is a 403 that shows nothing of the office’s', async () => {
  const { context, page } = await officeContext(false);
  try {
    const response = await page.goto(`${server.origin}/admin/press`);
    assert.equal(response.status(), 403);
    assert.equal(await page.locator('h1').textContent(), 'This page needs Cloudflare Access');
    const text = await page.locator('body').textContent();
    assert.doesNotMatch(text, /Dogger Ridge|Revoke/);
  } finally {
    await context.close();
  }
});

test('the office reads a recipient’s openings and revokes another recipient with the row’s button, without JavaScript', async () => {
  for (const journalist of [ANNA, JONAS]) {
    await runCliInProcess(server, 'press.ts', 'add', journalist.email, '--name', journalist.name, '--outlet', journalist.outlet, '--language', journalist.language);
  }
  const { stdout } = await runCliInProcess(server, 'share.ts', SLUG, '--to', `${ANNA.email},${JONAS.email}`, `--origin=${server.origin}`);
  const links = linksOf(stdout);
  // Anna opens her English link once.
  assert.equal(await statusOf(server, links[ANNA.email].en), 200);

  const { context, page, errors } = await officeContext(true);
  try {
    const annaRow = page.locator(`tr[data-recipient="${ANNA.email}"]`);
    // Openings are counted just after the answer: reload until hers shows.
    await waitFor('Anna’s opening on the office page', async () => {
      const response = await page.goto(`${server.origin}/admin/press`);
      assert.equal(response.status(), 200);
      return /Opened 1 time/.test(await annaRow.textContent());
    });
    assert.match(await page.locator('header').textContent(), /Times are in Europe\/Amsterdam/);
    const story = page.locator('article', { has: page.locator(`input[name="story"][value="${SLUG}"]`) });
    assert.match(await story.textContent(), /Under embargo until 2027-02-04 08:00/);
    const cells = await annaRow.locator('td').allTextContents();
    assert.deepEqual(cells.slice(0, 3), [ANNA.outlet, ANNA.email, ANNA.language]);
    assert.match(cells[3], /^Opened 1 time, first \d{4}-\d\d-\d\d \d\d:\d\d, last \d{4}-\d\d-\d\d \d\d:\d\d, from about 1 browser$/);
    assert.equal(cells[4], 'Not opened');

    // Revoke Jonas: the form posts, the worker answers 303, the page comes back with its notice.
    await page.locator(`tr[data-recipient="${JONAS.email}"]`).getByRole('button', { name: `Revoke ${JONAS.name}` }).click();
    await page.waitForURL(`${server.origin}/admin/press?notice=revoked&links=2`);
    assert.match(await page.getByRole('status').textContent(), /^Revoked 2 links: that recipient’s links open nothing from now on\./);
    const jonasRow = page.locator(`tr[data-recipient="${JONAS.email}"]`);
    assert.match(await jonasRow.textContent(), /Revoked \d{4}-\d\d-\d\d \d\d:\d\d; never opened/);
    assert.equal(await jonasRow.getByRole('button').count(), 0);
    // The page's one stylesheet applied (its policy allows it by hash), and nothing was refused.
    assert.equal(await page.locator('table.recipients th').first().evaluate((cell) => getComputedStyle(cell).backgroundColor), 'rgb(238, 238, 238)');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }

  // His links are the 404 page from then on; hers still open the story.
  assert.equal(await statusOf(server, links[JONAS.email].en), 404);
  assert.equal(await statusOf(server, links[JONAS.email].fr), 404);
  const hers = await fetchWithOneRetry(`${server.origin}${links[ANNA.email].fr}`);
  assert.equal(hers.status, 200);
  await hers.arrayBuffer();
  // The worker read the team's keys from the stand-in, and kept them.
  assert.equal(access.requests.length, 1);
});

test('the office adds a journalist with the media list page’s form and finds them listed, without JavaScript', async () => {
  const CLARA = { email: 'clara.ruiz@elpais.example', name: 'Clara Ruiz', outlet: 'El País', language: 'es', timeZone: 'Europe/Madrid', list: 'Iberian desks' };
  const { context, page, errors } = await officeContext(true);
  try {
    await page.goto(`${server.origin}/admin/press`);
    await page.getByRole('link', { name: 'Media list: add, update and remove journalists' }).click();
    await page.waitForURL(`${server.origin}/admin/press/journalists`);
    const form = page.locator('section', { has: page.getByRole('heading', { name: 'Add a journalist, or update one' }) }).locator('form');
    await form.getByLabel('E-mail').fill(CLARA.email);
    await form.getByLabel('Name').fill(CLARA.name);
    await form.getByLabel('Outlet').fill(CLARA.outlet);
    await form.getByLabel('Language').selectOption(CLARA.language);
    await form.getByLabel('Time zone').fill(CLARA.timeZone);
    await form.getByLabel('Put on lists').fill(CLARA.list);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${server.origin}/admin/press/journalists?notice=added&lists=1`);
    assert.equal(await page.getByRole('status').textContent(), 'Added the journalist to the media list, and put on 1 list.');
    const row = page.locator(`tr[data-journalist="${CLARA.email}"]`);
    assert.deepEqual((await row.locator('> td').allTextContents()).slice(0, 4), [CLARA.email, CLARA.outlet, CLARA.language, CLARA.timeZone]);
    assert.equal(await row.locator('th').textContent(), CLARA.name);

    // The list filter is a plain GET form: only Clara is on her list.
    await page.locator('form[method="get"] select[name="list"]').selectOption(CLARA.list);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(`${server.origin}/admin/press/journalists?list=Iberian+desks`);
    assert.equal(await page.locator('tr[data-journalist]').count(), 1);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
  // The CLI reads the same record.
  const { stdout } = await runCliInProcess(server, 'press.ts', 'list', '--list', CLARA.list);
  assert.equal(stdout.trim(), [CLARA.email, CLARA.name, CLARA.outlet, CLARA.language, CLARA.timeZone, CLARA.list].join('\t'));
});
