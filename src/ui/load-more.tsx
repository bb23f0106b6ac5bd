/**
 * "Load more" for story grids and the gallery index. Server-rendered as a link to the next page
 * (it works without JavaScript); hydrated, it fetches the next page from /api/fetch-stories or
 * /api/fetch-galleries (docs/spec-coverage.md section 7) and appends the cards to the grid, moving through the
 * async states not-executed → loading → success | error. A failure is logged and leaves the
 * button as a retry.
 */
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { AsyncStatus } from '#src/domain/analytics';
import type { CardPlaceholder } from './cards';
import { JsonGalleryCard, JsonStoryCard, type GalleryCardJson, type StoryCardJson } from './json-cards';

export interface LoadMoreProps {
  readonly kind: 'stories' | 'galleries';
  /** The list the new cards are appended to. */
  readonly gridId: string;
  readonly page: number;
  readonly pages: number;
  readonly pageSize: number;
  /** Server-built addresses of each page (`{page}` stands for the number). */
  readonly pageHrefTemplate: string;
  readonly previousPageHref: string | null;
  readonly localeCode: string;
  readonly bcp47: string;
  readonly timeZone: string;
  readonly category: string | null;
  /** A tag page's tag (stored form): its next page comes through the API's `tags.name` filter. */
  readonly tag: string | null;
  readonly withHighlightedStory: boolean;
  /** What a card without a cover shows: the newsroom's logo or name. */
  readonly placeholder: CardPlaceholder;
  /** Start loading as soon as hydrated (the click that woke the island). */
  readonly startOnHydrate?: boolean;
  readonly labels: {
    readonly pageOf: string;
    readonly loadMore: string;
    readonly previous: string;
    readonly loading: string;
    readonly failed: string;
    readonly retry: string;
    readonly imagesCount: string;
    readonly videosCount: string;
  };
}

type Item = { readonly kind: 'story'; readonly story: StoryCardJson } | { readonly kind: 'gallery'; readonly gallery: GalleryCardJson };

export const pageHref = (template: string, page: number) => template.replace('{page}', String(page));

export function LoadMore(props: LoadMoreProps) {
  const { labels } = props;
  const [page, setPage] = useState(props.page);
  const [status, setStatus] = useState<AsyncStatus>('not-executed');
  const [items, setItems] = useState<Item[]>([]);
  const [grid, setGrid] = useState<HTMLElement | null>(null);
  const firstNew = useRef<number | null>(null);

  useEffect(() => setGrid(document.getElementById(props.gridId)), [props.gridId]);

  const load = async () => {
    if (status === 'loading') return;
    setStatus('loading');
    try {
      const next = page + 1;
      const body =
        props.kind === 'stories'
          ? {
              page: next,
              pageSize: props.pageSize,
              withHighlightedStory: props.withHighlightedStory,
              category: props.category,
              include: ['thumbnail_image', 'categories', 'subtitle'],
              localeCode: props.localeCode,
              ...(props.tag ? { filterQuery: { 'tags.name': { $in: [props.tag] } } } : {}),
            }
          : { page: next, pageSize: props.pageSize, localeCode: props.localeCode };
      const response = await fetch(`/api/fetch-${props.kind}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
      const json = (await response.json().catch(() => null)) as { stories?: StoryCardJson[]; galleries?: GalleryCardJson[]; message?: string } | null;
      if (!response.ok || !json) throw new Error(json?.message ?? `HTTP ${response.status}`);
      const received: Item[] = props.kind === 'stories' ? (json.stories ?? []).map((story) => ({ kind: 'story', story })) : (json.galleries ?? []).map((gallery) => ({ kind: 'gallery', gallery }));
      firstNew.current = items.length;
      setItems((current) => [...current, ...received]);
      setPage(next);
      setStatus('success');
    } catch (error) {
      console.error(`Loading more ${props.kind} failed`, error);
      setStatus('error');
    }
  };

  useEffect(() => {
    if (props.startOnHydrate) void load();
    // Only once, on hydration.
  }, []);

  // Keyboard and screen-reader users continue from the first new card.
  useEffect(() => {
    if (firstNew.current === null || !grid) return;
    const item = grid.querySelector<HTMLElement>(`[data-loaded-index="${firstNew.current}"] .story-card-title a, .gallery-card-link`);
    firstNew.current = null;
    item?.focus();
  }, [items, grid]);

  const hasMore = page < props.pages;
  const cards = items.map((item, index) =>
    item.kind === 'story' ? (
      <li key={item.story.uuid} data-loaded-index={index}>
        <JsonStoryCard story={item.story} bcp47={props.bcp47} timeZone={props.timeZone} placeholder={props.placeholder} />
      </li>
    ) : (
      <li key={item.gallery.uuid} className="gallery-card" data-loaded-index={index}>
        <JsonGalleryCard gallery={item.gallery} templates={{ images: labels.imagesCount, videos: labels.videosCount }} bcp47={props.bcp47} placeholder={props.placeholder} />
      </li>
    ),
  );

  return (
    <>
      {grid && items.length > 0 ? createPortal(cards, grid) : null}
      <nav className="pagination" aria-label={labels.pageOf}>
        {props.previousPageHref ? (
          <a className="button button-secondary" href={props.previousPageHref} rel="prev">
            {labels.previous}
          </a>
        ) : null}
        {hasMore ? (
          <a
            className="button load-more"
            href={pageHref(props.pageHrefTemplate, page + 1)}
            rel="next"
            data-load-more={props.kind}
            aria-busy={status === 'loading' ? true : undefined}
            aria-describedby={status === 'error' ? `${props.gridId}-load-error` : undefined}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              void load();
            }}
          >
            {status === 'loading' ? labels.loading : status === 'error' ? labels.retry : labels.loadMore}
          </a>
        ) : null}
      </nav>
      {status === 'error' ? (
        <p className="notice notice-error load-more-error" id={`${props.gridId}-load-error`} role="alert">
          {labels.failed}
        </p>
      ) : null}
    </>
  );
}
