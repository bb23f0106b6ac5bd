/**
 * Cards for items a load-more request appends: the same markup and classes as the server's story
 * and gallery cards (src/views/components/story-card.tsx, src/views/pages/gallery-pages.tsx),
 * built from the allowlisted JSON of /api/fetch-stories and /api/fetch-galleries.
 */
import { formatLongDate, formatTemplate } from '#src/i18n/format';

export interface CardImage {
  readonly src: string;
  readonly srcSet: string;
  readonly width: number;
  readonly height: number;
}

export interface StoryCardJson {
  readonly uuid: string;
  readonly url: string;
  readonly locale: string;
  readonly title: string;
  readonly subtitle: string | null;
  readonly published_at: string;
  readonly thumbnail_image: CardImage | null;
  readonly categories: readonly { readonly name: string; readonly url: string }[];
}

export interface GalleryCardJson {
  readonly uuid: string;
  readonly url: string;
  readonly title: string;
  readonly images_number: number;
  readonly videos_number: number;
  readonly thumbnail_image: CardImage | null;
}

/**
 * The box of a card without a cover (src/views/components/cover-placeholder.tsx): the newsroom's
 * logo (240 px wide at most), or its name when it has none.
 */
export interface CardPlaceholder {
  readonly logo: CardImage | null;
  readonly name: string;
}

/** The `sizes` of a card image in the grids, server cards and browser cards alike. */
export const CARD_IMAGE_SIZES = '(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 400px';

function CardImageView({ image, placeholder }: { image: CardImage | null; placeholder: CardPlaceholder }) {
  if (!image) {
    const { logo } = placeholder;
    return (
      <span className="story-card-placeholder">
        {logo ? (
          <img className="story-card-logo" src={logo.src} srcSet={logo.srcSet} sizes="240px" width={logo.width} height={logo.height} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="story-card-placeholder-name">{placeholder.name}</span>
        )}
      </span>
    );
  }
  return <img src={image.src} srcSet={image.srcSet} sizes={CARD_IMAGE_SIZES} width={image.width} height={image.height} alt="" loading="lazy" decoding="async" />;
}

export function StoryCardView({ story, bcp47, timeZone, placeholder }: { story: StoryCardJson; bcp47: string; timeZone: string; placeholder: CardPlaceholder }) {
  return (
    <article className="story-card" lang={story.locale}>
      <a className="story-card-media" href={story.url} tabIndex={-1} aria-hidden="true">
        <CardImageView image={story.thumbnail_image} placeholder={placeholder} />
      </a>
      <div className="story-card-body">
        {story.categories.length > 0 ? (
          <ul className="story-card-categories">
            {story.categories.map((category) => (
              <li key={category.url}>
                <a href={category.url}>{category.name}</a>
              </li>
            ))}
          </ul>
        ) : null}
        <h3 className="story-card-title">
          <a href={story.url}>{story.title}</a>
        </h3>
        <time className="story-card-date" dateTime={story.published_at}>
          {formatLongDate(bcp47, new Date(story.published_at), timeZone)}
        </time>
        {story.subtitle ? <p className="story-card-subtitle">{story.subtitle}</p> : null}
      </div>
    </article>
  );
}

/** "12 images, 2 videos": the kinds a gallery has, joined the language's way. */
export function mediaCounts(gallery: Pick<GalleryCardJson, 'images_number' | 'videos_number'>, templates: { images: string; videos: string }, bcp47: string): string {
  const parts = [
    gallery.images_number > 0 ? formatTemplate(templates.images, bcp47, { count: gallery.images_number }) : null,
    gallery.videos_number > 0 ? formatTemplate(templates.videos, bcp47, { count: gallery.videos_number }) : null,
  ].filter((part): part is string => part !== null);
  return new Intl.ListFormat(bcp47, { style: 'short', type: 'unit' }).format(parts);
}

export function GalleryCardView({ gallery, counts, placeholder }: { gallery: GalleryCardJson; counts: string; placeholder: CardPlaceholder }) {
  return (
    <>
      <a href={gallery.url} className="gallery-card-link">
        <CardImageView image={gallery.thumbnail_image} placeholder={placeholder} />
        <h2 className="gallery-card-title">{gallery.title}</h2>
      </a>
      <p className="gallery-card-counts">{counts}</p>
    </>
  );
}
