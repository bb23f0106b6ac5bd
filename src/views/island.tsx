/**
 * The server placeholder of an island: the island's own markup, rendered here with the props the
 * browser will hydrate it with, inside an element that names the island and carries those props
 * as JSON in an attribute (data, never code: pages hold no inline script). Only what the island
 * component declares travels, and the caller builds it from an allowlist.
 */
import type { ReactNode } from 'react';

export type IslandName = 'search-box' | 'load-more';

export function Island<P extends object>(props: { name: IslandName; props: P; children: ReactNode }) {
  return (
    <div className={`island island-${props.name}`} data-island={props.name} data-island-props={JSON.stringify(props.props)}>
      {props.children}
    </div>
  );
}
