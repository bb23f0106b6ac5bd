import { TURNSTILE_SCRIPT_URL } from '#src/domain/turnstile';

/**
 * Cloudflare Turnstile's widget (when the newsroom set it up): its script fills in the
 * `cf-turnstile-response` field that the portal checks. Without JavaScript it cannot run, so the
 * form says nothing more and the check fails closed.
 */
export function TurnstileWidget({ siteKey, locale }: { siteKey: string | null; locale: string }) {
  if (!siteKey) return null;
  return (
    <>
      <div className="cf-turnstile field" data-sitekey={siteKey} data-language={locale} />
      <script src={TURNSTILE_SCRIPT_URL} async defer />
    </>
  );
}
