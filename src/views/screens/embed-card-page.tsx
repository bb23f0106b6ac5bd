/**
 * The embed card: a whole small document that another site frames (oEmbed `rich`, src/routes/
 * embed.tsx). Cover, newsroom, title, date, summary, and one link that opens the page in a new
 * tab (the consumer's sandbox allows popups that escape it, nothing else). No script at all: the
 * sandbox would not run it, and a reader of someone else's page is not ours to track. The card
 * fits whatever box the consumer gives it (public/styles/embed.css): narrow boxes drop the cover,
 * short ones the summary.
 */
import { isoDate } from '#src/i18n/translate';
import { textDirection, toBcp47 } from '#src/i18n/locales';
import { createTranslator } from '#src/i18n/translate';
import { ResponsiveImage } from '../components/image';
import type { EmbedCardModel } from '#src/pages/embed';

export function EmbedCardPage({ model }: { model: EmbedCardModel }) {
  const { t, date } = createTranslator(model.locale, model.timeZone);
  const counts = model.counts
    ? [t('media.images_count', { count: model.counts.images }), ...(model.counts.videos > 0 ? [t('media.videos_count', { count: model.counts.videos })] : [])].join(' · ')
    : null;
  return (
    <html lang={toBcp47(model.locale)} dir={textDirection(model.locale)}>
      {/* Its start (charset, viewport, stylesheets) is the shell's (src/views/render.tsx). */}
      <head>
        {/* The page it shows is the one to index, not this frame of it. */}
        <meta name="robots" content="noindex" />
        <title>{model.title}</title>
      </head>
      <body>
        <article className={model.cover ? 'embed-card' : 'embed-card embed-card-without-cover'}>
          {model.cover ? <ResponsiveImage image={model.cover} mediaRoot={model.mediaRoot} width={480} sizes="240px" alt="" className="embed-card-cover" eager /> : null}
          <div className="embed-card-body">
            <p className="embed-card-newsroom">{model.newsroomName}</p>
            <h1 className="embed-card-title">
              {/* The whole card is this link (public/styles/embed.css stretches it). */}
              <a href={model.href} target="_blank" rel="noopener">
                {model.title}
                <span className="visually-hidden"> ({t('embed.new_tab')})</span>
              </a>
            </h1>
            <p className="embed-card-meta">
              <time dateTime={isoDate(model.published)}>{date(model.published)}</time>
              {counts ? <span> · {counts}</span> : null}
            </p>
            {model.summary ? <p className="embed-card-summary">{model.summary}</p> : null}
            <p className="embed-card-action" aria-hidden="true">
              {t(model.kind === 'story' ? 'embed.read_story' : 'embed.view_gallery')}
            </p>
          </div>
        </article>
      </body>
    </html>
  );
}
