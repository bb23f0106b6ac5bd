/** A tag: "Stories tagged “{tag}”", then its stories with load more, laid out as a category. */
import type { TagPageModel } from '#src/pages/tag';
import { StoryListPage } from './story-list-page';

export function TagPage({ model }: { model: TagPageModel }) {
  return <StoryListPage {...model} kind="tag" description="" loadMore={{ tag: model.tag }} />;
}
