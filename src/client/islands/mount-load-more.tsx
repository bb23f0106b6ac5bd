/** Hydrates a server-rendered load-more control (loaded on demand, with React). */
import { hydrateRoot } from 'react-dom/client';
import { LoadMore, type LoadMoreProps } from '#src/ui/load-more';

export function mountLoadMore(root: HTMLElement, props: LoadMoreProps): void {
  hydrateRoot(root, <LoadMore {...props} />, { onRecoverableError: (error) => console.error('Load more hydration', error) });
}
