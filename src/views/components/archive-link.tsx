/** "Download all (ZIP · 12.4 MB)": the originals of a gallery or a story in one archive. */
import { formatSize } from '#src/i18n/translate';
import { useTranslator } from '../contexts';

export function ArchiveLink({ href, bytes, className }: { href: string; bytes: number; className: string }) {
  const { t, locale } = useTranslator();
  return (
    <p className={`download-all ${className}`}>
      <a className="button" href={href} download rel="nofollow">
        {t('media.download_all')} <span className="archive-size">{`(${t('media.archive_size', { size: formatSize(locale, bytes) })})`}</span>
      </a>
    </p>
  );
}
