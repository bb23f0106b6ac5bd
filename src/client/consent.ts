/**
 * The consent bar and the footer toggle. The bar is server-rendered `hidden` and fixed to the
 * bottom of the viewport, so showing it never moves the page (no layout shift); without
 * JavaScript nothing tracks, so nothing needs asking. With the newsroom's OneTrust tool, accept,
 * reject and toggle open OneTrust's own display, and its category decides consent.
 */
import type { ClientConfig } from './config';
import { CONSENT_BAR_DELAY_MS, consentCookie, consentFromOneTrustGroups, readConsent, toggledConsent, type Consent } from './consent-state';

export interface ConsentController {
  current(): Consent;
  /** Calls back on every change (not with the current value). */
  subscribe(listener: (consent: Consent) => void): void;
}

interface OneTrustWindow {
  OneTrust?: { ToggleInfoDisplay?: () => void };
  OnetrustActiveGroups?: string;
  OptanonWrapper?: () => void;
}

export function startConsent(config: ClientConfig, doc: Document = document): ConsentController {
  const win = doc.defaultView as (Window & OneTrustWindow) | null;
  const listeners: ((consent: Consent) => void)[] = [];
  const bar = doc.querySelector<HTMLElement>('[data-consent-bar]');
  const toggles = [...doc.querySelectorAll<HTMLButtonElement>('[data-consent-toggle]')];
  const oneTrust = config.oneTrust;
  let consent: Consent = oneTrust ? consentFromOneTrustGroups(win?.OnetrustActiveGroups, oneTrust.category) : readConsent(doc.cookie);
  let barTimer: ReturnType<typeof setTimeout> | undefined;

  const render = () => {
    for (const toggle of toggles) {
      toggle.textContent = consent === true ? config.messages.consentStop : config.messages.consentStart;
      toggle.closest<HTMLElement>('[data-consent-toggle-item]')?.removeAttribute('hidden');
    }
    if (!bar || oneTrust) return;
    clearTimeout(barTimer);
    if (consent === null) barTimer = setTimeout(() => bar.removeAttribute('hidden'), CONSENT_BAR_DELAY_MS);
    else bar.setAttribute('hidden', '');
  };

  const set = (next: Consent) => {
    const changed = next !== consent;
    consent = next;
    if (next !== null && !oneTrust) doc.cookie = consentCookie(next, win?.location.protocol === 'https:');
    render();
    if (changed) for (const listener of listeners) listener(next);
  };

  const openOneTrust = () => win?.OneTrust?.ToggleInfoDisplay?.();

  bar?.addEventListener('click', (event) => {
    const choice = (event.target as Element).closest<HTMLElement>('[data-consent]')?.dataset.consent;
    if (choice !== 'accept' && choice !== 'reject') return;
    if (oneTrust) openOneTrust();
    else set(choice === 'accept');
  });
  for (const toggle of toggles) {
    toggle.addEventListener('click', () => (oneTrust ? openOneTrust() : set(toggledConsent(consent))));
  }

  if (oneTrust && win) {
    // OneTrust calls OptanonWrapper when it loads and after every choice.
    const update = () => set(consentFromOneTrustGroups(win.OnetrustActiveGroups, oneTrust.category));
    win.OptanonWrapper = update;
    win.addEventListener('OneTrustGroupsUpdated', update);
    for (const script of oneTrust.scripts) {
      const element = doc.createElement('script');
      element.src = script.src;
      for (const [name, value] of Object.entries(script.attributes)) element.setAttribute(name, value);
      doc.head.appendChild(element);
    }
  }

  render();
  return {
    current: () => consent,
    subscribe: (listener) => void listeners.push(listener),
  };
}
