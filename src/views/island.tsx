/**
 * Islands: components of src/ui/ that the server renders and the browser hydrates (client/islands/
 * mounts them). An island's server placeholder is the island's own markup, rendered here with the
 * props the browser will hydrate it with, inside an element that names the island and carries
 * those props as JSON in an attribute (data, never code: pages hold no inline script). Only what
 * the island component declares travels, and the caller builds it from an allowlist.
 */
import type { ReactNode } from 'react';
import { LoadMore, type LoadMoreProps } from '#src/ui/load-more';
import { SearchBox, type SearchBoxProps } from '#src/ui/search-box';

export type { LoadMoreProps, SearchBoxProps };

export type IslandName = 'search-box' | 'load-more';

function Island<P extends object>(props: { name: IslandName; props: P; children: ReactNode }) {
  return (
    <div className={`island island-${props.name}`} data-island={props.name} data-island-props={JSON.stringify(props.props)}>
      {props.children}
    </div>
  );
}

/** The search form, woken into quick results by src/client/islands/loader.ts. */
export function SearchBoxIsland(props: SearchBoxProps) {
  return (
    <Island name="search-box" props={props}>
      <SearchBox {...props} />
    </Island>
  );
}

/** "Load more", a link to the next page until src/client/islands/loader.ts wakes it. */
export function LoadMoreIsland(props: LoadMoreProps) {
  return (
    <Island name="load-more" props={props}>
      <LoadMore {...props} />
    </Island>
  );
}
