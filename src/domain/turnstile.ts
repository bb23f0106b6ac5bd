/** Cloudflare Turnstile, as the portal's forms use it (when the newsroom sets it up). */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
export const TURNSTILE_SCRIPT_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/api.js`;
/** The form field the widget fills with its single-use token. */
export const TURNSTILE_RESPONSE_FIELD = 'cf-turnstile-response';
