/**
 * Under a story or a gallery: the share bar (plain links to each network's share page, and "Copy
 * link") and, on stories, "Print or save as PDF". The two buttons need the page's script
 * (src/client/page-tools.ts), so they are served `hidden` and shown by it.
 */
import { SHARE_NETWORK_NAMES, shareLinks } from '#src/domain/share-links';
import { useTranslator } from '../contexts';
import type { ShareBarTarget } from '#src/pages/model';


export function PageTools({ shareBar, printable }: { shareBar: ShareBarTarget | null; printable: boolean }) {
  const { t } = useTranslator();
  if (!shareBar && !printable) return null;
  return (
    <div className="page-tools">
      {shareBar ? (
        <div className="share-bar" role="group" aria-labelledby="share-title">
          <p className="share-title" id="share-title">
            {t('share.title')}
          </p>
          <ul className="share-links">
            {shareLinks(shareBar.url, shareBar.title).map(({ network, href }) => {
              // The group is labelled "Share": each link's own text (the network) is its name.
              const name = network === 'email' ? t('share.email') : SHARE_NETWORK_NAMES[network];
              return (
                <li key={network}>
                  <a className={`share-link share-${network}`} href={href} data-share-network={network} {...(network === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
                    {name}
                  </a>
                </li>
              );
            })}
            <li>
              <button type="button" className="link-button share-copy" data-copy-link={shareBar.url} data-copied-label={t('share.copied')} hidden>
                {t('share.copy_link')}
              </button>
              <span className="share-copy-status" role="status" />
            </li>
          </ul>
        </div>
      ) : null}
      {printable ? (
        <p className="print-action">
          <button type="button" className="link-button print-button" data-print hidden>
            {t('share.print')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
