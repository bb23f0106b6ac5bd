/**
 * Wakes islands when a visitor needs them, so a first visit downloads no React at all: the
 * search box on focus, load more on its first click (prefetched when the pointer comes near),
 * the lightbox on a click on an image. Each island's server placeholder (`data-island`) carries
 * its allowlisted props in `data-island-props`; search box and load more hydrate the server's
 * markup, the lightbox renders into a dialog of its own.
 */
import type { ClientConfig } from '../config';
import { LIGHTBOX_FIGURES } from './figures';
import type { LightboxLabels } from './lightbox';
import type { LoadMoreProps } from '#src/ui/load-more';
import type { SearchBoxProps } from '#src/ui/search-box';

const loadSearchBox = () => import('./mount-search-box');
const loadLoadMore = () => import('./mount-load-more');
const loadLightbox = () => import('./lightbox');

function islandProps<T>(element: Element): T | null {
  try {
    return JSON.parse(element.getAttribute('data-island-props') ?? 'null') as T | null;
  } catch {
    return null;
  }
}

function logFailure(island: string) {
  return (error: unknown) => console.error(`The ${island} island could not start`, error);
}

function wakeSearchBoxes(doc: Document): void {
  for (const root of doc.querySelectorAll<HTMLElement>('[data-island="search-box"][data-island-props]')) {
    const props = islandProps<SearchBoxProps>(root);
    if (!props) continue;
    const wake = () => {
      root.removeEventListener('focusin', wake);
      root.removeEventListener('pointerenter', wake);
      loadSearchBox()
        .then(({ mountSearchBox }) => mountSearchBox(root, props))
        .catch(logFailure('search box'));
    };
    root.addEventListener('focusin', wake);
    root.addEventListener('pointerenter', wake);
  }
}

function wakeLoadMore(doc: Document): void {
  for (const root of doc.querySelectorAll<HTMLElement>('[data-island="load-more"][data-island-props]')) {
    const props = islandProps<LoadMoreProps>(root);
    if (!props) continue;
    const prefetch = () => void loadLoadMore().catch(() => undefined);
    root.addEventListener('pointerenter', prefetch, { once: true });
    root.addEventListener('focusin', prefetch, { once: true });
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest('a[data-load-more]');
      if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      root.removeEventListener('click', onClick);
      loadLoadMore()
        .then(({ mountLoadMore }) => mountLoadMore(root, { ...props, startOnHydrate: true }))
        .catch((error: unknown) => {
          logFailure('load more')(error);
          // Without the island, the link still leads to the next page.
          window.location.assign((link as HTMLAnchorElement).href);
        });
    };
    root.addEventListener('click', onClick);
  }
}

function wakeLightbox(doc: Document, config: ClientConfig): void {
  const labels: LightboxLabels = config.lightbox;
  doc.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const figure = target?.closest?.(LIGHTBOX_FIGURES);
    if (!figure || event.defaultPrevented) return;
    // The download link and caption links keep doing what they say.
    if (target!.closest('a') && !target!.closest('a[data-lightbox]')) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    loadLightbox()
      .then(({ openLightbox }) => openLightbox(figure, labels, config.bcp47))
      .catch(logFailure('lightbox'));
  });
}

export function startIslands(doc: Document, config: ClientConfig): void {
  wakeSearchBoxes(doc);
  wakeLoadMore(doc);
  wakeLightbox(doc, config);
}
