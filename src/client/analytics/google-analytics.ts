/**
 * Google Analytics (gtag.js), loaded only when the newsroom has a measurement id and the visitor
 * has consented. The bootstrap Google asks to paste inline lives here, because pages carry no
 * inline script.
 */
export const GTAG_ORIGIN = 'https://www.googletagmanager.com';

interface GtagWindow {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
}

export function loadGoogleAnalytics(measurementId: string, doc: Document = document): void {
  const win = doc.defaultView as (Window & GtagWindow) | null;
  if (!win || win.gtag) return;
  win.dataLayer = win.dataLayer ?? [];
  win.gtag = function gtag() {
    // gtag.js reads the `arguments` object itself, not an array copy.
    // eslint-disable-next-line prefer-rest-params
    win.dataLayer!.push(arguments);
  };
  win.gtag('js', new Date());
  win.gtag('config', measurementId, { anonymize_ip: true });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;
  doc.head.appendChild(script);
}
