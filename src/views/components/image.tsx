/** A responsive image from a stored Uploadcare payload; every page image goes through here. */
import type { StoredImagePayload } from '#src/domain/media-payload';
import { imageAttributes } from '../image-attributes';

export function ResponsiveImage(props: {
  image: StoredImagePayload;
  mediaRoot: string;
  width: number;
  sizes: string;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
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
