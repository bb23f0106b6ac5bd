/**
 * A responsive image from a stored Uploadcare payload; every page image goes through here. An
 * animated GIF is shown as a muted, looping, autoplaying video (webm and mp4 sources from the
 * CDN's gif-to-video conversion): a fraction of the bytes, the same motion.
 */
import type { StoredImagePayload } from '#src/domain/media-payload';
import { GIF_MIME_TYPE, GifVideo, UploadedImage } from '#src/domain/media/index';
import { imageAttributes } from '#src/domain/media/payload-addresses';

export function ResponsiveImage(props: {
  image: StoredImagePayload;
  mediaRoot: string;
  width: number;
  sizes: string;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  if (props.image.mime_type === GIF_MIME_TYPE) {
    const video = GifVideo.fromImage(UploadedImage.fromJSON(props.image, { cdn: props.mediaRoot }));
    const width = Math.min(props.width, video.width);
    return (
      <video
        className={props.className}
        autoPlay
        muted
        loop
        playsInline
        poster={video.posterUrl}
        width={width}
        height={Math.round((video.height * width) / video.width)}
        aria-label={props.alt || undefined}
      >
        {video.sources().map((source) => (
          <source key={source.type} src={source.src} type={source.type} />
        ))}
      </video>
    );
  }
  const a = imageAttributes(props.image, props.mediaRoot, props.width, props.sizes);
  return (
    <img
      className={props.className}
      src={a.src}
      srcSet={a.srcSet}
      sizes={a.sizes}
      width={a.width}
      height={a.height}
      alt={props.alt}
      loading={props.eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(props.eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
