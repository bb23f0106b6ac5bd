// The sign-in popup's page (src/admin/sign-in-page.ts): its messages, its data block, its CSP.
import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { HANDSHAKE_SCRIPT, handshakeScriptSource, LOGIN_ERRORS, loginPage, loginText, resultMessage } from '#src/admin/sign-in-page';
import en from '#src/i18n/messages/en.json';
import fr from '#src/i18n/messages/fr.json';

test('the CSP source is the SHA-256 of the handshake script exactly as the page carries it', async () => {
  expect(await handshakeScriptSource()).toBe(`'sha256-${createHash('sha256').update(HANDSHAKE_SCRIPT, 'utf8').digest('base64')}'`);
  const html = await (await loginPage({ token: 't' }, 'https://news.example.com', 200, 'en')).text();
  expect(html).toContain(`<script>${HANDSHAKE_SCRIPT}</script>`);
});

test.each([
  [{ token: 'cloudflare-access-session' }, 'authorization:github:success:{"token":"cloudflare-access-session","provider":"github"}'],
  [{ error: LOGIN_ERRORS.unsupportedProvider }, `authorization:github:error:${JSON.stringify({ provider: 'github', error: en['editor_login.error.unsupported_provider'], errorCode: 'UNSUPPORTED_BACKEND', message: en['editor_login.error.unsupported_provider'] })}`],
  [{ error: LOGIN_ERRORS.notConfigured }, `authorization:github:error:${JSON.stringify({ provider: 'github', error: en['editor_login.error.not_configured'], errorCode: 'MISCONFIGURED_CLIENT', message: en['editor_login.error.not_configured'] })}`],
])('the result %j posts %s', (result, message) => {
  expect(resultMessage(result, 'en')).toBe(message);
});

test('the error posted to the editor is in the page\'s language, its code is not', () => {
  const posted = JSON.parse(resultMessage({ error: LOGIN_ERRORS.unsupportedProvider }, 'fr').slice('authorization:github:error:'.length));
  expect(posted).toEqual({ provider: 'github', error: fr['editor_login.error.unsupported_provider'], errorCode: 'UNSUPPORTED_BACKEND', message: fr['editor_login.error.unsupported_provider'] });
  expect(fr['editor_login.error.unsupported_provider']).not.toBe(en['editor_login.error.unsupported_provider']);
});

test.each([
  ['en', 'en', 'ltr', 'Sign-in failed', 'Sign-in failed · Editor'],
  ['fr', 'fr', 'ltr', 'Échec de la connexion', 'Échec de la connexion · Éditeur'],
  ['ar', 'ar', 'rtl', 'تعذّر تسجيل الدخول', 'تعذّر تسجيل الدخول · المحرر'],
  ['pt-br', 'pt-BR', 'ltr', 'Não foi possível entrar', 'Não foi possível entrar · Editor'],
])('in %s the page says lang="%s" dir="%s", its heading and its title', async (locale, lang, dir, heading, title) => {
  const response = await loginPage({ error: LOGIN_ERRORS.unsupportedProvider }, 'https://news.example.com', 400, locale);
  const html = await response.text();
  expect(html).toContain(`<html lang="${lang}" dir="${dir}">`);
  expect(html).toContain(`<h1>${heading}</h1>`);
  expect(html).toContain(`<title>${title}</title>`);
  expect(html).toContain(`<p>${loginText(locale, 'editor_login.error.unsupported_provider')}</p>`);
  expect(response.headers.get('Vary')).toBe('Accept-Language');
});

test('every error of the login has its message in English', () => {
  expect(Object.keys(LOGIN_ERRORS).sort()).toEqual(['notConfigured', 'unsupportedProvider']);
  for (const error of Object.values(LOGIN_ERRORS)) expect(en[error.message]).toMatch(/\S/);
});

test('a token that looks like markup cannot end the data block', async () => {
  const html = await (await loginPage({ token: '</script><script>alert(1)</script>' }, 'https://news.example.com', 200, 'en')).text();
  expect(html.match(/<script/g)).toHaveLength(2);
  expect(html).toContain('\\u003c/script\\u003e');
});

test('without a known site origin the page only reads: no handshake, no script allowed', async () => {
  const response = await loginPage({ error: LOGIN_ERRORS.notConfigured }, null, 503, 'en');
  expect(await response.text()).not.toContain('<script');
  expect(response.headers.get('Content-Security-Policy')).toContain("script-src 'none'");
});

test('the data block names the origin the page was given, the words the opener answers, and the result; the script reads nothing else', async () => {
  const html = await (await loginPage({ token: 'cloudflare-access-session' }, 'https://news.example.com', 200, 'en')).text();
  const data = JSON.parse(/<script type="application\/json" id="editor-login-handshake">(.*?)<\/script>/.exec(html)![1]!) as Record<string, string>;
  expect(data).toEqual({ origin: 'https://news.example.com', ready: 'authorizing:github', result: 'authorization:github:success:{"token":"cloudflare-access-session","provider":"github"}' });
  // Every message goes to that origin only, never to "*".
  expect(HANDSHAKE_SCRIPT).toContain('opener.postMessage(data.result, data.origin)');
  expect(HANDSHAKE_SCRIPT).not.toContain("'*'");
});
