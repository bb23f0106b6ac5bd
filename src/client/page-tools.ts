/**
 * The buttons of the page tools (src/views/components/page-tools.tsx), shown only when they can
 * work: "Copy link" copies the page's address and says so in its status line (the system share
 * sheet stands in where the clipboard is missing or refuses); "Print or save as PDF" opens the
 * browser's print dialog, which prints the story as a release (the print stylesheet).
 */
export function startPageTools(doc: Document): void {
  const win = doc.defaultView;
  if (!win) return;
  const nav = win.navigator as Navigator & { share?: (data: ShareData) => Promise<void> };
  for (const button of doc.querySelectorAll<HTMLButtonElement>('button[data-copy-link]')) {
    if (!nav.clipboard && !nav.share) continue;
    button.hidden = false;
    const status = button.parentElement?.querySelector<HTMLElement>('.share-copy-status') ?? null;
    const announce = () => {
      if (!status) return;
      // Emptied first, so a second copy is announced again.
      status.textContent = '';
      win.requestAnimationFrame(() => (status.textContent = button.dataset.copiedLabel ?? ''));
    };
    const shareSheet = (url: string) => {
      // A dismissed sheet rejects: there is nothing to tell the visitor.
      if (nav.share) nav.share({ title: doc.title, url }).catch(() => undefined);
    };
    button.addEventListener('click', () => {
      const url = button.dataset.copyLink!;
      if (!nav.clipboard) return shareSheet(url);
      nav.clipboard.writeText(url).then(announce, (error: unknown) => {
        console.warn('The link could not be copied', error);
        shareSheet(url);
      });
    });
  }
  for (const button of doc.querySelectorAll<HTMLButtonElement>('button[data-print]')) {
    button.hidden = false;
    button.addEventListener('click', () => win.print());
  }
}
