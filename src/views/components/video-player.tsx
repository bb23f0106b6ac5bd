/**
 * A gallery's video: a poster that links to the video, turned into the player by the page's
 * script when pressed (`src/client/video-players.ts`), or a link card for a host we do not play.
 * The same markup as a story body's `::video` (`src/content/directives.ts`), which is rendered
 * once at import, not by React.
 */
import type { GalleryVideo } from '#src/domain/gallery';
import { displayHost, VIDEO_PROVIDERS, videoEmbedOf } from '#src/domain/video-embed';
import { useTranslator } from '../contexts';
import { ResponsiveImage } from './image';

const POSTER_SIZES = '(max-width: 640px) 100vw, 600px';

/** `id` names the notice the poster points at (`aria-describedby`); unique on the page. */
export function VideoPlayer({ video, mediaRoot, id }: { video: GalleryVideo; mediaRoot: string; id: string }) {
  const { t } = useTranslator();
  const embed = videoEmbedOf(video.url);
  const poster = video.thumbnail ? <ResponsiveImage image={video.thumbnail} mediaRoot={mediaRoot} width={600} sizes={POSTER_SIZES} alt="" /> : null;
  const title = t('story.watch_video', { title: video.title });
  if (!embed) {
    return (
      <figure className="link-card">
        <a href={video.url} rel="noopener noreferrer">
          {poster}
          <span className="link-card-title">{title}</span>
          <span className="link-card-host">{displayHost(video.url)}</span>
        </a>
      </figure>
    );
  }
  return (
    <figure className="video-player" data-player={embed.provider} data-video-id={embed.id}>
      <a href={video.url} rel="noopener noreferrer" className="video-poster" aria-describedby={`${id}-notice`}>
        {poster}
        <span className="video-play-icon" />
        <span className="video-title">{title}</span>
      </a>
      <figcaption className="video-notice" id={`${id}-notice`}>
        {t('video.notice', { host: VIDEO_PROVIDERS[embed.provider].name })}
      </figcaption>
    </figure>
  );
}
