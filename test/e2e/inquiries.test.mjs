// The inquiry inbox (ADR 0054) in a real browser with JavaScript off, against the real worker
// serving the demo with npm start's variables (so /_dev/outbox shows the mail) and Cloudflare
// Access played by its stand-in: a journalist asks the press office about a story with the
// story page's plain form and comes back to the page's thank-you notice; the outbox holds the
// mail to the responsible contact (Reply-To the journalist) and the journalist's confirmation;
// the office, signed in, finds it in its list, answers it (a mail to the journalist) and closes
// it. A bad e-mail address shows SPEC's message and stores nothing.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, NPM_START_VARS, startAccessStandIn, startServer } from './server.mjs';

const STORY = '/amsterdam-signs-15-year-power-deal-with-northwind';
const JOURNALIST = { name: 'Mila Novak', email: 'mila.novak@dagblad.example', outlet: 'Dagblad', subject: 'PPA price per MWh', message: 'What is the strike price? See https://example.org/<b>x</b>' };

let access;
let server;
let browser;

before(async () => {
  access = await startAccessStandIn();
  [server, browser] = await Promise.all([
    startServer({ vars: { ...NPM_START_VARS, ACCESS_TEAM_DOMAIN: access.teamDomain, ACCESS_AUD: access.audience, ACCESS_CERTS_URL: access.certsUrl } }),
    launchBrowser(),
  ]);
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await access?.stop();
});

async function noScriptPage(signedIn = false) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  if (signedIn) await context.addCookies([{ name: 'CF_Authorization', value: access.token, url: server.origin, httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page };
}

const outbox = async () => (await (await fetch(`${server.origin}/_dev/outbox`)).json()).messages;

async function fillInquiry(page, fields) {
  const form = page.locator('section.inquiry form');
  await form.getByLabel('Name').fill(fields.name);
  await form.getByLabel('Email').fill(fields.email);
  await form.getByLabel('Outlet').fill(fields.outlet);
  await form.getByLabel('Subject').fill(fields.subject);
  await form.getByLabel('Message').fill(fields.message);
  if (fields.deadline) await form.getByLabel('Deadline').fill(fields.deadline);
  await form.getByRole('button', { name: 'Send to the press office' }).click();
}

test('a bad e-mail address shows SPEC’s message and stores nothing', async () => {
  const { context, page } = await noScriptPage();
  try {
    await page.goto(`${server.origin}${STORY}`);
    await fillInquiry(page, { ...JOURNALIST, email: 'not-an-address', subject: 'Bad address question' });
    await page.getByText('Introduce a valid email address').waitFor();
    assert.equal(await page.locator('#inquiry-subject').inputValue(), 'Bad address question');
    const mails = await outbox();
    assert.ok(!mails.some((mail) => mail.text_body.includes('Bad address question') || mail.subject.includes('Bad address question')));
  } finally {
    await context.close();
  }
});

test('a journalist asks about a story without JavaScript; the office lists it, answers it by mail and closes it', async () => {
  const { context, page } = await noScriptPage();
  try {
    await page.goto(`${server.origin}${STORY}`);
    await fillInquiry(page, { ...JOURNALIST, deadline: '2031-03-01' });
    await page.waitForURL(`${server.origin}${STORY}#inquiry-sent`);
    assert.ok(await page.locator('#inquiry-sent').isVisible());
  } finally {
    await context.close();
  }
  const mails = await outbox();
  const toContact = mails.find((mail) => mail.to_address === 'anna.devries@northwind.example' && mail.text_body.includes(JOURNALIST.email));
  assert.ok(toContact, 'the responsible contact (English) is mailed');
  assert.equal(toContact.headers['Reply-To'], JOURNALIST.email);
  const confirmation = mails.find((mail) => mail.to_address === JOURNALIST.email);
  assert.match(confirmation.text_body, /Anna de Vries will answer you/);

  const office = await noScriptPage(true);
  try {
    await office.page.goto(`${server.origin}/admin/press`);
    await office.page.getByRole('link', { name: 'Inquiries from journalists' }).click();
    await office.page.getByRole('link', { name: JOURNALIST.subject }).click();
    // The message is text: its markup shown as written, its address not a link.
    assert.ok((await office.page.locator('pre.inquiry-message').textContent()).includes('<b>x</b>'));
    assert.equal(await office.page.locator('a[href^="https://example.org"]').count(), 0);
    await office.page.getByLabel('Answer').fill('The price is confidential; here is what we can share.');
    await office.page.getByRole('button', { name: 'Send the answer' }).click();
    await office.page.getByText('The answer was mailed to the journalist').waitFor();
    await office.page.getByRole('button', { name: 'Close the inquiry' }).click();
    await office.page.getByText('The inquiry is closed.').waitFor();
  } finally {
    await office.context.close();
  }
  const answer = (await outbox()).find((mail) => mail.to_address === JOURNALIST.email && mail.text_body.startsWith('The price is confidential'));
  assert.ok(answer, 'the answer is mailed to the journalist');
  assert.equal(answer.subject, `Re: ${JOURNALIST.subject}`);
});
