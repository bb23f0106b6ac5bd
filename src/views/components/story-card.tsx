/** A story in a list: its cover (or the newsroom's logo on its accent), drawn by the shared StoryCardView. */
import { isoDate } from '#src/i18n/translate';
import { useTranslator } from '../contexts';
import type { StoryCardModel } from '#src/pages/model';
import { CARD_IMAGE_SIZES, StoryCardView } from '#src/ui/cards';
import { CoverPlaceholder } from './cover-placeholder';
import { ResponsiveImage } from './image';

export function StoryCard(props: { card: StoryCardModel; mediaRoot: string; variant?: 'highlighted' | 'grid'; headingLevel?: 2 | 3 }) {
  const { date } = useTranslator();
  const { story, href, categories } = props.card;
  const highlighted = props.variant === 'highlighted';
  return (
    <StoryCardView
      href={href}
      locale={story.locale}
      title={story.title}
      subtitle={story.subtitle}
      published={{ iso: isoDate(story.published_at), label: date(story.published_at) }}
      categories={categories}
      highlighted={highlighted}
      headingLevel={props.headingLevel}
      cover={
        story.cover ? (
          <ResponsiveImage
            image={story.cover}
            mediaRoot={props.mediaRoot}
            width={highlighted ? 1200 : 400}
            sizes={highlighted ? '(max-width: 1240px) 100vw, 1200px' : CARD_IMAGE_SIZES}
            alt=""
            eager={highlighted}
          />
        ) : (
          <CoverPlaceholder mediaRoot={props.mediaRoot} large={highlighted} />
        )
      }
    />
  );
}
