/**
 * The markup of the cards in the story grids and the media index, for the server's pages and for
 * the load-more island, which appends the next page's cards in the browser
 * (src/ui/json-cards.tsx): one component per card, fed resolved values (addresses, image
 * attributes, dates and counts already in the reader's language), so both sides draw the same.
 *
 * The browser bundle imports this file: like all of src/ui/, it stays pure and light, importing
 * nothing but React, i18n/ and domain/ (lint holds it).
 */
import type { ReactNode } from 'react';
import { listFormat } from '#src/i18n/intl';

/** An image's attributes, as the API's card JSON carries them. */
export interface CardImage {
  readonly src: string;
  readonly srcSet: string;
  readonly width: number;
  readonly height: number;
}

/** What a card without a cover shows: the newsroom's logo (240 px wide at most), or its name. */
export interface CardPlaceholder {
  readonly logo: CardImage | null;
  readonly name: string;
}

/** The `sizes` of a card image in the grids, server cards and browser cards alike. */
export const CARD_IMAGE_SIZES = '(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 400px';

/** A decorative image from its attributes (the server draws stored payloads with src/views/components/image.tsx). */
export function CardImg(props: { image: CardImage; sizes: string; className?: string }) {
  const { image } = props;
  return <img className={props.className} src={image.src} srcSet={image.srcSet} sizes={props.sizes} width={image.width} height={image.height} alt="" loading="lazy" decoding="async" />;
}

/** The box of a card without a cover, in the theme's accent: the logo given, else the name. */
export function PlaceholderBox(props: { logo: ReactNode; name: string }) {
  return <span className="story-card-placeholder">{props.logo ?? <span className="story-card-placeholder-name">{props.name}</span>}</span>;
}

/** A story's categories as links (cards and the story page), or nothing when it has none. */
export function CategoryLinks(props: { className: string; categories: readonly { readonly name: string; readonly href: string }[] }) {
  if (props.categories.length === 0) return null;
  return (
    <ul className={props.className}>
      {props.categories.map((category) => (
        <li key={category.href}>
          <a href={category.href}>{category.name}</a>
        </li>
      ))}
    </ul>
  );
}

export interface StoryCardViewProps {
  readonly href: string;
  readonly locale: string;
  readonly title: string;
  readonly subtitle: string | null;
  /** `<time datetime>`'s ISO 8601 value, and the date as the reader's language writes it. */
  readonly published: { readonly iso: string; readonly label: string };
  readonly categories: readonly { readonly name: string; readonly href: string }[];
  /** The cover image, or a PlaceholderBox. */
  readonly cover: ReactNode;
  readonly highlighted?: boolean;
  readonly headingLevel?: 2 | 3;
}

/** A story in a list: cover, categories, title, date, subtitle. */
export function StoryCardView(props: StoryCardViewProps) {
  const Heading = props.headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={props.highlighted ? 'story-card story-card-highlighted' : 'story-card'} lang={props.locale}>
      <a className="story-card-media" href={props.href} tabIndex={-1} aria-hidden="true">
        {props.cover}
      </a>
      <div className="story-card-body">
        <CategoryLinks className="story-card-categories" categories={props.categories} />
        <Heading className="story-card-title">
          <a href={props.href}>{props.title}</a>
        </Heading>
        <time className="story-card-date" dateTime={props.published.iso}>
          {props.published.label}
        </time>
        {props.subtitle ? <p className="story-card-subtitle">{props.subtitle}</p> : null}
      </div>
    </article>
  );
}

/** A gallery in the media index: cover, title, and what it holds (`mediaCounts`). */
export function GalleryCardView(props: { href: string; title: string; counts: string; cover: ReactNode }) {
  return (
    <>
      <a href={props.href} className="gallery-card-link">
        {props.cover}
        <h2 className="gallery-card-title">{props.title}</h2>
      </a>
      <p className="gallery-card-counts">{props.counts}</p>
    </>
  );
}

/**
 * "12 images, 2 videos": the kinds a gallery has (a kind it has none of is left out), each as
 * `count` words it in the reader's language, joined that language's way.
 */
export function mediaCounts(gallery: { readonly images_number: number; readonly videos_number: number }, count: (kind: 'images' | 'videos', n: number) => string, bcp47: string): string {
  const parts = [gallery.images_number > 0 ? count('images', gallery.images_number) : null, gallery.videos_number > 0 ? count('videos', gallery.videos_number) : null].filter(
    (part): part is string => part !== null,
  );
  return listFormat(bcp47, { style: 'short', type: 'unit' }).format(parts);
}
