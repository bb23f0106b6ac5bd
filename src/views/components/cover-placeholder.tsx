/**
 * The box of a card without a cover (stories, galleries): the cover's 3:2 box in the theme's
 * accent, with the newsroom's logo centred on it, or its name when it has no logo. Decorative:
 * the card's title is its link text, so the logo's alt is empty (and the box sits in an
 * aria-hidden link on story cards). The load-more island draws the same box (src/ui/cards.tsx) in the
 * browser from `coverPlaceholderJson`.
 */
import type { Newsroom } from '#src/domain/newsroom';
import { useNewsroomContext } from '../contexts';
import { imageAttributes } from '#src/domain/media/payload-addresses';
import { PlaceholderBox, type CardPlaceholder } from '#src/ui/cards';
import { ResponsiveImage } from './image';

/** The logo's layout width: at most 64 % of a grid card (up to 400 px), or of the highlighted story's. */
const LOGO_WIDTH = { card: 240, large: 480 } as const;

export function CoverPlaceholder(props: { mediaRoot: string; large?: boolean }) {
  const { newsroom } = useNewsroomContext();
  const width = props.large ? LOGO_WIDTH.large : LOGO_WIDTH.card;
  const logo = newsroom.newsroom_logo ? (
    <ResponsiveImage image={newsroom.newsroom_logo} mediaRoot={props.mediaRoot} width={width} sizes={`${width}px`} alt="" className="story-card-logo" eager={props.large} />
  ) : null;
  return <PlaceholderBox logo={logo} name={newsroom.display_name} />;
}

/** What the load-more island needs to draw the same box: the logo's attributes, or the name. */
export function coverPlaceholderJson(newsroom: Pick<Newsroom, 'newsroom_logo' | 'display_name'>, mediaRoot: string): CardPlaceholder {
  if (!newsroom.newsroom_logo) return { logo: null, name: newsroom.display_name };
  const a = imageAttributes(newsroom.newsroom_logo, mediaRoot, LOGO_WIDTH.card, `${LOGO_WIDTH.card}px`);
  return { logo: { src: a.src, srcSet: a.srcSet, width: a.width, height: a.height }, name: newsroom.display_name };
}
