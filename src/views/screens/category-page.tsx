/** A category: its translated name and description, then its stories with load more. */
import type { CategoryPageModel } from '#src/pages/category';
import { StoryListPage } from './story-list-page';

export function CategoryPage({ model }: { model: CategoryPageModel }) {
  return <StoryListPage {...model} kind="category" title={model.name} loadMore={{ category: model.slug }} />;
}
