/** The media gallery index and a single gallery with its images (each downloadable) and videos. */
import { InquiryForm } from '../components/inquiry-form';
import { downloadUrl, UploadedImage } from '#src/domain/media/index';
import type { GallerySummary } from '#src/domain/gallery';
import { GALLERY_PAGE_SIZE } from '#src/domain/paging';
import { toBcp47 } from '#src/i18n/locales';
import { useTranslator } from '../contexts';
import { CARD_IMAGE_SIZES, GalleryCardView, mediaCounts } from '#src/ui/cards';
import { CoverPlaceholder } from '../components/cover-placeholder';
import { ResponsiveImage } from '../components/image';
import { Pagination } from '../components/pagination';
import { Boilerplate } from '../components/boilerplate';
import { NewsroomPage } from '../components/newsroom-page';
import type { GalleryIndexModel, GalleryNoticeModel, GalleryPageModel } from '#src/pages/galleries';
import type { LayoutModel } from '#src/pages/model';
import type { ReactNode } from 'react';
import { ArchiveLink } from '../components/archive-link';
import { VideoPlayer } from '../components/video-player';
import { PageTools } from '../components/page-tools';
import { SecretLinkNotice } from '#src/views/components/secret-link-notice';
import { ImageCredit } from '../components/image-credit';
import { imageRightsOf } from '#src/domain/image-rights';
import { formatNumber, formatSize } from '#src/i18n/translate';

function Page({ layout, children }: { layout: LayoutModel; children: ReactNode }) {
  return (
    <NewsroomPage layout={layout}>
      {children}
      <Boilerplate company={layout.company} />
    </NewsroomPage>
  );
}

/** "12 images, 2 videos" in the reader's language, as the load-more island's cards say it. */
function useMediaCounts(gallery: GallerySummary): string {
  const { t, locale } = useTranslator();
  return mediaCounts(gallery, (kind, count) => t(kind === 'images' ? 'media.images_count' : 'media.videos_count', { count }), toBcp47(locale));
}

function MediaCounts({ gallery }: { gallery: GallerySummary }) {
  return <p className="gallery-card-counts">{useMediaCounts(gallery)}</p>;
}

/** A gallery in the index, drawn by the shared GalleryCardView (as the load-more island does). */
function GalleryCard({ gallery, href, mediaRoot }: { gallery: GallerySummary; href: string; mediaRoot: string }) {
  const counts = useMediaCounts(gallery);
  const cover = gallery.thumbnail_image ? <ResponsiveImage image={gallery.thumbnail_image} mediaRoot={mediaRoot} width={400} sizes={CARD_IMAGE_SIZES} alt="" /> : <CoverPlaceholder mediaRoot={mediaRoot} />;
  return <GalleryCardView href={href} title={gallery.title} counts={counts} cover={cover} />;
}

export function GalleryIndexPage({ model }: { model: GalleryIndexModel }) {
  return (
    <Page layout={model.layout}>
      <GalleryIndex model={model} />
    </Page>
  );
}

function GalleryIndex({ model }: { model: GalleryIndexModel }) {
  const { t } = useTranslator();
  const { layout } = model;
  return (
    <section className="container galleries" aria-labelledby="galleries-title">
      <h1 id="galleries-title">{model.title}</h1>
      {model.galleries.length === 0 ? <p>{t('media.no_galleries')}</p> : null}
      <ul className="gallery-grid" id="gallery-grid">
        {model.galleries.map(({ gallery, href }) => (
          <li key={gallery.uuid} className="gallery-card">
            <GalleryCard gallery={gallery} href={href} mediaRoot={layout.mediaRoot} />
          </li>
        ))}
      </ul>
      <Pagination page={model.page} pages={model.pages} nextPageHref={model.nextPageHref} previousPageHref={model.previousPageHref} mediaRoot={layout.mediaRoot}
        source={{ kind: 'galleries', gridId: 'gallery-grid', pageSize: GALLERY_PAGE_SIZE }}
      />
    </section>
  );
}

export function GalleryPage({ model }: { model: GalleryPageModel }) {
  return (
    <Page layout={model.layout}>
      {model.notice ? <GalleryEmbargoNotice notice={model.notice} /> : null}
      <GalleryContent model={model} />
      {model.inquiry ? <InquiryForm form={model.inquiry} /> : null}
    </Page>
  );
}

/** The banner of an unreleased gallery's secret-link page: the story notice's embargo title, with its release time. */
function GalleryEmbargoNotice({ notice }: { notice: GalleryNoticeModel }) {
  const { t } = useTranslator();
  return <SecretLinkNotice kind="embargo" label={t('shared.gallery_notice_label')} title={t('shared.embargo_title', { date: notice.date, time: notice.time, zone: notice.zone })} body={t('shared.gallery_embargo_body')} />;
}

function GalleryContent({ model }: { model: GalleryPageModel }) {
  const { t, locale } = useTranslator();
  const { gallery, layout } = model;
  return (
    <section className="container gallery" aria-labelledby="gallery-title">
      <p className="gallery-back">
        <a href={model.indexHref}>{t('media.back')}</a>
      </p>
      <h1 id="gallery-title">{gallery.title}</h1>
      {gallery.description ? <p className="gallery-description">{gallery.description}</p> : null}
      <MediaCounts gallery={gallery} />
      {model.archive ? <ArchiveLink href={model.archive.href} bytes={model.archive.bytes} className="gallery-download-all" /> : null}
      <ul className="gallery-images">
        {gallery.images.map((image) => {
          const model = UploadedImage.fromJSON(image, { cdn: layout.mediaRoot });
          const caption = model.caption ?? '';
          return (
            <li key={image.uuid}>
              <figure id={`gallery-image-${image.uuid}`} className="gallery-image">
                <a href={model.cdnUrl} data-lightbox="gallery-image">
                  <ResponsiveImage image={image} mediaRoot={layout.mediaRoot} width={600} sizes="(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 600px" alt={caption} />
                </a>
                <figcaption>
                  {caption ? <span className="gallery-image-caption">{caption}</span> : null}
                  <ImageCredit rights={imageRightsOf(image)} />
                  <span className="gallery-image-meta">
                    {t('media.image_meta', { width: formatNumber(locale, image.original_width), height: formatNumber(locale, image.original_height), size: formatSize(locale, image.size) })}
                  </span>
                  <a className="gallery-image-download" href={downloadUrl(image, [], layout.mediaRoot)} download aria-label={t('media.download_image', { name: image.filename })}>
                    {t('media.download')}
                  </a>
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
      {gallery.videos.length > 0 ? (
        <ul className="gallery-videos">
          {gallery.videos.map((video, index) => (
            <li key={video.url} id={`video-${index + 1}`} className="gallery-video">
              <VideoPlayer video={video} mediaRoot={layout.mediaRoot} id={`video-${index + 1}`} />
            </li>
          ))}
        </ul>
      ) : null}
      <PageTools shareBar={model.shareBar} printable={false} />
    </section>
  );
}
