import { describe, expect, test } from 'vitest';
import { CONSENT_BAR_DELAY_MS, CONSENT_COOKIE, CONSENT_MAX_AGE_DAYS, consentCookie, consentFromOneTrustGroups, readConsent, toggledConsent } from '#src/client/consent-state';

describe('consent constants (docs/spec-coverage.md section 9)', () => {
  test('cookie "consent" for 365 days, the bar 1000 ms after load', () => {
    expect([CONSENT_COOKIE, CONSENT_MAX_AGE_DAYS, CONSENT_BAR_DELAY_MS]).toEqual(['consent', 365, 1000]);
  });
});

test.each([
  ['', null],
  ['consent=true', true],
  ['consent=false', false],
  ['theme=dark; consent=true; other=1', true],
  ['consent=maybe', null],
  ['notconsent=true', null],
  ['consent=', null],
])('readConsent(%j) is %s', (cookies, expected) => {
  expect(readConsent(cookies)).toBe(expected);
});

test.each([
  [true, false, 'consent=true; Max-Age=31536000; Path=/; SameSite=Lax'],
  [false, true, 'consent=false; Max-Age=31536000; Path=/; SameSite=Lax; Secure'],
])('consentCookie(%s, secure %s) records the choice for 365 days', (consent, secure, expected) => {
  expect(consentCookie(consent, secure)).toBe(expected);
});

test.each([
  [null, true],
  [false, true],
  [true, false],
])('the footer toggle turns %s into %s', (consent, expected) => {
  expect(toggledConsent(consent)).toBe(expected);
});

test.each([
  [undefined, 'C0002', null],
  [',C0001,', 'C0002', false],
  [',C0001,C0002,', 'C0002', true],
  [',C0001,C00021,', 'C0002', false],
])('OneTrust groups %j with category %s give consent %s', (groups, category, expected) => {
  expect(consentFromOneTrustGroups(groups, category)).toBe(expected);
});
