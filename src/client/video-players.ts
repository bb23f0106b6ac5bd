/**
 * Video players on demand (src/domain/video-embed.ts): a press on a video's poster is the
 * visitor's consent to that one player, which then replaces the poster. Before that, nothing is
 * requested from the video's host. A press with a modifier key, or a page without this script,
 * follows the poster's link to the video instead.
 */
import { PLAYER_ATTRIBUTE, playerUrl } from '#src/domain/video-embed';

/** What the player may do: play at once (the press asked for it), full screen, picture in picture. */
const PLAYER_PERMISSIONS = 'autoplay; encrypted-media; picture-in-picture; fullscreen';

export function startVideoPlayers(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const poster = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(`[${PLAYER_ATTRIBUTE}] a.video-poster`);
    if (!poster || event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    const figure = poster.closest<HTMLElement>(`[${PLAYER_ATTRIBUTE}]`)!;
    const src = playerUrl(figure.getAttribute(PLAYER_ATTRIBUTE) ?? '', figure.dataset.videoId ?? '');
    if (!src) return;
    event.preventDefault();
    const frame = doc.createElement('iframe');
    frame.src = src;
    frame.title = poster.querySelector('.video-title')?.textContent ?? '';
    frame.allow = PLAYER_PERMISSIONS;
    frame.allowFullscreen = true;
    // The host learns this site's origin, never the page's address (a secret link's token).
    frame.referrerPolicy = 'strict-origin';
    frame.className = 'video-frame';
    poster.replaceWith(frame);
    figure.classList.add('is-playing');
    frame.focus();
  });
}
