// The sign-in popup's last page (src/admin/oauth-page.ts): its messages, its data block, its CSP.
import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { HANDSHAKE_SCRIPT, handshakeScriptSource, LOGIN_ERRORS, loginPage, loginText, resultMessage } from '#src/admin/oauth-page';
import en from '#src/i18n/messages/en.json';
import fr from '#src/i18n/messages/fr.json';

test('the CSP source is the SHA-256 of the handshake script exactly as the page carries it', async () => {
  expect(await handshakeScriptSource()).toBe(`'sha256-${createHash('sha256').update(HANDSHAKE_SCRIPT, 'utf8').digest('base64')}'`);
  const html = await (await loginPage({ token: 't' }, 'https://news.example.com', 200, 'en')).text();
  expect(html).toContain(`<script>${HANDSHAKE_SCRIPT}</script>`);
});

test.each([
  [{ token: 'gho_abc' }, 'authorization:github:success:{"token":"gho_abc","provider":"github"}'],
  [{ error: LOGIN_ERRORS.noPushAccess }, `authorization:github:error:${JSON.stringify({ provider: 'github', error: en['editor_login.error.no_push_access'], errorCode: 'NO_PUSH_ACCESS', message: en['editor_login.error.no_push_access'] })}`],
])('the result %j posts %s', (result, message) => {
  expect(resultMessage(result, 'en')).toBe(message);
});

test('the error posted to the editor is in the page\'s language, its code is not', () => {
  const posted = JSON.parse(resultMessage({ error: LOGIN_ERRORS.badState }, 'fr').slice('authorization:github:error:'.length));
  expect(posted).toEqual({ provider: 'github', error: fr['editor_login.error.bad_state'], errorCode: 'CSRF_DETECTED', message: fr['editor_login.error.bad_state'] });
});

test.each([
  ['en', 'en', 'ltr', 'Sign-in failed', 'Sign-in failed · Editor'],
  ['fr', 'fr', 'ltr', 'Échec de la connexion', 'Échec de la connexion · Éditeur'],
  ['ar', 'ar', 'rtl', 'تعذّر تسجيل الدخول', 'تعذّر تسجيل الدخول · المحرر'],
  ['pt-br', 'pt-BR', 'ltr', 'Não foi possível entrar', 'Não foi possível entrar · Editor'],
])('in %s the page says lang="%s" dir="%s", its heading and its title', async (locale, lang, dir, heading, title) => {
  const response = await loginPage({ error: LOGIN_ERRORS.denied }, 'https://news.example.com', 403, locale);
  const html = await response.text();
  expect(html).toContain(`<html lang="${lang}" dir="${dir}">`);
  expect(html).toContain(`<h1>${heading}</h1>`);
  expect(html).toContain(`<title>${title}</title>`);
  expect(html).toContain(`<p>${loginText(locale, 'editor_login.error.denied')}</p>`);
  expect(response.headers.get('Vary')).toBe('Accept-Language');
});

test('every error of the login has its message in English', () => {
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
