/**
 * The buttons of the page tools (src/views/components/page-tools.tsx), shown only when they can
 * work: "Copy link" shares through the system's share sheet where the browser has one (phones),
 * else copies the address and says so in its status line; "Print or save as PDF" opens the
 * browser's print dialog, which prints the story as a release (the print stylesheet).
 */
export function startPageTools(doc: Document): void {
  const win = doc.defaultView;
  if (!win) return;
  const nav = win.navigator as Navigator & { share?: (data: ShareData) => Promise<void> };
  for (const button of doc.querySelectorAll<HTMLButtonElement>('button[data-copy-link]')) {
    if (!nav.share && !nav.clipboard) continue;
    button.hidden = false;
    const status = button.parentElement?.querySelector<HTMLElement>('.share-copy-status') ?? null;
    button.addEventListener('click', () => {
      const url = button.dataset.copyLink!;
      if (nav.share) {
        // A dismissed share sheet rejects; there is nothing to tell the visitor.
        nav.share({ title: doc.title, url }).catch(() => undefined);
        return;
      }
      nav.clipboard.writeText(url).then(
        () => {
          if (status) status.textContent = button.dataset.copiedLabel ?? '';
        },
        (error: unknown) => console.error('The link could not be copied', error),
      );
    });
  }
  for (const button of doc.querySelectorAll<HTMLButtonElement>('button[data-print]')) {
    button.hidden = false;
    button.addEventListener('click', () => win.print());
  }
}
