/**
 * "Photo: Anna de Vries · CC BY 4.0" under an image, the licence linked to its deed when it has a
 * known one. A story body's images get the same line from the import (src/content/markdown.ts).
 */
import type { ImageRights } from '#src/domain/image-rights';
import { useTranslator } from '../contexts';

export function ImageCredit({ rights }: { rights: ImageRights }) {
  const { t } = useTranslator();
  if (!rights.credit && !rights.licence) return null;
  const licence = rights.licence ? (
    rights.licenceUrl ? (
      <a href={rights.licenceUrl} rel="license">
        {rights.licence}
      </a>
    ) : (
      rights.licence
    )
  ) : null;
  // One text node before the licence, so the line reads the same as a story body's.
  const credit = rights.credit ? `${t('media.credit', { credit: rights.credit })}${licence ? ' · ' : ''}` : null;
  return (
    <span className="image-credit">
      {credit}
      {licence}
    </span>
  );
}
