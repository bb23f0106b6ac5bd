// The subscription and data-request forms in a real browser, with JavaScript on and off.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, NPM_START_VARS, startServer } from './server.mjs';

let server;
let browser;
before(async () => {
  server = await startServer({ vars: NPM_START_VARS });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const UUID = '5f0c6a52-9a57-4c69-8a3c-6f2b8f1d2e10';
/** The demo newsroom's `url` (content/demo/newsroom.yaml): the site origin when SITE_URL is unset. */
const NEWSROOM_URL = 'https://newsroom.northwind.example';

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript';

  test(`subscribing from the footer ${mode}: errors in place, then pending, then confirm by the mailed link`, async () => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${server.origin}/fr`);
    await page.fill('#footer-subscribe-email', 'pas-une-adresse');
    await page.click('.footer-subscribe button[type="submit"]');
    await page.waitForLoadState('load');
    // The browser's own validation may stop an invalid email in a type=email field; when it
    // does not (JavaScript off ignores nothing here), the server answers with the spec message.
    if (page.url().includes('/subscribe')) {
      assert.ok((await page.textContent('main')).includes('Saisissez une adresse e-mail valide'));
      await page.fill('#privacy-email', `lecteur-${javaScriptEnabled}@example.org`);
      await page.click('.privacy-form button[type="submit"]');
    } else {
      await page.fill('#footer-subscribe-email', `lecteur-${javaScriptEnabled}@example.org`);
      await page.click('.footer-subscribe button[type="submit"]');
    }
    await page.waitForURL(/status=pending/);
    assert.ok((await page.textContent('main')).includes('Presque terminé'));
    const { messages } = await (await fetch(`${server.origin}/_dev/outbox`)).json();
    const mail = messages.find((message) => message.to_address === `lecteur-${javaScriptEnabled}@example.org`);
    assert.ok(mail, 'a confirmation mail waits in the outbox');
    assert.match(mail.subject, /Confirmez votre abonnement/);
    const link = new URL(mail.text_body.match(/https?:\/\/\S+\/subscribe\/confirm\/\w+/)[0]);
    // Mailed links point at the configured site (here the demo newsroom's url), never at the
    // server the form was posted to; the test server answers for it.
    assert.equal(link.origin, NEWSROOM_URL);
    // The mailed link opens a page with a button; only pressing it confirms.
    await page.goto(`${server.origin}${link.pathname}`);
    await page.click('main form button[type="submit"]');
    await page.waitForLoadState();
    assert.ok((await page.textContent('main')).includes('votre abonnement est confirmé'));
    await context.close();
  });

  test(`a data request ${mode} is validated and acknowledged`, async () => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${server.origin}/en/newsroom/${UUID}/data-request`);
    await page.click('.privacy-form button[type="submit"]');
    await page.waitForLoadState('load');
    assert.ok((await page.textContent('main')).includes('This field is required'));
    await page.fill('#privacy-email', 'someone@example.org');
    await page.selectOption('#privacy-kind', 'deletion');
    await page.click('.privacy-form button[type="submit"]');
    await page.waitForURL(/status=pending/);
    assert.ok((await page.textContent('main')).includes('follow its link to confirm your request'));
    await context.close();
  });
}
