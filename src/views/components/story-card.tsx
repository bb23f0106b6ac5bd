/** A story in a list: cover (or the newsroom's logo on its accent), categories, title, date, subtitle. */
import { CARD_IMAGE_SIZES } from '#src/client/islands/cards';
import { isoDate } from '#src/i18n/translate';
import { useTranslator } from '../contexts';
import type { StoryCardModel } from '../page-model';
import { CoverPlaceholder } from './cover-placeholder';
import { ResponsiveImage } from './image';

export function StoryCard(props: { card: StoryCardModel; mediaRoot: string; variant?: 'highlighted' | 'grid'; headingLevel?: 2 | 3 }) {
  const { date } = useTranslator();
  const { story, href, categories } = props.card;
  const highlighted = props.variant === 'highlighted';
  const Heading = props.headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={highlighted ? 'story-card story-card-highlighted' : 'story-card'} lang={story.locale}>
      <a className="story-card-media" href={href} tabIndex={-1} aria-hidden="true">
        {story.cover ? (
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
        )}
      </a>
      <div className="story-card-body">
        {categories.length > 0 ? (
          <ul className="story-card-categories">
            {categories.map((category) => (
              <li key={category.href}>
                <a href={category.href}>{category.name}</a>
              </li>
            ))}
          </ul>
        ) : null}
        <Heading className="story-card-title">
          <a href={href}>{story.title}</a>
        </Heading>
        <time className="story-card-date" dateTime={isoDate(story.published_at)}>
          {date(story.published_at)}
        </time>
        {story.subtitle ? <p className="story-card-subtitle">{story.subtitle}</p> : null}
      </div>
    </article>
  );
}
