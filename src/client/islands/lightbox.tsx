/**
 * The image lightbox for gallery pages and story bodies. Its images are the page's own figures
 * (`figure.gallery-image`, `figure.story-image`), read from the DOM when it opens, so the server
 * sends nothing twice. A modal <dialog>: previous/next buttons and arrow keys (mirrored in
 * right-to-left pages), Escape closes, Tab stays inside, and focus returns to what opened it.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { formatTemplate } from '#src/i18n/format';
import { GALLERY_FIGURES, STORY_FIGURES } from './figures';

export interface LightboxItem {
  readonly src: string;
  readonly srcSet: string;
  readonly width: number;
  readonly height: number;
  readonly alt: string;
  readonly caption: string;
  /** "Photo: … · licence", as the page shows it under the image. */
  readonly credit: string;
  readonly downloadUrl: string | null;
}

export interface LightboxLabels {
  readonly label: string;
  readonly close: string;
  readonly previous: string;
  readonly next: string;
  /** Template with `{index}` and `{count}`. */
  readonly position: string;
  readonly download: string;
}

/** What the lightbox shows for one figure of the page. */
export function lightboxItemOf(figure: Element): LightboxItem | null {
  const img = figure.querySelector('img');
  if (!img) return null;
  const link = figure.querySelector<HTMLAnchorElement>('a[data-lightbox]');
  return {
    src: link?.href || img.currentSrc || img.src,
    srcSet: img.getAttribute('srcset') ?? '',
    width: Number(img.getAttribute('width')) || img.naturalWidth,
    height: Number(img.getAttribute('height')) || img.naturalHeight,
    alt: img.alt,
    // The caption alone: a figcaption also holds the credit, the size and the download link.
    caption: figure.querySelector('.gallery-image-caption, .image-caption')?.textContent?.trim() ?? '',
    credit: figure.querySelector('.image-credit')?.textContent?.trim() ?? '',
    downloadUrl: figure.querySelector<HTMLAnchorElement>('a[download]')?.href ?? null,
  };
}

function Lightbox(props: { items: readonly LightboxItem[]; start: number; labels: LightboxLabels; bcp47: string; rtl: boolean; onClose: () => void }) {
  const { items, labels } = props;
  const [index, setIndex] = useState(props.start);
  const dialog = useRef<HTMLDialogElement>(null);
  const item = items[index]!;
  const step = (delta: number) => setIndex((current) => (current + delta + items.length) % items.length);

  const { onClose } = props;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    // Escape fires `cancel`; closing is ours to do, so focus is restored the same way every time.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    element.addEventListener('cancel', onCancel);
    return () => element.removeEventListener('cancel', onCancel);
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      const forward = (event.key === 'ArrowRight') !== props.rtl;
      step(forward ? 1 : -1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      props.onClose();
    } else if (event.key === 'Tab') {
      // Keep Tab inside the dialog (the browser would move on to its own toolbar).
      const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>('button, a[href]') ?? [])];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };

  return (
    <dialog ref={dialog} className="lightbox" aria-label={labels.label} onKeyDown={onKeyDown}>
      <div className="lightbox-toolbar">
        <p className="lightbox-position" aria-live="polite">
          {formatTemplate(labels.position, props.bcp47, { index: index + 1, count: items.length })}
        </p>
        {item.downloadUrl ? (
          <a className="button button-secondary" href={item.downloadUrl} download>
            {labels.download}
          </a>
        ) : null}
        <button type="button" className="button lightbox-close" onClick={props.onClose} autoFocus>
          {labels.close}
        </button>
      </div>
      <figure className="lightbox-figure">
        <img src={item.src} srcSet={item.srcSet || undefined} sizes="100vw" width={item.width} height={item.height} alt={item.alt} />
        {item.caption || item.credit ? (
          <figcaption>
            {item.caption}
            {item.credit ? <span className="image-credit">{item.credit}</span> : null}
          </figcaption>
        ) : null}
      </figure>
      {items.length > 1 ? (
        <div className="lightbox-nav">
          <button type="button" className="button button-secondary lightbox-previous" onClick={() => step(-1)}>
            {labels.previous}
          </button>
          <button type="button" className="button button-secondary lightbox-next" onClick={() => step(1)}>
            {labels.next}
          </button>
        </div>
      ) : null}
    </dialog>
  );
}

/** Opens the lightbox on the figure the visitor chose, among the page's figures of its kind. */
export function openLightbox(figure: Element, labels: LightboxLabels, bcp47: string): void {
  const doc = figure.ownerDocument;
  const kind = figure.matches(GALLERY_FIGURES) ? GALLERY_FIGURES : STORY_FIGURES;
  // Figures without an image (an animated GIF plays as a video) are not part of the sequence.
  const figures = [...doc.querySelectorAll(kind)].filter((candidate) => lightboxItemOf(candidate) !== null);
  const items = figures.map((candidate) => lightboxItemOf(candidate)!);
  const start = figures.indexOf(figure);
  if (start < 0) return;
  const opener = doc.activeElement instanceof HTMLElement && doc.activeElement !== doc.body ? doc.activeElement : (figure.querySelector<HTMLElement>('a[data-lightbox]') ?? null);
  const container = doc.createElement('div');
  doc.body.appendChild(container);
  const root = createRoot(container);
  const close = () => {
    root.unmount();
    container.remove();
    opener?.focus();
  };
  root.render(<Lightbox items={items} start={start} labels={labels} bcp47={bcp47} rtl={doc.documentElement.dir === 'rtl'} onClose={close} />);
}
