// The sign-in popup's last page (src/admin/oauth-page.ts): its messages, its data block, its CSP.
import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { HANDSHAKE_SCRIPT, handshakeScriptSource, LOGIN_ERRORS, loginPage, resultMessage } from '#src/admin/oauth-page';

test('the CSP source is the SHA-256 of the handshake script exactly as the page carries it', async () => {
  expect(await handshakeScriptSource()).toBe(`'sha256-${createHash('sha256').update(HANDSHAKE_SCRIPT, 'utf8').digest('base64')}'`);
  const html = await (await loginPage({ token: 't' }, 'https://news.example.com', 200)).text();
  expect(html).toContain(`<script>${HANDSHAKE_SCRIPT}</script>`);
});

test.each([
  [{ token: 'gho_abc' }, 'authorization:github:success:{"token":"gho_abc","provider":"github"}'],
  [{ error: LOGIN_ERRORS.noPushAccess }, `authorization:github:error:${JSON.stringify({ provider: 'github', error: LOGIN_ERRORS.noPushAccess.message, errorCode: 'NO_PUSH_ACCESS', message: LOGIN_ERRORS.noPushAccess.message })}`],
])('the result %j posts %s', (result, message) => {
  expect(resultMessage(result)).toBe(message);
});

test('a token that looks like markup cannot end the data block', async () => {
  const html = await (await loginPage({ token: '</script><script>alert(1)</script>' }, 'https://news.example.com', 200)).text();
  expect(html.match(/<script/g)).toHaveLength(2);
  expect(html).toContain('\\u003c/script\\u003e');
});

test('without a known site origin the page only reads: no handshake, no script allowed', async () => {
  const response = await loginPage({ error: LOGIN_ERRORS.notConfigured }, null, 503);
  expect(await response.text()).not.toContain('<script');
  expect(response.headers.get('Content-Security-Policy')).toContain("script-src 'none'");
});
