/** Hydrates a server-rendered search box (loaded on demand, with React). */
import { hydrateRoot } from 'react-dom/client';
import { SearchBox, type SearchBoxProps } from '#src/ui/search-box';

export function mountSearchBox(root: HTMLElement, props: SearchBoxProps): void {
  const focused = root.ownerDocument.activeElement;
  hydrateRoot(root, <SearchBox {...props} />, { onRecoverableError: (error) => console.error('Search box hydration', error) });
  if (focused instanceof HTMLElement && root.contains(focused)) focused.focus();
}
