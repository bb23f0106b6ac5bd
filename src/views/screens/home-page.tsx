/** Homepage: "Latest stories" with the highlighted story, "All stories" with load more, contacts, boilerplate. */
import { useTranslator } from '../contexts';
import { Contacts } from '../components/contacts';
import { InquiryForm } from '../components/inquiry-form';
import { Boilerplate } from '../components/boilerplate';
import { NewsroomPage } from '../components/newsroom-page';
import { StoryCard } from '../components/story-card';
import { StoryList } from '../components/story-list';
import { CoverPlaceholder } from '../components/cover-placeholder';
import { ResponsiveImage } from '../components/image';
import { CARD_IMAGE_SIZES } from '#src/ui/cards';
import type { HomePageModel } from '#src/pages/home';

export function HomePage({ model }: { model: HomePageModel }) {
  const { layout } = model;
  return (
    <NewsroomPage layout={layout}>
      <HomeContent model={model} />
    </NewsroomPage>
  );
}

function HomeContent({ model }: { model: HomePageModel }) {
  const { t } = useTranslator();
  const { layout } = model;
  const name = layout.company?.name ?? layout.newsroom.display_name;
  return (
    <>
      <h1 className="visually-hidden">{name}</h1>
      {model.highlighted ? (
        <section className="container latest-stories" aria-labelledby="latest-stories-title">
          <h2 id="latest-stories-title" className="section-title">
            {t('homepage.latest_stories')}
          </h2>
          <StoryCard card={model.highlighted} mediaRoot={layout.mediaRoot} variant="highlighted" headingLevel={3} />
        </section>
      ) : null}
      {model.featuredCategories.length > 0 ? <FeaturedCategories categories={model.featuredCategories} layout={layout} /> : null}
      <section className="container all-stories" aria-labelledby="all-stories-title">
        <h2 id="all-stories-title" className="section-title">
          {t('homepage.all_stories')}
        </h2>
        {model.stories.length === 0 && !model.highlighted ? <p>{t('homepage.no_stories')}</p> : null}
        <StoryList
          stories={model.stories}
          mediaRoot={layout.mediaRoot}
          page={model.page}
          pages={model.pages}
          nextPageHref={model.nextPageHref}
          previousPageHref={model.previousPageHref}
          loadMore={{ withHighlightedStory: model.withHighlightedStory }}
        />
      </section>
      <Contacts contacts={model.contacts} mediaRoot={layout.mediaRoot} />
      {model.inquiry ? <InquiryForm form={model.inquiry} /> : null}
      <Boilerplate company={layout.company} />
    </>
  );
}

/** Featured categories as tiles: image (or the brand), name, description and story count. */
function FeaturedCategories({ categories, layout }: { categories: HomePageModel['featuredCategories']; layout: HomePageModel['layout'] }) {
  const { t } = useTranslator();
  return (
    <section className="container featured-categories" aria-labelledby="featured-categories-title">
      <h2 id="featured-categories-title" className="section-title">
        {t('homepage.featured_categories')}
      </h2>
      <ul className="category-tiles">
        {categories.map((category) => (
          <li key={category.href} className="category-tile">
            <a href={category.href}>
              {category.image ? (
                <ResponsiveImage image={category.image} mediaRoot={layout.mediaRoot} width={400} sizes={CARD_IMAGE_SIZES} alt="" />
              ) : (
                <CoverPlaceholder mediaRoot={layout.mediaRoot} />
              )}
              <span className="category-tile-name">{category.name}</span>
            </a>
            {category.description ? <p className="category-tile-description">{category.description}</p> : null}
            <p className="category-tile-count">{t('category.stories_count', { count: category.storiesCount })}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
