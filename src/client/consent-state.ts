/**
 * Cookie consent as a value (docs/spec-coverage.md sections 4 and 9): null until the visitor accepts (true) or
 * rejects (false), kept in the `consent` cookie for 365 days. Pure functions, tested as tables.
 */
export type Consent = boolean | null;

export const CONSENT_COOKIE = 'consent';
export const CONSENT_MAX_AGE_DAYS = 365;
/** The bar shows this long after a page loads while consent is unknown, never at once. */
export const CONSENT_BAR_DELAY_MS = 1000;

/** The consent recorded in a `document.cookie` string. */
export function readConsent(cookies: string): Consent {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CONSENT_COOKIE) return value === 'true' ? true : value === 'false' ? false : null;
  }
  return null;
}

/** The `document.cookie` assignment that records a choice. */
export function consentCookie(consent: boolean, secure: boolean): string {
  const maxAge = CONSENT_MAX_AGE_DAYS * 24 * 60 * 60;
  return `${CONSENT_COOKIE}=${consent}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The footer link flips the choice: an accepted consent is withdrawn, anything else (rejected
 * or not given) becomes accepted. Its label says which (`Stop using cookies` / `Start using
 * cookies`), so a click never does what the visitor did not read.
 */
export function toggledConsent(consent: Consent): boolean {
  return consent !== true;
}

/** OneTrust reports active groups as `,C0001,C0002,`: consent is the newsroom's category there. */
export function consentFromOneTrustGroups(activeGroups: string | undefined, category: string): Consent {
  if (activeGroups === undefined) return null;
  return activeGroups.split(',').map((group) => group.trim()).includes(category);
}
