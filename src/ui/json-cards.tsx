/**
 * Cards for the items a load-more request appends, built from the allowlisted JSON of
 * /api/fetch-stories and /api/fetch-galleries with the server's own card components
 * (src/ui/cards.tsx), so appended cards are drawn exactly like the server's.
 */
import { formatLongDate, formatTemplate } from '#src/i18n/format';
import { CARD_IMAGE_SIZES, CardImg, GalleryCardView, mediaCounts, PlaceholderBox, StoryCardView, type CardImage, type CardPlaceholder } from './cards';

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

/** A card's cover from the JSON: the image, or the newsroom's logo (or name) on the accent. */
function Cover({ image, placeholder }: { image: CardImage | null; placeholder: CardPlaceholder }) {
  if (image) return <CardImg image={image} sizes={CARD_IMAGE_SIZES} />;
  return <PlaceholderBox logo={placeholder.logo ? <CardImg image={placeholder.logo} sizes="240px" className="story-card-logo" /> : null} name={placeholder.name} />;
}

export function JsonStoryCard({ story, bcp47, timeZone, placeholder }: { story: StoryCardJson; bcp47: string; timeZone: string; placeholder: CardPlaceholder }) {
  return (
    <StoryCardView
      href={story.url}
      locale={story.locale}
      title={story.title}
      subtitle={story.subtitle}
      published={{ iso: story.published_at, label: formatLongDate(bcp47, new Date(story.published_at), timeZone) }}
      categories={story.categories.map((category) => ({ name: category.name, href: category.url }))}
      cover={<Cover image={story.thumbnail_image} placeholder={placeholder} />}
    />
  );
}

/** @param templates the message templates of "{count} images" and "{count} videos". */
export function JsonGalleryCard({ gallery, templates, bcp47, placeholder }: { gallery: GalleryCardJson; templates: { images: string; videos: string }; bcp47: string; placeholder: CardPlaceholder }) {
  const counts = mediaCounts(gallery, (kind, count) => formatTemplate(templates[kind], bcp47, { count }), bcp47);
  return <GalleryCardView href={gallery.url} title={gallery.title} counts={counts} cover={<Cover image={gallery.thumbnail_image} placeholder={placeholder} />} />;
}
